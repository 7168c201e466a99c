import { useEffect } from 'react';
import DOMPurify from 'dompurify';
import type { Language } from '@relaycast/contracts/constants';
import { useGetEntriesByUrlQuery } from './contentApi.js';
import type { PageMaterial } from '../ui/content/materials.js';

/** Sanitised EDITOR HTML: scripts, event handlers and javascript: URLs are removed. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'], FORBID_ATTR: ['style'] });
}

/**
 * Loaded after hydration (with RTK Query and DOMPurify, so neither is in a page's first load): asks the CMS
 * for the page's materials and hands them over already sanitised. Renders nothing itself.
 */
export default function CmsLoader({ url, lang, onMaterials }: { url: string; lang: Language; onMaterials: (m: PageMaterial[]) => void }) {
  const { data } = useGetEntriesByUrlQuery({ url, locale: lang });
  useEffect(() => {
    if (data && data.length > 0) onMaterials(data.map((m) => ({ ...m, bodyHtml: sanitizeHtml(m.bodyHtml) })));
  }, [data, onMaterials]);
  return null;
}
