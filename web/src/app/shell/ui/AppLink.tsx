import type { AnchorHTMLAttributes, Ref } from 'react';
import { useLang } from '../hooks.js';
import { localizePath } from '../lang.js';
import { Link } from '../navigation.js';

/** A site path in a language, keeping its query and hash: /faq#privacy → /ru/faq#privacy. */
export function localizeHref(href: string, lang: 'en' | 'ru'): string {
  const cut = href.search(/[?#]/);
  const path = cut < 0 ? href : href.slice(0, cut);
  const rest = cut < 0 ? '' : href.slice(cut);
  return localizePath(path || '/', lang) + rest;
}

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; ref?: Ref<HTMLAnchorElement> };

/**
 * A link to a site page in the current language (or an external URL, as it is). Site links are the navigation's
 * (app/shell/navigation.tsx): in the app a client-side navigation that starts loading the page's code and texts on
 * hover or focus, on a public page a plain link to the next document.
 */
export function AppLink({ to, ...rest }: AppLinkProps) {
  const lang = useLang();
  if (!to.startsWith('/')) return <a href={to} {...rest} />;
  return <Link to={localizeHref(to, lang)} {...rest} />;
}
