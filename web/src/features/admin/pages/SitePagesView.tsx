import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { AppLink, localizeHref } from '../../../app/shell/ui/AppLink.js';
import { PageLoading } from '../../../app/shell/layout/PageLoading.js';
import { useDocumentTitle } from '../../ui/forms.js';
import type { ViewProps } from '../viewProps.js';
import { useGetSitePagesQuery } from './siteCopyApi.js';

export type TextsLanguage = 'en' | 'ru';

/** The language of the texts being edited: `?language=` of the address, else the admin area's own. */
export function useTextsLanguage(): [TextsLanguage, (next: TextsLanguage) => void] {
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const chosen = params.get('language');
  const language: TextsLanguage = chosen === 'en' || chosen === 'ru' ? chosen : lang;
  const set = (next: TextsLanguage) =>
    setParams(
      (prev) => {
        const query = new URLSearchParams(prev);
        query.set('language', next);
        return query;
      },
      { replace: true },
    );
  return [language, set];
}

/** The choice of the texts' language (each language's texts are overridden apart). */
export function TextsLanguageSelect({ value, onChange }: { value: TextsLanguage; onChange: (next: TextsLanguage) => void }) {
  const { t } = useT('admin');
  const id = useId();
  return (
    <div className="list-filter">
      <label htmlFor={id}>{t('pages.language')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as TextsLanguage)} data-testid="texts-language">
        <option value="en">English</option>
        <option value="ru">Русский</option>
      </select>
    </div>
  );
}

export const pageEditPath = (url: string, language: TextsLanguage, section?: string) =>
  `/admin/pages/edit?${new URLSearchParams({ url, language, ...(section ? { section } : {}) }).toString()}`;

/**
 * /admin/pages: the site's built-in pages, with how many of their sections have published changes or drafts in the
 * chosen language, and the materials added after them. A page opens its sections (SitePageView).
 */
export default function SitePagesView(_props: ViewProps) {
  const { t } = useT('admin');
  const [language, setLanguage] = useTextsLanguage();
  const pages = useGetSitePagesQuery({ locale: language });
  useDocumentTitle(t('pages.title'));
  const count = (n: number, key: string) => (n ? <span className={`status-badge ${key === 'drafts' ? 'status-wait' : 'status-ok'}`}>{n}</span> : <span className="muted">{t('pages.none')}</span>);
  return (
    <section data-testid="site-pages">
      <div className="admin-head">
        <h1>{t('pages.title')}</h1>
      </div>
      <p className="muted admin-intro">{t('pages.intro')}</p>
      <div className="list-toolbar">
        <TextsLanguageSelect value={language} onChange={setLanguage} />
      </div>
      {pages.isLoading ? (
        <PageLoading />
      ) : pages.isError ? (
        <p className="note note-warning" role="alert">{t('pages.loadFailed')}</p>
      ) : !pages.data?.length ? (
        <p className="muted">{t('pages.empty')}</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label={t('pages.title')}>
          <table className="data-table admin-table site-pages-table">
            <thead>
              <tr>
                <th scope="col">{t('pages.page')}</th>
                <th scope="col">{t('pages.sections')}</th>
                <th scope="col">{t('pages.published')}</th>
                <th scope="col">{t('pages.drafts')}</th>
                <th scope="col">{t('pages.added')}</th>
              </tr>
            </thead>
            <tbody>
              {pages.data.map((p) => (
                <tr key={p.url} data-testid="site-page" data-url={p.url} data-published={p.published} data-drafts={p.drafts}>
                  <td className="cell-text">
                    <AppLink to={pageEditPath(p.url, language)}>{p.title}</AppLink>
                    <span className="muted site-page-address">{localizeHref(p.url, language)}</span>
                  </td>
                  <td>{p.sections}</td>
                  <td>{count(p.published, 'published')}</td>
                  <td>{count(p.drafts, 'drafts')}</td>
                  <td>{count(p.added, 'added')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
