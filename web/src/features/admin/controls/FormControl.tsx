import { lazy, Suspense, useId, type ReactNode } from 'react';
import type { DataType, FormControlKind } from '@relaycast/contracts/constants';
import { useT } from '../../../app/shell/hooks.js';
import { EntrySelect } from './EntrySelect.js';
import { FileUpload } from './FileUpload.js';
import type { OptionItem } from '../templates/model.js';

const RichTextEditor = lazy(() => import('./RichTextEditor.js'));

export interface ControlProps {
  label: string;
  kind: FormControlKind;
  dataType: DataType;
  options: readonly OptionItem[];
  value: unknown;
  onChange: (value: unknown) => void;
  hint?: string;
  /** The field's problem, shown under it (from the browser's check or the server's answer). */
  error?: string | undefined;
  /** For SELECT_OBJECT: an entry not to offer (the material being edited). */
  excludeEntry?: string;
  testId?: string;
}

const str = (v: unknown) => (v === undefined || v === null ? '' : Array.isArray(v) ? v.join(', ') : String(v));
const optionValue = (items: readonly OptionItem[], raw: string) => items.find((o) => String(o.value) === raw)?.value ?? raw;

/**
 * One form control of a template property (seed §3): TEXT, FILE_UPLOAD, CHECKBOX, RADIO, SELECT, SELECT_OBJECT,
 * TEXTAREA or EDITOR, holding a value of its data type (STRING, NUMBER, BOOLEAN, ARRAY, TEMPLATE, MATERIAL).
 */
export function FormControl({ label, kind, dataType, options, value, onChange, hint, error, excludeEntry, testId }: ControlProps) {
  const { t } = useT('admin');
  const id = useId();
  // What the control's description points to: its hint and its problem.
  const hintId = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const hintEl = (
    <>
      {error && (
        <p id={`${id}-error`} className="field-error" data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="muted field-hint">
          {hint}
        </p>
      )}
    </>
  );
  const wrap = (control: ReactNode, asLabel = true) => (
    <div className="field control" data-kind={kind} data-testid={testId}>
      {asLabel ? <label htmlFor={id}>{label}</label> : <span className="label" id={`${id}-label`}>{label}</span>}
      {control}
      {hintEl}
    </div>
  );

  switch (kind) {
    case 'TEXTAREA':
      return wrap(<textarea id={id} rows={4} value={str(value)} onChange={(e) => onChange(e.target.value)} aria-describedby={hintId} />);
    case 'EDITOR':
      return wrap(
        <Suspense fallback={<p className="muted">{t('editor.loading')}</p>}>
          <RichTextEditor id={id} value={str(value)} onChange={onChange} labelledBy={`${id}-label`} />
        </Suspense>,
        false,
      );
    case 'FILE_UPLOAD':
      return wrap(<FileUpload id={id} value={str(value)} onChange={onChange} {...(hintId ? { describedBy: hintId } : {})} />);
    case 'SELECT':
      return wrap(
        <select id={id} value={str(value)} onChange={(e) => onChange(optionValue(options, e.target.value))} aria-describedby={hintId}>
          <option value="">{t('controls.none')}</option>
          {options.map((o) => (
            <option key={String(o.value)} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>,
      );
    case 'SELECT_OBJECT':
      return wrap(
        <EntrySelect id={id} entryType={dataType === 'TEMPLATE' ? 'TEMPLATE' : 'MATERIAL'} value={str(value)} onChange={onChange} {...(excludeEntry ? { exclude: excludeEntry } : {})} {...(hintId ? { describedBy: hintId } : {})} />,
      );
    case 'RADIO':
      return (
        <fieldset className="field control choice-group" data-kind={kind} data-testid={testId} aria-describedby={hintId}>
          <legend>{label}</legend>
          {options.length === 0 && <p className="muted">{t('controls.noOptions')}</p>}
          {options.map((o) => (
            <label key={String(o.value)} className="choice">
              <input type="radio" name={id} value={String(o.value)} checked={str(value) === String(o.value)} onChange={() => onChange(o.value)} />
              <span>{o.label}</span>
            </label>
          ))}
          {hintEl}
        </fieldset>
      );
    case 'CHECKBOX':
      if (options.length > 0) {
        const selected = Array.isArray(value) ? value.map(String) : [];
        return (
          <fieldset className="field control choice-group" data-kind={kind} data-testid={testId} aria-describedby={hintId}>
            <legend>{label}</legend>
            {options.map((o) => (
              <label key={String(o.value)} className="choice">
                <input
                  type="checkbox"
                  value={String(o.value)}
                  checked={selected.includes(String(o.value))}
                  onChange={(e) => onChange(e.target.checked ? [...(Array.isArray(value) ? value : []), o.value] : (Array.isArray(value) ? value : []).filter((v) => String(v) !== String(o.value)))}
                />
                <span>{o.label}</span>
              </label>
            ))}
            {hintEl}
          </fieldset>
        );
      }
      return (
        <div className="field control" data-kind={kind} data-testid={testId}>
          <label className="checkbox-row">
            <input id={id} type="checkbox" checked={value === true || value === 'true'} onChange={(e) => onChange(e.target.checked)} aria-describedby={hintId} />
            <span>{label}</span>
          </label>
          {hintEl}
        </div>
      );
    case 'TEXT':
    default:
      return wrap(
        <input
          id={id}
          type={dataType === 'NUMBER' ? 'number' : 'text'}
          value={str(value)}
          onChange={(e) => onChange(dataType === 'ARRAY' ? e.target.value.split(',').map((s) => s.trimStart()) : e.target.value)}
          aria-describedby={hintId}
        />,
      );
  }
}
