import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ENTRY_CATEGORY_IDS, type EntryCategory } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { localizePath } from '../../../app/shell/lang.js';
import { AppLink } from '../../../app/shell/ui/AppLink.js';
import { PageLoading } from '../../../app/shell/layout/PageLoading.js';
import type { ViewProps } from '../viewProps.js';
import { EntrySelect } from '../controls/EntrySelect.js';
import { FormControl } from '../controls/FormControl.js';
import { useGetEntryQuery, useSaveEntryMutation } from '../entriesApi.js';
import { entryLabel, materialParts, materialValues, templateFields } from '../templates/model.js';
import { dataOf, FieldError, invalidProps, useDocumentTitle, useToast } from '../../ui/forms.js';
import { fieldErrors, problemText, reasonOf, type Problem } from '../../../app/shell/ui/problems.js';
import { problemsMessage, validationProblems } from '../../ui/validation.js';

/**
 * /admin/materials/create (and ?id=… to edit, ?template=… to start from one): a material is a template filled in,
 * in one of the seed's categories, optionally feeding a site address (url) in one or both languages. Public pages
 * read its `title`, `description`, `body` and `order` properties (features/ui/content/materials.ts).
 */
export default function MaterialFormView(_props: ViewProps) {
  const { t } = useT('admin');
  const lang = useLang();
  const toast = useToast();
  const navigate = useNavigate();
  const ids = useId();
  const [params] = useSearchParams();
  const id = params.get('id');
  const material = useGetEntryQuery({ _id: id ?? '', entry_type: 'MATERIAL' }, { skip: !id });
  const [templateId, setTemplateId] = useState(params.get('template') ?? '');
  const template = useGetEntryQuery({ _id: templateId, entry_type: 'TEMPLATE' }, { skip: !templateId });
  const [category, setCategory] = useState<EntryCategory | ''>('');
  const [url, setUrl] = useState('');
  const [locale, setLocale] = useState<'' | 'en' | 'ru'>('');
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [save, saving] = useSaveEntryMutation();
  // Each setting's problem under it; problems of the filled-in values under the values.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [valueProblems, setValueProblems] = useState<Problem[]>([]);
  const showProblems = (problems: readonly Problem[]) => {
    const ofValues = (p: Problem) => p.field === 'template' || p.field.startsWith('template[');
    setErrors(fieldErrors(problems.filter((p) => !ofValues(p)), t));
    setValueProblems(problems.filter(ofValues));
  };
  useDocumentTitle(id ? t('materials.editTitle') : t('materials.createTitle'));

  // Editing: the material's own settings and values.
  useEffect(() => {
    const m = material.data;
    if (!m || loadedFor === m._id) return;
    setLoadedFor(m._id);
    setTemplateId(m.template_id ?? '');
    setCategory(m.category ?? '');
    setUrl(m.url ?? '');
    setLocale(m.locale === 'en' || m.locale === 'ru' ? m.locale : '');
    setValues(materialValues(m.template));
  }, [material.data, loadedFor]);

  const fields = useMemo(() => (template.data ? templateFields(template.data.template) : []), [template.data]);
  // A new material starts from the template's default values.
  useEffect(() => {
    if (id || !template.data) return;
    setValues(Object.fromEntries(templateFields(template.data.template).map((f) => [f.property_i18n, f.defaultValue])));
  }, [id, template.data]);

  if (id && material.isLoading) return <PageLoading />;
  if (id && material.isError) return <p className="note note-warning" role="alert">{t('materials.notFound')}</p>;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!template.data) {
      setErrors({ template_id: t('materials.chooseTemplateFirst') });
      toast(t('materials.chooseTemplateFirst'), 'error');
      return;
    }
    if (!category) {
      setErrors({ category: t('materials.chooseCategory') });
      toast(t('materials.chooseCategory'), 'error');
      return;
    }
    const body = {
      ...(id ? { _id: id } : {}),
      entry_type: 'MATERIAL' as const,
      template_id: template.data._id,
      category,
      ...(url.trim() ? { url: url.trim() } : {}),
      ...(locale ? { locale } : {}),
      template: materialParts(template.data._id, entryLabel(template.data), fields, values),
    };
    const schema = id ? 'EntryUpdate' : 'EntryCreate';
    const problems = validationProblems(schema, body);
    showProblems(problems);
    const problem = problemsMessage(problems, t);
    if (problem) {
      toast(problem, 'error');
      return;
    }
    const r = await save(body);
    if (!dataOf(r)) {
      if (r.error) showProblems(reasonOf(r.error).problems ?? []);
      if ((r.error as { status?: number } | undefined)?.status !== 400) toast(t('materials.saveFailed'), 'error');
      return;
    }
    toast(t('materials.saved'), 'success');
    navigate(localizePath('/admin/materials/list', lang));
  };

  return (
    <section>
      <div className="admin-head">
        <h1>{id ? t('materials.editTitle') : t('materials.createTitle')}</h1>
        <AppLink to="/admin/materials/list">{t('materials.backToList')}</AppLink>
      </div>
      <form onSubmit={submit} noValidate data-testid="material-form">
        <div className="card form-grid">
          <div className="field">
            <label htmlFor={`${ids}-template`}>{t('materials.template')}</label>
            <EntrySelect id={`${ids}-template`} entryType="TEMPLATE" value={templateId} onChange={setTemplateId} {...(errors.template_id ? { describedBy: `${ids}-template_id-error` } : {})} />
            <FieldError ids={ids} name="template_id" error={errors.template_id} />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-category`}>{t('materials.category')}</label>
            <select id={`${ids}-category`} value={category} onChange={(e) => setCategory(e.target.value as EntryCategory | '')} data-testid="material-category" {...invalidProps(ids, 'category', errors.category)}>
              <option value="">{t('materials.chooseCategoryOption')}</option>
              {ENTRY_CATEGORY_IDS.map((c) => (
                <option key={c} value={c}>
                  {t(`categories.${c}`)}
                </option>
              ))}
            </select>
            <FieldError ids={ids} name="category" error={errors.category} />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-url`}>{t('materials.url')}</label>
            <input id={`${ids}-url`} value={url} onChange={(e) => setUrl(e.target.value)} placeholder="/how-to-use" data-testid="material-url" {...invalidProps(ids, 'url', errors.url, `${ids}-url-hint`)} />
            <FieldError ids={ids} name="url" error={errors.url} />
            <p id={`${ids}-url-hint`} className="muted field-hint">
              {t('materials.urlHint')}
            </p>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-locale`}>{t('materials.locale')}</label>
            <select id={`${ids}-locale`} value={locale} onChange={(e) => setLocale(e.target.value as '' | 'en' | 'ru')}>
              <option value="">{t('materials.bothLanguages')}</option>
              <option value="en">English</option>
              <option value="ru">Русский</option>
            </select>
          </div>
        </div>
        {templateId && template.isLoading && <PageLoading />}
        {template.data && (
          <div className="card material-fields" data-testid="material-fields">
            <h2>{t('materials.fields', { name: entryLabel(template.data) })}</h2>
            {fields.length === 0 && <p className="muted">{t('materials.noFields')}</p>}
            {valueProblems.length > 0 && (
              <ul className="field-error" data-testid="error-values">
                {valueProblems.map((p) => (
                  <li key={p.field}>{problemText(p, t)}</li>
                ))}
              </ul>
            )}
            {fields.map((f) => (
              <FormControl
                key={f.property_i18n}
                testId={`field-${f.property_i18n}`}
                label={t(`materials.knownFields.${f.property_i18n}`, { defaultValue: f.property_i18n })}
                kind={f.formEntityType}
                dataType={f.dataType}
                options={f.property_option_items ?? []}
                value={values[f.property_i18n]}
                onChange={(v) => setValues((vs) => ({ ...vs, [f.property_i18n]: v }))}
                {...(id ? { excludeEntry: id } : {})}
              />
            ))}
          </div>
        )}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={saving.isLoading} data-testid="save-material">
            {saving.isLoading ? t('actions.saving') : t('materials.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
