/**
 * What the public pages use of React Router, without the router (about 11 KB as served): the public build
 * (vite.config.ts, mode `public`) resolves `react-router` to this file. A public page is one document: links are
 * plain anchors (moving to another page is a page load), and `navigate` changes the address in place only when the
 * path stays the same (the header's #login); anything else loads the new address. The location is the window's.
 */
import { createContext, forwardRef, useContext, useSyncExternalStore, type AnchorHTMLAttributes, type ReactNode } from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
}

type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;

const CHANGED = 'relaycast:location';
let snapshot: Location | null = null;

function read(): Location {
  const { pathname, search, hash } = window.location;
  if (!snapshot || snapshot.pathname !== pathname || snapshot.search !== search || snapshot.hash !== hash) {
    snapshot = { pathname, search, hash, state: null, key: 'default' };
  }
  return snapshot;
}

function subscribe(onChange: () => void): () => void {
  for (const type of ['popstate', 'hashchange', CHANGED]) window.addEventListener(type, onChange);
  return () => {
    for (const type of ['popstate', 'hashchange', CHANGED]) window.removeEventListener(type, onChange);
  };
}

export function useLocation(): Location {
  return useSyncExternalStore(subscribe, read, read);
}

function hrefOf(to: To): string {
  if (typeof to === 'string') return to;
  const here = window.location;
  return `${to.pathname ?? here.pathname}${to.search ?? ''}${to.hash ?? ''}`;
}

function navigate(to: To | number, options: { replace?: boolean; preventScrollReset?: boolean } = {}): void {
  if (typeof to === 'number') {
    window.history.go(to);
    return;
  }
  const url = new URL(hrefOf(to), window.location.href);
  if (url.pathname === window.location.pathname) {
    window.history[options.replace ? 'replaceState' : 'pushState'](null, '', url.pathname + url.search + url.hash);
    window.dispatchEvent(new Event(CHANGED));
  } else if (options.replace) window.location.replace(url.href);
  else window.location.assign(url.href);
}

/** One function for the whole page (React Router's is stable too: effects may list it). */
export function useNavigate() {
  return navigate;
}

export function useSearchParams(): [URLSearchParams] {
  return [new URLSearchParams(useLocation().search)];
}

const ParamsContext = createContext<Record<string, string | undefined>>({});
export function useParams(): Record<string, string | undefined> {
  return useContext(ParamsContext);
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To; replace?: boolean; preventScrollReset?: boolean };

/** A plain anchor: the next page is a page load. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace: _replace, preventScrollReset: _reset, ...rest }, ref) {
  return <a ref={ref} href={hrefOf(to)} {...rest} />;
});

export function Navigate({ to, replace }: { to: To; replace?: boolean }): null {
  navigate(to, { replace });
  return null;
}

/** matchPath for the route table's patterns: static segments, `:param` and a trailing `*`. */
export function matchPath(pattern: { path: string; end?: boolean } | string, pathname: string): { params: Record<string, string | undefined> } | null {
  const { path, end = true } = typeof pattern === 'string' ? { path: pattern } : pattern;
  const want = path.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  const params: Record<string, string | undefined> = {};
  for (let i = 0; i < want.length; i++) {
    const seg = want[i]!;
    if (seg === '*') {
      params['*'] = have.slice(i).map(decodeURIComponent).join('/');
      return { params };
    }
    const part = have[i];
    if (part === undefined) return null;
    if (seg.startsWith(':')) params[seg.slice(1)] = decodeURIComponent(part);
    else if (seg.toLowerCase() !== part.toLowerCase()) return null;
  }
  if (end && have.length > want.length) return null;
  return { params };
}

const OutletContext = createContext<ReactNode>(null);
export function Outlet(): ReactNode {
  return useContext(OutletContext);
}

/** The route table's shape (app/App.tsx): a layout per language prefix, its pages as children, `*` last. */
function pick(routes: readonly RouteObject[], pathname: string): { route: RouteObject; params: Record<string, string | undefined>; rest: string } | null {
  for (const route of routes) {
    if (route.index) {
      if (pathname === '/' || pathname === '') return { route, params: {}, rest: '' };
      continue;
    }
    const path = route.path ?? '';
    if (route.children) {
      const prefix = path.replace(/\/+$/, '');
      if (prefix === '' || pathname === prefix || pathname.startsWith(`${prefix}/`)) {
        return { route, params: {}, rest: pathname.slice(prefix.length) || '/' };
      }
      continue;
    }
    const m = matchPath({ path: `/${path}`, end: true }, pathname);
    if (m) return { route, params: m.params, rest: '' };
  }
  return null;
}

function render(routes: readonly RouteObject[], pathname: string): ReactNode {
  const hit = pick(routes, pathname);
  if (!hit) return null;
  const inner = hit.route.children ? render(hit.route.children, hit.rest) : null;
  return (
    <ParamsContext.Provider value={hit.params}>
      <OutletContext.Provider value={inner}>{hit.route.element}</OutletContext.Provider>
    </ParamsContext.Provider>
  );
}

export function useRoutes(routes: readonly RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  return render(routes, pathname.replace(/\/+$/, '') || '/');
}

export function BrowserRouter({ children }: { children: ReactNode }): ReactNode {
  return children;
}
