import { useT } from '../hooks.js';

/** Shown while a page's code or texts load after a client-side navigation. */
export function PageLoading() {
  const { t } = useT('common');
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
