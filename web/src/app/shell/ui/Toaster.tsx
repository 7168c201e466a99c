import { useEffect, useState } from 'react';
import { ANIMATION_MS, TOAST_TIMEOUT_MS } from '@relaycast/contracts/constants';
import { useAppDispatch, useAppSelector, useT } from '../hooks.js';
import { CloseIcon } from './icons.js';
import { reasonText } from './problems.js';
import { selectToasts, toastDismissed, type Toast } from './toastsSlice.js';

/** A toast's words: its text, or for a failed call the seed's title (EN as the seed has it) and why. */
function toastText(toast: Toast, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (!toast.reason) return toast.message;
  const why = reasonText(toast.reason, t);
  if (!toast.message) return why;
  return `${t(`toast.titles.${toast.message}`, { defaultValue: toast.message })}: ${why}`;
}

/** A toast stays TOAST_TIMEOUT_MS (5,000 ms), then leaves with an ANIMATION_MS (400 ms) animation. */
function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  const { t } = useT('common');
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLeaving(true), TOAST_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => dispatch(toastDismissed(toast.id)), ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [leaving, dispatch, toast.id]);
  return (
    <div
      className={`toast toast-${toast.kind}${leaving ? ' is-leaving' : ''}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      style={{ animationDuration: `${ANIMATION_MS}ms` }}
      data-testid="toast"
    >
      <span>{toastText(toast, t)}</span>
      <button type="button" className="icon-btn" aria-label={t('toast.close')} onClick={() => setLeaving(true)}>
        <CloseIcon width="16" height="16" />
      </button>
    </div>
  );
}

export function Toaster() {
  const toasts = useAppSelector(selectToasts);
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
