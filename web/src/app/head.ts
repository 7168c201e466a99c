import { LANGUAGES, type Language } from '@relaycast/contracts/constants';
import type { TFunction } from './shell/texts.js';
import { localizePath } from './shell/lang.js';
import { SITE_PLACEHOLDERS, siteSettings } from './shell/siteSettings.js';
import type { PageRoute } from './pages.js';

export const BRAND = 'Relaycast';

/** The origin pages are prerendered with (a placeholder the server replaces with its PUBLIC_URL, see siteSettings). */
export const SITE_URL: string = SITE_PLACEHOLDERS.publicUrl;

export interface PageHead {
  lang: Language;
  title: string;
  description: string;
  /** Absolute canonical URL of this page in this language. */
  canonical: string;
  /** hreflang alternates, including x-default (English). */
  alternates: { hreflang: string; href: string }[];
  ogLocale: string;
  ogImage: string;
}

const OG_LOCALES: Record<Language, string> = { en: 'en_US', ru: 'ru_RU' };

/** Title, description and links of a page; the same function feeds the prerenderer and client navigation. */
export function pageHead(route: PageRoute, lang: Language, t: TFunction, pathname?: string, siteUrl: string = siteSettings().publicUrl): PageHead {
  const metaNs = route.ns[0] ?? 'common';
  const prefix = route.ns[0] ? `${metaNs}:meta` : 'common:notFound.meta';
  const heading = String(t(`${prefix}.title`, { lng: lang }));
  const description = String(t(`${prefix}.description`, { lng: lang }));
  const title = route.id === 'home' ? heading : `${heading} | ${BRAND}`;
  const basePath = pathname ?? route.path;
  const alternates: PageHead['alternates'] = LANGUAGES.map((l) => ({ hreflang: l, href: siteUrl + localizePath(basePath, l) }));
  alternates.push({ hreflang: 'x-default', href: siteUrl + localizePath(basePath, 'en') });
  const slug = route.params.slug;
  return {
    lang,
    title,
    description,
    canonical: siteUrl + localizePath(basePath, lang),
    alternates,
    ogLocale: OG_LOCALES[lang],
    ogImage: `${siteUrl}/img/${slug ? `products/${slug}/cover` : 'og-default'}.svg`,
  };
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The <head> tags of a prerendered page. */
export function headHtml(head: PageHead, robots = 'index,follow'): string {
  const tags = [
    `<title>${escapeAttr(head.title)}</title>`,
    `<meta name="description" content="${escapeAttr(head.description)}" />`,
    `<meta name="robots" content="${robots}" />`,
    `<link rel="canonical" href="${escapeAttr(head.canonical)}" />`,
    ...head.alternates.map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeAttr(a.href)}" />`),
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${BRAND}" />`,
    `<meta property="og:title" content="${escapeAttr(head.title)}" />`,
    `<meta property="og:description" content="${escapeAttr(head.description)}" />`,
    `<meta property="og:url" content="${escapeAttr(head.canonical)}" />`,
    `<meta property="og:locale" content="${head.ogLocale}" />`,
    `<meta property="og:image" content="${escapeAttr(head.ogImage)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ];
  return tags.join('\n    ');
}

/** Applies a page's head in the browser after a client-side navigation. */
export function applyHead(head: PageHead): void {
  document.title = head.title;
  document.documentElement.lang = head.lang;
  const set = (selector: string, attr: string, value: string) => {
    const el = document.head.querySelector(selector);
    if (el) el.setAttribute(attr, value);
  };
  set('meta[name="description"]', 'content', head.description);
  set('link[rel="canonical"]', 'href', head.canonical);
  set('meta[property="og:title"]', 'content', head.title);
  set('meta[property="og:description"]', 'content', head.description);
  set('meta[property="og:url"]', 'content', head.canonical);
  set('meta[property="og:locale"]', 'content', head.ogLocale);
  set('meta[property="og:image"]', 'content', head.ogImage);
  for (const alt of head.alternates) set(`link[rel="alternate"][hreflang="${alt.hreflang}"]`, 'href', alt.href);
}
