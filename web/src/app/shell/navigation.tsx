import type { AnchorHTMLAttributes, ComponentType, Ref } from 'react';
import { createSeam } from './seam.js';

/**
 * Navigation as the site's components use it — the current location, moving to another, the query's parameters,
 * links — an interface of ours with two implementations: React Router in the app's build (app/seams.tsx: client-side
 * navigation, links that preload their page) and, on the public pages' islands, the browser's own (public/navigation.tsx:
 * a public page is one document; moving within it changes the address in place, anything else loads the next page).
 * public/navigation.spec.tsx runs both on the same inputs.
 */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

/** Where to go: an absolute path (with its query and hash), or parts of the current location replaced. */
export type To = string | Partial<Location>;

export interface NavigateOptions {
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
  /** Keeps the scroll position (a change of hash or query within the page). */
  preventScrollReset?: boolean;
}

export type Navigate = (to: To, options?: NavigateOptions) => void;

export type SearchParamsInit = string | URLSearchParams | Record<string, string> | [string, string][];
/** Sets the query (dropping the hash, as React Router does); given a function, from the current parameters. */
export type SetSearchParams = (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void;

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To; replace?: boolean; ref?: Ref<HTMLAnchorElement> };

export interface Navigation {
  /** The current location; a component re-renders when it changes. */
  useLocation(): Location;
  /** Moves to another location; never called while rendering (effects and event handlers only). */
  useNavigate(): Navigate;
  /** The query's parameters — the same object until the query changes — and a setter. */
  useSearchParams(): readonly [URLSearchParams, SetSearchParams];
  /** A link to a site address. */
  Link: ComponentType<LinkProps>;
}

const [NavigationProvider, useNavigation] = createSeam<Navigation>('navigation');
export { NavigationProvider };

export function useLocation(): Location {
  return useNavigation().useLocation();
}

export function useNavigate(): Navigate {
  return useNavigation().useNavigate();
}

export function useSearchParams(): readonly [URLSearchParams, SetSearchParams] {
  return useNavigation().useSearchParams();
}

export function Link(props: LinkProps) {
  const { Link: Impl } = useNavigation();
  return <Impl {...props} />;
}
