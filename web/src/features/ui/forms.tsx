import { useEffect, useState, type ReactNode } from 'react';
import type { Language } from '@relaycast/contracts/constants';
import { useAppDispatch, useT } from '../../app/shell/hooks.js';
import { toastAdded } from '../../app/shell/ui/toastsSlice.js';
import { reasonOf, reasonText, type Translate } from '../../app/shell/ui/problems.js';

/** Sets the document title after the page host has set the route's (a later task wins). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const timer = setTimeout(() => {
      document.title = `${title} | Relaycast`;
    }, 0);
    return () => clearTimeout(timer);
  }, [title]);
}

/** Date, or date and time, in the page language; '—' when absent. */
export function formatDate(iso: string | undefined | null, lang: Language, withTime = false): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', withTime ? { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' } : { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
}

export function useToast() {
  const dispatch = useAppDispatch();
  return (message: string, kind: 'info' | 'success' | 'error' = 'info') => dispatch(toastAdded(message, kind));
}

/**
 * A button that asks before it acts: the first click shows "Are you sure?" with confirm and cancel; Escape or
 * cancel returns. Used for removals and cancellations (danger), and for publishing (primary).
 */
export function ConfirmButton({ label, question, confirmLabel, onConfirm, disabled, testId, tone = 'danger' }: { label: string; question: string; confirmLabel: string; onConfirm: () => void | Promise<void>; disabled?: boolean; testId?: string; tone?: 'danger' | 'primary' }) {
  const { t } = useT('common');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) {
    return (
      <button type="button" className={tone === 'danger' ? 'btn btn-small btn-outline btn-danger' : 'btn btn-small btn-primary'} disabled={disabled} onClick={() => setAsking(true)} data-testid={testId}>
        {label}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={question} onKeyDown={(e) => e.key === 'Escape' && setAsking(false)}>
      <span className="confirm-question">{question}</span>
      <button
        type="button"
        className={tone === 'danger' ? 'btn btn-small btn-danger-solid' : 'btn btn-small btn-primary'}
        autoFocus
        disabled={busy}
        data-testid={testId ? `${testId}-confirm` : undefined}
        onClick={async () => {
          setBusy(true);
          try {
            await onConfirm();
          } finally {
            setBusy(false);
            setAsking(false);
          }
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" className="btn btn-small btn-ghost" onClick={() => setAsking(false)}>
        {t('confirm.keep')}
      </button>
    </span>
  );
}

export function Field({ label, htmlFor, hint, children }: { label: string; htmlFor: string; hint?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={htmlFor}>{label}</label>
      {children}
      {hint && <p className="muted field-hint">{hint}</p>}
    </div>
  );
}

type Outcome<T> = { data: T; error?: undefined } | { data?: undefined; error: unknown };
/** An RTK Query call's data, or undefined when it failed (its toast is already shown). */
export function dataOf<T>(r: Outcome<T>): T | undefined {
  return r.error === undefined ? r.data : undefined;
}
/** Why the call failed, in the reader's language (from the error's code and field problems), or undefined when it succeeded. */
export function errorMessageOf<T>(r: Outcome<T>, t: Translate): string | undefined {
  return r.error === undefined ? undefined : reasonText(reasonOf(r.error), t);
}

/** The id of a field's inline error (what its input's aria-describedby points to). */
export function errorIdOf(ids: string, name: string): string {
  return `${ids}-${name}-error`;
}

/** aria-invalid and aria-describedby of an input whose problem (if any) is shown under it; `hintId` stays described. */
export function invalidProps(ids: string, name: string, error: string | undefined, hintId?: string) {
  const describedBy = [hintId, error ? errorIdOf(ids, name) : undefined].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}

/** A field's problem under it, in the reader's language (from the browser's check or the server's answer). */
export function FieldError({ ids, name, error }: { ids: string; name: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p className="field-error" id={errorIdOf(ids, name)} data-testid={`error-${name}`}>
      {error}
    </p>
  );
}
