import { MENU_ACCESS, type Role } from '@relaycast/contracts/constants';

/** The seed's admin routes (§2), as views of the one admin page. */
export const ADMIN_VIEWS = [
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
] as const;
export type AdminView = (typeof ADMIN_VIEWS)[number];
export type AdminArea = keyof typeof MENU_ACCESS;

export function areaOf(view: AdminView): AdminArea {
  return view.split('/')[0] as AdminArea;
}

/**
 * Who may open a view: the seed's menu rules (§2, §6: Templates, Materials and Users for administrators;
 * Subscriptions for administrators and customers). Creating a subscription for any user with any status is an
 * administrator's form; customers buy at /user/buy-new-licence. The server enforces the same per call.
 */
export function canOpen(view: AdminView, role: Role): boolean {
  if (view === 'subscriptions/create') return role === 'ROLE_ADMIN';
  return (MENU_ACCESS[areaOf(view)] as readonly Role[]).includes(role);
}

/** The menu a role sees: areas in the seed's order, each with its list and (for administrators) create view. */
export function menuFor(role: Role): { area: AdminArea; views: AdminView[] }[] {
  const areas: AdminArea[] = ['subscriptions', 'users', 'templates', 'materials'];
  return areas
    .map((area) => ({ area, views: ADMIN_VIEWS.filter((v) => areaOf(v) === area && (v.endsWith('/list') || v.endsWith('/create')) && canOpen(v, role)) }))
    .filter((entry) => entry.views.length > 0)
    .map((entry) => ({ ...entry, views: [...entry.views].sort((a, b) => Number(b.endsWith('/list')) - Number(a.endsWith('/list'))) }));
}
