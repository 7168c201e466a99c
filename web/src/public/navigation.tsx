import { useMemo, useSyncExternalStore } from 'react';
import type { Location, LinkProps, Navigate, Navigation, NavigateOptions, SearchParamsInit, To } from '../app/shell/navigation.js';

/**
 * The shell's navigation (app/shell/navigation.tsx) on the public pages' islands, without a router: a public page
 * is one document. Links are plain anchors (the next page is a page load); navigating to another path loads it;
 * navigating within the page (the same path: the header's #login, a changed query) changes the address in place
 * and tells the islands. Addresses resolve as React Router resolves them (public/navigation.spec.tsx runs both).
 */

/** Where the navigation reads the location and how it moves: the browser's window, or a fixed one on the server. */
export interface LocationSource {
  read(): Location;
  subscribe(onChange: () => void): () => void;
  /** Changes the address within the document (history), or loads another document. */
  go(href: string, options: { sameDocument: boolean; replace: boolean }): void;
}

/** React Router's parsePath: `/a?b#c` → { pathname: '/a', search: '?b', hash: '#c' } (absent parts left out). */
function parsePath(path: string): Partial<Location> {
  const parts: Partial<Location> = {};
  let rest = path;
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) [parts.hash, rest] = [rest.slice(hashAt), rest.slice(0, hashAt)];
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) [parts.search, rest] = [rest.slice(searchAt), rest.slice(0, searchAt)];
  if (rest) parts.pathname = rest;
  return parts;
}

/** `..` and `.` segments resolved from `from`, as React Router does. */
function resolvePathname(relative: string, from: string): string {
  const segments = from.replace(/\/+$/, '').split('/');
  for (const segment of relative.split('/')) {
    if (segment === '..') {
      if (segments.length > 1) segments.pop();
    } else if (segment !== '.') segments.push(segment);
  }
  return segments.length > 1 ? segments.join('/') : '/';
}

const normalize = (part: string | undefined, mark: '?' | '#') => (!part || part === mark ? '' : part.startsWith(mark) ? part : mark + part);

/** The location `to` names from `current` (React Router's resolveTo for an app without nested routes). */
export function resolveTo(to: To, current: Location): Location {
  const parts = typeof to === 'string' ? parsePath(to) : to;
  const empty = to === '' || parts.pathname === '';
  const toPathname = empty ? '/' : parts.pathname;
  let pathname = current.pathname;
  if (toPathname) {
    const path = toPathname.replace(/[\\/]{2,}/g, '/');
    pathname = /^[\\/]/.test(path) ? resolvePathname(path.slice(1), '/') : resolvePathname(path, current.pathname);
    if (empty) pathname = current.pathname;
  }
  const explicitSlash = toPathname !== undefined && toPathname !== '/' && toPathname.endsWith('/');
  const currentSlash = (empty || toPathname === '.') && current.pathname.endsWith('/');
  if (!pathname.endsWith('/') && (explicitSlash || currentSlash)) pathname += '/';
  return { pathname, search: normalize(parts.search, '?'), hash: normalize(parts.hash, '#') };
}

const href = ({ pathname, search, hash }: Location) => pathname + search + hash;

/** The window's location, told to every island when it changes: back and forward, hash links, and navigate(). */
export function windowSource(load: (href: string, replace: boolean) => void = (url, replace) => (replace ? window.location.replace(url) : window.location.assign(url))): LocationSource {
  const CHANGED = 'relaycast:navigated';
  let snapshot: Location | null = null;
  return {
    read() {
      const { pathname, search, hash } = window.location;
      if (!snapshot || snapshot.pathname !== pathname || snapshot.search !== search || snapshot.hash !== hash) snapshot = { pathname, search, hash };
      return snapshot;
    },
    subscribe(onChange) {
      const types = ['popstate', 'hashchange', CHANGED];
      for (const type of types) window.addEventListener(type, onChange);
      return () => types.forEach((type) => window.removeEventListener(type, onChange));
    },
    go(url, { sameDocument, replace }) {
      if (!sameDocument) return load(url, replace);
      window.history[replace ? 'replaceState' : 'pushState'](null, '', url);
      window.dispatchEvent(new Event(CHANGED));
    },
  };
}

/** A location that never changes: the server renders an island at its page's address. */
export function fixedSource(url: string): LocationSource {
  const { pathname = '/', search = '', hash = '' } = parsePath(url);
  const location = { pathname, search, hash };
  return { read: () => location, subscribe: () => () => {}, go: () => {} };
}

/** The navigation of one page's islands over `source`. */
export function islandNavigation(source: LocationSource): Navigation {
  const navigate: Navigate = (to: To, options: NavigateOptions = {}) => {
    const current = source.read();
    const next = resolveTo(to, current);
    source.go(href(next), { sameDocument: next.pathname === current.pathname, replace: options.replace === true });
  };
  const useLocation = () => useSyncExternalStore(source.subscribe, source.read, source.read);
  return {
    useLocation,
    // One function for the page: effects may list it.
    useNavigate: () => navigate,
    useSearchParams() {
      const { search } = useLocation();
      return useMemo(() => {
        const params = new URLSearchParams(search);
        const set = (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => {
          const init = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
          navigate(`?${new URLSearchParams(init).toString()}`, options);
        };
        return [params, set] as const;
      }, [search]);
    },
    /** A plain anchor: the next page is a page load (a link within the page, the browser's own jump). */
    Link({ to, replace: _replace, ...rest }: LinkProps) {
      return <a href={href(resolveTo(to, useLocation()))} {...rest} />;
    },
  };
}
