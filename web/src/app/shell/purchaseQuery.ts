import { BUILDER_MODULES, BUY_LICENCE_PATH, SIGN_IN_PATH } from '@relaycast/contracts/constants';

/*
 * The purchase query every buy button sends and both /auth/sign-in and /user/buy-new-licence read (seed §2:
 * infrastructure, plan and, for unlimited, period), plus the builder's modules as chosen on the pricing page
 * (`streams=25&restream=10`, only those that differ from the builder's start). Shared by the pricing, auth and
 * checkout features; the price is never in it (the server prices every purchase).
 */

export type BuilderModuleName = (typeof BUILDER_MODULES)[number]['name'];
export type BuilderModules = Record<BuilderModuleName, number>;

export function initialBuilderModules(): BuilderModules {
  return Object.fromEntries(BUILDER_MODULES.map((m) => [m.name, m.initial])) as BuilderModules;
}

/** A value of the query snapped into the module's range and onto its step; null when absent or not a number. */
function moduleValue(spec: (typeof BUILDER_MODULES)[number], raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  if (!Number.isFinite(n)) return null;
  const stepped = Math.round(n / spec.step) * spec.step;
  return Math.min(spec.max, Math.max(spec.min, stepped));
}

/** The builder's modules a query names (each in its range), the builder's start for the others. */
export function builderModulesFromQuery(params: URLSearchParams): BuilderModules {
  const modules = initialBuilderModules();
  for (const spec of BUILDER_MODULES) {
    const value = moduleValue(spec, params.get(spec.name));
    if (value !== null) modules[spec.name] = value;
  }
  return modules;
}

/** Whether the query names any builder module (a configuration chosen on the pricing page). */
export function queryNamesModules(params: URLSearchParams): boolean {
  return BUILDER_MODULES.some((m) => moduleValue(m, params.get(m.name)) !== null);
}

export type UnlimitedChoice = 'free' | 'monthly' | 'annual';

/**
 * The purchase query of a buy button: the builder with its modules (those that differ from the start), or the
 * unlimited plan with its period — "mounthly" is the seed's spelling of monthly, which the buttons send.
 */
export function purchaseQuery(plan: 'constructor', modules?: Partial<BuilderModules>): string;
export function purchaseQuery(plan: 'unlimited', choice: UnlimitedChoice): string;
export function purchaseQuery(plan: 'constructor' | 'unlimited', extra?: Partial<BuilderModules> | UnlimitedChoice): string {
  const params = new URLSearchParams({ infrastructure: 'selfhosted', plan });
  if (plan === 'unlimited') params.set('period', extra === 'monthly' || extra === undefined ? 'mounthly' : String(extra));
  else if (extra && typeof extra === 'object') {
    for (const spec of BUILDER_MODULES) {
      const value = extra[spec.name];
      if (value !== undefined && value !== spec.initial) params.set(spec.name, String(value));
    }
  }
  return params.toString();
}

/** Where a buy button leads: /auth/sign-in with the query (seed §2), or straight to the purchase when signed in. */
export function purchaseHref(query: string, signedIn: boolean): string {
  return `${signedIn ? BUY_LICENCE_PATH : SIGN_IN_PATH}?${query}`;
}
