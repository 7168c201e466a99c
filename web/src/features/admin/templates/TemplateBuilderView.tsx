import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DATA_TYPES, DEFAULT_ELEMENT_NAME, DEFAULT_ELEMENT_VALUE, FORM_CONTROL_KINDS, type DataType, type FormControlKind } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { localizePath } from '../../../app/shell/lang.js';
import { AppLink } from '../../../app/shell/ui/AppLink.js';
import { PageLoading } from '../../../app/shell/layout/PageLoading.js';
import type { ViewProps } from '../viewProps.js';
import { FormControl } from '../controls/FormControl.js';
import { useGetEntryQuery, useSaveEntryMutation } from '../entriesApi.js';
import { dataOf, FieldError, invalidProps, useDocumentTitle, useToast } from '../../ui/forms.js';
import { problemsByPath, problemText, problemTextAs, reasonOf, type Problem } from '../../../app/shell/ui/problems.js';
import { problemsMessage, validationProblems } from '../../ui/validation.js';
import { builderFromTemplate, changeElement, KINDS_WITH_OPTIONS, newBuilder, newElement, templateParts, type BuilderState, type Element, type OptionItem } from './model.js';

/** An element's problems in words, under its fields. */
interface ElementErrors {
  name?: string | undefined;
  defaultValue?: string | undefined;
  options?: string | undefined;
}

function OptionsEditor({ options, onChange, label, error }: { options: OptionItem[]; onChange: (o: OptionItem[]) => void; label: string; error?: string | undefined }) {
  const { t } = useT('admin');
  const ids = useId();
  return (
    <fieldset className="options-editor" data-testid="options-editor" {...invalidProps(ids, 'options', error)}>
      <legend>{label}</legend>
      <FieldError ids={ids} name="options" error={error} />
      {options.length === 0 && <p className="muted">{t('builder.noOptions')}</p>}
      {options.map((o, i) => (
        <div className="option-row" key={i}>
          <label htmlFor={`${ids}-label-${i}`} className="sr-only">
            {t('builder.optionLabel', { n: i + 1 })}
          </label>
          <input id={`${ids}-label-${i}`} placeholder={t('builder.optionLabelPlaceholder')} value={o.label} onChange={(e) => onChange(options.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)))} data-testid="option-label" />
          <label htmlFor={`${ids}-value-${i}`} className="sr-only">
            {t('builder.optionValue', { n: i + 1 })}
          </label>
          <input id={`${ids}-value-${i}`} placeholder={t('builder.optionValuePlaceholder')} value={String(o.value)} onChange={(e) => onChange(options.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))} data-testid="option-value" />
          <button type="button" className="btn btn-small btn-ghost" onClick={() => onChange(options.filter((_, j) => j !== i))} aria-label={t('builder.removeOption', { n: i + 1 })}>
            ×
          </button>
        </div>
      ))}
      <button type="button" className="btn btn-small btn-outline" onClick={() => onChange([...options, { label: '', value: '' }])} data-testid="add-option">
        {t('builder.addOption')}
      </button>
    </fieldset>
  );
}

