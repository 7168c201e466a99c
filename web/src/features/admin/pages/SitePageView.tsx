import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { ContentPageView, SectionView } from '@relaycast/contracts';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { AppLink, localizeHref } from '../../../app/shell/ui/AppLink.js';
import { PageLoading } from '../../../app/shell/layout/PageLoading.js';
import { ConfirmButton, dataOf, formatDate, useDocumentTitle, useToast } from '../../ui/forms.js';
import { problemText, reasonOf, ruleText, type Problem } from '../../../app/shell/ui/problems.js';
import { validationProblems } from '../../ui/validation.js';
import type { ViewProps } from '../viewProps.js';
import { pathOfField, textLabel } from './labels.js';
import { pageEditPath, TextsLanguageSelect, useTextsLanguage, type TextsLanguage } from './SitePagesView.js';
import { usePublishSectionMutation, useRevertSectionMutation, useSaveSectionMutation, useGetSitePageQuery } from './siteCopyApi.js';

const STATE_CLASS: Record<SectionView['state'], string> = { default: 'status-off', draft: 'status-wait', published: 'status-ok', changed: 'status-warn' };

/** The text a field starts from: the section's draft, else its built-in text. */
const current = (text: SectionView['texts'][number]) => text.draft ?? text.default;

/** The section's name on this screen: a known part of a page by its key, else what the page calls it. */
function useSectionName() {
  const { t } = useT('admin');
  return (section: SectionView) => t(`pages.sectionNames.${section.key}`, { defaultValue: section.title });
}

/**
 * One section's texts, edited: each text in a field (its built-in text under it when changed), saved as a draft,
 * previewed in the page as visitors will see it, published, or reverted to the built-in text.
 */
