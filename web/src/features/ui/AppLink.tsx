import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/hooks.js';
import { localizePath } from '../../app/lang.js';
import { preloadPage } from '../../app/preload.js';

/** A site path in a language, keeping its query and hash: /faq#privacy → /ru/faq#privacy. */
export function localizeHref(href: string, lang: 'en' | 'ru'): string {
  const cut = href.search(/[?#]/);
  const path = cut < 0 ? href : href.slice(0, cut);
  const rest = cut < 0 ? '' : href.slice(cut);
  return localizePath(path || '/', lang) + rest;
}

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A link to a site page in the current language (or an external URL). Hovering or focusing it starts loading
 * the target page's code and texts, so the click usually renders at once.
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink({ to, onMouseEnter, onFocus, ...rest }, ref) {
  const lang = useLang();
  const { i18n } = useTranslation();
  if (!to.startsWith('/')) {
    return <a ref={ref} href={to} onMouseEnter={onMouseEnter} onFocus={onFocus} {...rest} />;
  }
  const href = localizeHref(to, lang);
  const preload = () => preloadPage(href.split(/[?#]/)[0] ?? '/', lang, i18n);
  return (
    <Link
      ref={ref}
      to={href}
      onMouseEnter={(e) => {
        preload();
        onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        preload();
        onFocus?.(e);
      }}
      {...rest}
    />
  );
});