function ElementEditor({ element, index, count, errors, onChange, onRemove, onMove }: { element: Element; index: number; count: number; errors: ElementErrors; onChange: (e: Element) => void; onRemove: () => void; onMove: (delta: number) => void }) {
  const { t } = useT('admin');
  const ids = useId();
  const hasOptions = KINDS_WITH_OPTIONS.includes(element.formEntityType);
  // The default value keeps the shape of its (new) kind and data type.
  const set = (patch: Partial<Element>) => onChange(changeElement(element, patch));
  return (
    <li className="card element" data-testid="element" data-kind={element.formEntityType} aria-labelledby={`${ids}-title`}>
      <div className="element-head">
        <h3 id={`${ids}-title`}>{t('builder.element', { n: index + 1 })}</h3>
        <div className="element-tools">
          <button type="button" className="btn btn-small btn-ghost" disabled={index === 0} onClick={() => onMove(-1)} aria-label={t('builder.moveUp', { n: index + 1 })}>
            ↑
          </button>
          <button type="button" className="btn btn-small btn-ghost" disabled={index === count - 1} onClick={() => onMove(1)} aria-label={t('builder.moveDown', { n: index + 1 })}>
            ↓
          </button>
          <button type="button" className="btn btn-small btn-outline btn-danger" onClick={onRemove} disabled={count === 1} data-testid="remove-element">
            {t('builder.removeElement')}
          </button>
        </div>
      </div>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${ids}-name`}>{t('builder.elementName')}</label>
          <input id={`${ids}-name`} value={element.name} onChange={(e) => set({ name: e.target.value })} data-testid="element-name" {...invalidProps(ids, 'name', errors.name, element.name === DEFAULT_ELEMENT_NAME ? `${ids}-name-sample` : undefined)} />
          <FieldError ids={ids} name="name" error={errors.name} />
          {/* The seed's sample texts are saved as they are if left: say so, without refusing them. */}
          {element.name === DEFAULT_ELEMENT_NAME && (
            <p className="muted field-hint" id={`${ids}-name-sample`} data-testid="sample-hint">
              {t('builder.sample')}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${ids}-type`}>{t('builder.dataType')}</label>
          <select id={`${ids}-type`} value={element.dataType} onChange={(e) => set({ dataType: e.target.value as DataType })} data-testid="element-data-type">
            {DATA_TYPES.map((d) => (
              <option key={d} value={d}>
                {t(`builder.dataTypes.${d}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-kind`}>{t('builder.formEntityType')}</label>
          <select id={`${ids}-kind`} value={element.formEntityType} onChange={(e) => set({ formEntityType: e.target.value as FormControlKind })} data-testid="element-kind">
            {FORM_CONTROL_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`builder.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {hasOptions && <OptionsEditor options={element.options} onChange={(options) => set({ options })} label={t('builder.options')} error={errors.options} />}
      <div className="element-default" data-testid="element-default">
        <FormControl
          label={t('builder.defaultValue')}
          kind={element.formEntityType}
          dataType={element.dataType}
          options={element.options}
          value={element.defaultValue}
          onChange={(v) => onChange({ ...element, defaultValue: v })}
          error={errors.defaultValue}
          hint={element.formEntityType === 'SELECT_OBJECT' ? t('builder.selectObjectHint') : element.defaultValue === DEFAULT_ELEMENT_VALUE ? t('builder.sample') : undefined}
        />
      </div>
    </li>
  );
}

/**
 * /admin/templates/create (and ?id=… to edit): the form-template builder. It shows the seed's default template
 * (§3): the template's name ('Awesome template') and a list of elements, each with a name ('Awesome element'),
 * a data type, a form entity type and a default value ('Awesome value') edited with the chosen control.
 */
export default function TemplateBuilderView(_props: ViewProps) {
  const { t } = useT('admin');
  const lang = useLang();
  const toast = useToast();
  const navigate = useNavigate();
  const ids = useId();
  const [params] = useSearchParams();
  const id = params.get('id');
  const existing = useGetEntryQuery({ _id: id ?? '', entry_type: 'TEMPLATE' }, { skip: !id });
  const [save, saving] = useSaveEntryMutation();
  const [state, setState] = useState<BuilderState>(newBuilder);
  const [loaded, setLoaded] = useState(!id);
  // Problems by path ("template[2].property_i18n"), from the browser's check or the server's answer: template[0] is
  // the template's name, template[i + 1] element i.
  const [problems, setProblems] = useState<Record<string, Problem>>({});
  useDocumentTitle(id ? t('builder.editTitle') : t('builder.createTitle'));

  useEffect(() => {
    if (existing.data && !loaded) {
      setState(builderFromTemplate(existing.data.template));
      setLoaded(true);
    }
  }, [existing.data, loaded]);

  if (id && !loaded) {
    if (existing.isError) return <p className="note note-warning" role="alert">{t('builder.notFound')}</p>;
    return <PageLoading />;
  }

  const setElement = (i: number, e: Element) => setState((s) => ({ ...s, elements: s.elements.map((x, j) => (j === i ? e : x)) }));
  const move = (i: number, delta: number) =>
    setState((s) => {
      const elements = [...s.elements];
      const [item] = elements.splice(i, 1);
      elements.splice(i + delta, 0, item!);
      return { ...s, elements };
    });

  const errorAt = (path: string, label: string) => (problems[path] ? problemTextAs(problems[path], label, t) : undefined);
  const elementErrors = (i: number): ElementErrors => {
    const at = `template[${i + 1}]`;
    const options = Object.entries(problems).find(([path]) => path.startsWith(`${at}.property_option_items`))?.[1];
    return { name: errorAt(`${at}.property_i18n`, t('builder.elementName')), defaultValue: errorAt(`${at}.defaultValue`, t('builder.defaultValue')), options: options && problemText(options, t) };
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const names = state.elements.map((el) => el.name.trim());
    const duplicates = names.flatMap((n, i) => (n && (names.indexOf(n) !== i || n === 'name') ? [i] : []));
    if (duplicates.length) {
      setProblems(problemsByPath(duplicates.map((i) => ({ field: `template[${i + 1}].property_i18n`, message: 'must be unique', rule: 'unique' }))));
      toast(t('builder.duplicate', { name: names[duplicates[0]!] }), 'error');
      return;
    }
    // A drop-down or radio group with nothing to choose from is refused (the server refuses it too).
    const optionless = state.elements.flatMap((el, i) => ((el.formEntityType === 'SELECT' || el.formEntityType === 'RADIO') && !el.options.length ? [i] : []));
    if (optionless.length) {
      const found = optionless.map((i) => ({ field: `template[${i + 1}].property_option_items`, message: 'must offer at least one option', rule: 'noOptions' }));
      setProblems(problemsByPath(found));
      toast(problemsMessage(found, t) ?? t('builder.saveFailed'), 'error');
      return;
    }
    const body = { ...(id ? { _id: id } : {}), entry_type: 'TEMPLATE' as const, template: templateParts(state) };
    const schema = id ? 'EntryUpdate' : 'EntryCreate';
    const found = validationProblems(schema, body);
    setProblems(problemsByPath(found));
    const problem = problemsMessage(found, t);
    if (problem) {
      toast(problem, 'error');
      return;
    }
    const r = await save(body);
    const saved = dataOf(r);
    if (!saved) {
      if ('error' in r) setProblems(problemsByPath(reasonOf(r.error).problems ?? []));
      if (!('error' in r) || (r.error as { status?: number }).status !== 400) toast(t('builder.saveFailed'), 'error');
      return;
    }
    toast(t('builder.saved', { name: state.name }), 'success');
    navigate(localizePath('/admin/templates/list', lang));
  };

  return (
    <section>
      <div className="admin-head">
        <h1>{id ? t('builder.editTitle') : t('builder.createTitle')}</h1>
        <AppLink to="/admin/templates/list">{t('builder.backToList')}</AppLink>
      </div>
      <p className="muted">{t('builder.intro')}</p>
      <form onSubmit={submit} noValidate data-testid="template-builder">
        <div className="card">
          <div className="field">
            <label htmlFor={`${ids}-name`}>{t('builder.name')}</label>
            <input id={`${ids}-name`} value={state.name} onChange={(e) => setState((s) => ({ ...s, name: e.target.value }))} data-testid="template-name" {...invalidProps(ids, 'template-name', errorAt('template[0].defaultValue', t('builder.name')))} />
            <FieldError ids={ids} name="template-name" error={errorAt('template[0].defaultValue', t('builder.name'))} />
          </div>
        </div>
        <h2>{t('builder.elements')}</h2>
        <ol className="element-list">
          {state.elements.map((el, i) => (
            <ElementEditor
              key={i}
              element={el}
              index={i}
              count={state.elements.length}
              errors={elementErrors(i)}
              onChange={(next) => setElement(i, next)}
              onRemove={() => setState((s) => ({ ...s, elements: s.elements.filter((_, j) => j !== i) }))}
              onMove={(delta) => move(i, delta)}
            />
          ))}
        </ol>
        <div className="form-actions sticky-actions">
          <button type="button" className="btn btn-outline" onClick={() => setState((s) => ({ ...s, elements: [...s.elements, newElement()] }))} data-testid="add-element">
            {t('builder.addElement')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving.isLoading} data-testid="save-template">
            {saving.isLoading ? t('actions.saving') : t('builder.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