function SectionEditor({ page, section, language }: { page: ContentPageView; section: SectionView; language: TextsLanguage }) {
  const { t } = useT('admin');
  const toast = useToast();
  const ids = useId();
  const sectionName = useSectionName();
  const name = sectionName(section);
  const saved = useMemo(() => Object.fromEntries(section.texts.map((x) => [x.path, current(x)])), [section]);
  const [values, setValues] = useState<Record<string, string>>(saved);
  useEffect(() => setValues(saved), [saved]);
  const [problems, setProblems] = useState<Record<string, Problem>>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState(false);
  const [previewVersion, setPreviewVersion] = useState(0);
  const [save, saving] = useSaveSectionMutation();
  const [publish] = usePublishSectionMutation();
  const [revert] = useRevertSectionMutation();
  const dirty = section.texts.some((x) => values[x.path] !== current(x));
  const ref = { url: page.url, locale: language, section: section.key };

  const showProblems = (list: readonly Problem[]) => {
    const byPath: Record<string, Problem> = {};
    let other: Problem | null = null;
    for (const p of list) {
      const path = pathOfField(p.field);
      if (path) byPath[path] ??= p;
      else other ??= p;
    }
    setProblems(byPath);
    setFormProblem(other ? problemText(other, t) : null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const texts = Object.fromEntries(section.texts.filter((x) => values[x.path] !== x.default).map((x) => [x.path, values[x.path] ?? '']));
    if (!Object.keys(texts).length) {
      showProblems([{ field: 'texts', rule: 'sameAsDefault' }]);
      toast(t('pages.sameAsDefault'), 'error');
      return;
    }
    const body = { ...ref, texts };
    const local = validationProblems('SectionSave', body);
    if (local.length) {
      showProblems(local);
      toast(t('pages.saveFailed'), 'error');
      return;
    }
    const r = await save(body);
    if (!dataOf(r)) {
      showProblems(reasonOf(r.error).problems ?? []);
      if ((r.error as { status?: number } | undefined)?.status !== 400) toast(t('pages.saveFailed'), 'error');
      return;
    }
    showProblems([]);
    setPreviewVersion((v) => v + 1);
    toast(t('pages.saved'), 'success');
  };

  const previewUrl = `${localizeHref(page.url, language)}?preview=${previewVersion}${section.anchor ? `#${section.anchor}` : ''}`;
  return (
    <form className="section-editor" onSubmit={submit} noValidate data-testid="section-editor" aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`}>{t('pages.editing', { name })}</h3>
      <p className="muted">{t('pages.editingIntro')}</p>
      {section.texts.map((x) => {
        const value = values[x.path] ?? '';
        const problem = problems[x.path];
        const fieldId = `${ids}-text-${x.path.replace(/\./g, '-')}`;
        return (
          <div className="field" key={x.path}>
            <label htmlFor={fieldId}>{textLabel(x.path, t)}</label>
            <textarea
              id={fieldId}
              value={value}
              rows={Math.min(8, Math.max(2, Math.ceil(value.length / 70)))}
              onChange={(e) => setValues((vs) => ({ ...vs, [x.path]: e.target.value }))}
              data-testid={`text-${x.path}`}
              aria-invalid={problem ? true : undefined}
              aria-describedby={[problem ? `${fieldId}-error` : '', value !== x.default ? `${fieldId}-default` : ''].filter(Boolean).join(' ') || undefined}
            />
            {problem && (
              <p id={`${fieldId}-error`} className="field-error">
                {ruleText(problem, t)}
              </p>
            )}
            {value !== x.default && (
              <p id={`${fieldId}-default`} className="muted field-hint builtin-text">
                {t('pages.builtIn')} {x.default}
              </p>
            )}
          </div>
        );
      })}
      {formProblem && (
        <p className="field-error" role="alert" data-testid="section-problem">
          {formProblem}
        </p>
      )}
      <p className="muted field-hint">{t('pages.markdown')}</p>
      <div className="form-actions section-actions">
        <button type="submit" className="btn btn-primary" disabled={saving.isLoading} data-testid="save-section">
          {saving.isLoading ? t('pages.saving') : t('pages.saveDraft')}
        </button>
        <button type="button" className="btn btn-outline" aria-expanded={preview} onClick={() => setPreview((v) => !v)} data-testid="preview-section">
          {preview ? t('pages.hidePreview') : t('pages.preview')}
        </button>
        {(section.state === 'draft' || section.state === 'changed') && (
          <ConfirmButton
            tone="primary"
            label={t('pages.publish')}
            question={dirty ? t('pages.unsaved') : t('pages.publishQuestion')}
            confirmLabel={t('pages.publishConfirm')}
            disabled={dirty}
            testId="publish-section"
            onConfirm={async () => {
              const r = await publish(ref);
              toast(dataOf(r) ? t('pages.publishedToast') : t('pages.publishFailed'), dataOf(r) ? 'success' : 'error');
            }}
          />
        )}
        {section.state !== 'default' && (
          <ConfirmButton
            label={t('pages.revert')}
            question={t('pages.revertQuestion')}
            confirmLabel={t('pages.revertConfirm')}
            testId="revert-section"
            onConfirm={async () => {
              const r = await revert(ref);
              if (dataOf(r)) setPreviewVersion((v) => v + 1);
              toast(dataOf(r) ? t('pages.reverted') : t('pages.revertFailed'), dataOf(r) ? 'success' : 'error');
            }}
          />
        )}
      </div>
      {dirty && <p className="muted field-hint" data-testid="unsaved">{t('pages.unsaved')}</p>}
      {preview && (
        <div className="page-preview">
          <p className="muted">
            {t('pages.previewIntro')}{' '}
            <a href={previewUrl} target="_blank" rel="noopener">
              {t('pages.previewOpen')}
            </a>
          </p>
          <iframe key={previewUrl} src={previewUrl} title={t('pages.previewTitle')} data-testid="page-preview" loading="lazy" />
        </div>
      )}
    </form>
  );
}

/**
 * /admin/pages/edit?url=/how-to-use&language=en[&section=…]: one built-in page in one language — each section with
 * where it stands (built-in text, draft, published, published with a newer draft) and, opened, its editor — and the
 * materials added after its sections.
 */
export default function SitePageView(_props: ViewProps) {
  const { t } = useT('admin');
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const [language, setLanguage] = useTextsLanguage();
  const url = params.get('url') ?? '';
  const open = params.get('section');
  const page = useGetSitePageQuery({ url, locale: language }, { skip: !url });
  const sectionName = useSectionName();
  useDocumentTitle(page.data ? `${page.data.title} · ${t('pages.title')}` : t('pages.title'));
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => document.querySelector(`[data-section="${CSS.escape(open)}"]`)?.scrollIntoView({ block: 'start' }), 0);
    return () => clearTimeout(timer);
  }, [open, page.data]);

  const toggle = (key: string) =>
    setParams(
      (prev) => {
        const query = new URLSearchParams(prev);
        if (query.get('section') === key) query.delete('section');
        else query.set('section', key);
        return query;
      },
      { replace: true },
    );

  if (!url || page.isError) {
    return (
      <section>
        <p className="note note-warning" role="alert">{t('pages.notFound')}</p>
        <AppLink to="/admin/pages">{t('pages.back')}</AppLink>
      </section>
    );
  }
  if (!page.data) return <PageLoading />;
  const data = page.data;
  const publicUrl = localizeHref(data.url, language);
  return (
    <section data-testid="site-page-editor" data-url={data.url} data-language={language}>
      <div className="admin-head">
        <h1>{data.title}</h1>
        <AppLink to={`/admin/pages?language=${language}`}>{t('pages.back')}</AppLink>
      </div>
      <p className="muted admin-intro">
        <code>{publicUrl}</code> ·{' '}
        <a href={publicUrl} target="_blank" rel="noopener">
          {t('pages.open')}
        </a>{' '}
        ·{' '}
        <a href={`${publicUrl}?preview`} target="_blank" rel="noopener">
          {t('pages.previewAll')}
        </a>
      </p>
      <div className="list-toolbar">
        <TextsLanguageSelect value={language} onChange={setLanguage} />
      </div>
      <h2 className="site-sections-title">{t('pages.sectionsTitle')}</h2>
      <ol className="site-sections">
        {data.sections.map((s) => {
          const name = sectionName(s);
          const expanded = open === s.key;
          return (
            <li key={s.key} className={`card site-section${expanded ? ' is-open' : ''}`} data-testid="site-section" data-section={s.key} data-state={s.state}>
              <div className="site-section-head">
                <div className="site-section-name">
                  <strong>{name}</strong>
                  {name !== s.title && <span className="muted">{s.title}</span>}
                  {s.updatedAt && (
                    <span className="muted site-section-dates">
                      {t('pages.updated', { date: formatDate(s.updatedAt, lang, true) })}
                      {s.publishedAt ? ` · ${t('pages.publishedAt', { date: formatDate(s.publishedAt, lang, true) })}` : ''}
                    </span>
                  )}
                </div>
                <span className={`status-badge ${STATE_CLASS[s.state]}`} data-testid="section-state">
                  {t(`pages.states.${s.state}`)}
                </span>
                <AppLink
                  className="btn btn-small btn-outline"
                  to={pageEditPath(data.url, language, expanded ? undefined : s.key)}
                  aria-expanded={expanded}
                  aria-label={t(expanded ? 'pages.closeLabel' : 'pages.editLabel', { name })}
                  onClick={(e) => {
                    e.preventDefault();
                    toggle(s.key);
                  }}
                  data-testid="edit-section"
                >
                  {expanded ? t('pages.close') : t('pages.edit')}
                </AppLink>
              </div>
              {expanded && <SectionEditor key={`${language} ${s.key}`} page={data} section={s} language={language} />}
            </li>
          );
        })}
      </ol>
      {data.added.length > 0 && (
        <section className="card" data-testid="added-sections">
          <h2>{t('pages.addedTitle')}</h2>
          <p className="muted">{t('pages.addedIntro')}</p>
          <ul>
            {data.added.map((m) => (
              <li key={m._id}>
                <AppLink to={`/admin/materials/create?id=${encodeURIComponent(m._id)}`}>{m.title}</AppLink>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
