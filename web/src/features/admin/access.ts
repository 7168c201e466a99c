import { ADMIN_HOME_PATH, MENU_ACCESS, type Role } from '@relaycast/contracts/constants';

/**
 * The admin area's views, each a route of the one admin page: the administrators' home (/admin), the seed's admin
 * routes (§2), the files page (/admin/files) and the finance area (/admin/finance: the overview, revenue recognition,
 * reconciliation, invoices and credit notes, the ledger and trial balance, the taxes: the OSS report).
 */
export const ADMIN_VIEWS = [
  'home',
  'users/create',
  'users/list',
  'subscriptions/create',
  'subscriptions/purchase-details',
  'subscriptions/change-payment-method',
  'subscriptions/list',
  'templates/create',
  'templates/list',
  'materials/create',
  'materials/list',
  'pages',
  'pages/edit',
  'files',
  'finance',
  'finance/recognition',
  'finance/reconciliation',
  'finance/documents',
  'finance/ledger',
  'finance/taxes',
  'mail',
] as const;
export type AdminView = (typeof ADMIN_VIEWS)[number];
/**
 * The seed's menu areas and the finance area (MENU_ACCESS), the site's pages (their built-in texts, edited section by
 * section) and the files page: administrators only, as their APIs are.
 */
export type AdminArea = keyof typeof MENU_ACCESS | 'pages' | 'files' | 'mail';

/** A view's address: /admin for the home, /admin/<view> for the others. */
export function adminPath(view: AdminView): string {
  return view === 'home' ? ADMIN_HOME_PATH : `${ADMIN_HOME_PATH}/${view}`;
}

export function areaOf(view: Exclude<AdminView, 'home'>): AdminArea {
  return view.split('/')[0] as AdminArea;
}

/**
 * Who may open a view: the seed's menu rules (§2, §6: Templates, Materials and Users for administrators;
 * Subscriptions for administrators and customers). Creating a subscription for any user with any status is an
 * administrator's form; customers buy at /user/buy-new-licence. The home and the files are administrators'. The
 * finance area is for administrators and the finance role, who also reads one subscription's details and history
 * (the reconciliation's drill-down), without its actions. The server enforces the same per call.
 */
export function canOpen(view: AdminView, role: Role): boolean {
  if (view === 'home' || view === 'files' || view === 'mail' || view === 'pages' || view === 'pages/edit' || view === 'subscriptions/create') return role === 'ROLE_ADMIN';
  if (view === 'subscriptions/purchase-details' && role === 'ROLE_FINANCE') return true;
  return (MENU_ACCESS[areaOf(view) as keyof typeof MENU_ACCESS] as readonly Role[]).includes(role);
}

/**
 * The menu a role sees: for administrators the home first, then the areas in the seed's order, each with its list
 * and (for administrators) create view, then the site's pages, the files and the finance area's pages; customers
 * their subscriptions; the finance role the finance area only.
 */
export function menuFor(role: Role): { area: AdminArea | 'home'; views: AdminView[] }[] {
  const areas: AdminArea[] = ['subscriptions', 'users', 'templates', 'materials', 'pages', 'files', 'mail', 'finance'];
  const inMenu = (v: Exclude<AdminView, 'home'>) => v === 'files' || v === 'mail' || v === 'pages' || areaOf(v) === 'finance' || v.endsWith('/list') || v.endsWith('/create');
  const menu = areas
    .map((area) => ({ area, views: ADMIN_VIEWS.filter((v) => v !== 'home' && areaOf(v) === area && inMenu(v) && canOpen(v, role)) }))
    .filter((entry) => entry.views.length > 0)
    .map((entry) => ({ ...entry, views: [...entry.views].sort((a, b) => Number(b.endsWith('/list')) - Number(a.endsWith('/list'))) }));
  return canOpen('home', role) ? [{ area: 'home', views: ['home'] }, ...menu] : menu;
}
