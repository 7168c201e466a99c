import { useAppDispatch, useT } from '../../../app/shell/hooks.js';
import { CopyIcon } from '../../../app/shell/ui/icons.js';
import { toastAdded } from '../../../app/shell/ui/toastsSlice.js';
import { island } from '../Island.js';

/** A code sample with a copy button (the copy confirms with a toast). */
function CodeBlockView({ code, title, lang }: { code: string; title?: string; lang?: string }) {
  const { t } = useT('common');
  const dispatch = useAppDispatch();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      dispatch(toastAdded(t('copy.done'), 'success'));
    } catch {
      dispatch(toastAdded(t('copy.failed'), 'error'));
    }
  };
  return (
    <div className="code-block">
      <div className="code-title">
        <span>{title ?? lang ?? ''}</span>
        <button type="button" className="copy-btn" onClick={copy} data-tooltip={t('copy.tooltip')}>
          <CopyIcon />
          {t('copy.button')}
          <span className="sr-only"> {t('copy.label', { what: title ?? lang ?? '' })}</span>
        </button>
      </div>
      <pre tabIndex={0} aria-label={title ?? lang}>
        <code>{code}</code>
      </pre>
    </div>
  );
}

/** An island (features/ui/Island.tsx): the browser hydrates it on its own. */
export const CodeBlock = island('code-block', CodeBlockView);
