/**
 * Public-site constants (seed §1, §2, §9). Where the seed gives a value it is quoted; values the seed leaves
 * open ("not shown") are ours and are listed in web/README.md.
 */

/** Product pages (seed §2): /products/<slug>. */
export const PRODUCT_SLUGS = [
  'multi-streaming',
  'video-on-demand',
  'pay-per-view-streaming',
  'continuous-streaming',
  'video-conferencing',
  'video-api',
] as const;
export type ProductSlug = (typeof PRODUCT_SLUGS)[number];

/**
 * Sections of a product page, in the seed's order (§2). "texts" are the feature blocks with images; the FAQ
 * always closes the page and is not part of the order.
 */
export type ProductSection =
  | 'highlights'
  | 'pricing'
  | 'apiDocs'
  | 'texts'
  | 'features'
  | 'pricingConstructor'
  | 'cloudPricing'
  | 'unlimitedPricing'
  | 'codeExamples';
export const PRODUCT_SECTION_ORDER: Record<ProductSlug, readonly ProductSection[]> = {
  'video-on-demand': ['highlights', 'pricing', 'apiDocs', 'texts'],
  'pay-per-view-streaming': ['highlights', 'pricing', 'apiDocs', 'texts'],
  'video-conferencing': ['highlights', 'apiDocs', 'pricing', 'texts'],
  'continuous-streaming': ['highlights', 'pricing', 'texts', 'apiDocs'],
  'multi-streaming': ['highlights', 'texts', 'pricing', 'apiDocs'],
  'video-api': ['highlights', 'features', 'pricingConstructor', 'cloudPricing', 'unlimitedPricing', 'codeExamples'],
};
/** The seed allows 4 to 13 FAQ entries per product page. */
export const PRODUCT_FAQ_RANGE = { min: 4, max: 13 } as const;

/** Products that have an engine documentation page /api-docs/<product>-engine-documentation (ours). */
export const ENGINE_DOC_PRODUCTS = [
  'multi-streaming',
  'video-on-demand',
  'pay-per-view-streaming',
  'continuous-streaming',
] as const satisfies readonly ProductSlug[];
export type EngineDocProduct = (typeof ENGINE_DOC_PRODUCTS)[number];

/** Customer and embed routes (seed §2). */
export const SIGN_IN_PATH = '/auth/sign-in';
export const BUY_LICENCE_PATH = '/user/buy-new-licence';
export const VOD_GROUP_PLAYER_PATH = '/vod-group-player';
export const CONFERENCE_ROOM_PATH = '/conferences';
/** The administrators' home: what needs attention, counts, the latest events, every admin section. */
export const ADMIN_HOME_PATH = '/admin';
/** The finance area's overview (administrators and the finance role): revenue figures as of a day. */
export const FINANCE_HOME_PATH = '/admin/finance';

/**
 * Where the browser goes after signing in (`returnTo`: where the person was, a same-site path, /ru/… for Russian).
 * Administrators land on the admin home, in the language they signed in from, unless they were already on their way
 * into the admin area or in the middle of a purchase (the purchase page with a plan chosen); the finance role lands
 * on the finance area unless on its way into the admin area (a subscription's history it was sent a link to), and
 * never on a purchase (it buys nothing); everyone else goes back to `returnTo`. The web app's sign-in forms and the
 * server's Google sign-in follow this one rule.
 */
export function landingAfterSignIn(returnTo: string, role: string): string {
  if (role !== 'ROLE_ADMIN' && role !== 'ROLE_FINANCE') return returnTo;
  const russian = /^\/ru(?=[/?#]|$)/.test(returnTo);
  const local = russian ? returnTo.slice(3) : returnTo;
  const path = local.split(/[?#]/)[0] || '/';
  if (path === ADMIN_HOME_PATH || path.startsWith(`${ADMIN_HOME_PATH}/`)) return role === 'ROLE_FINANCE' && path === ADMIN_HOME_PATH ? `${russian ? '/ru' : ''}${FINANCE_HOME_PATH}` : returnTo;
  if (role === 'ROLE_ADMIN' && path === BUY_LICENCE_PATH && /[?&]plan=/.test(local)) return returnTo;
  return `${russian ? '/ru' : ''}${role === 'ROLE_FINANCE' ? FINANCE_HOME_PATH : ADMIN_HOME_PATH}`;
}

/** Streaming protocols every self-hosted plan card lists (seed §3). */
export const PLAN_PROTOCOLS = ['SRT', 'RTMP', 'HLS/m3u8'] as const;

/**
 * Rows of a self-hosted plan card (seed §3: publishers, viewers, restreaming, recording, VOD viewers, GPU cores), plus
 * pay-per-view viewers and conference rooms: every licence grants them too, so every card says how many.
 */
export const PLAN_FEATURE_KEYS = ['publishers', 'viewers', 'restreaming', 'recording', 'vodViewers', 'ppvViewers', 'conferenceRooms', 'gpuCores'] as const;
export type PlanFeatureKey = (typeof PLAN_FEATURE_KEYS)[number];
/** A plan-card value: a count, "unlimited", or a count per licence unit. `limited` shows the limited icon. */
export interface PlanFeatureValue {
  value: number | 'unlimited';
  perUnit?: boolean;
  limited?: boolean;
}
/**
 * Plan-card feature lists (ours; the seed names the rows, not their values). The free unlimited plan mirrors
 * UNLIMITED_FREE_LIMITS; live viewers and GPU cores of the free plan are our choice.
 */
export const PLAN_FEATURES: Record<'constructor' | 'unlimitedFree' | 'unlimitedPaid', Record<PlanFeatureKey, PlanFeatureValue>> = {
  constructor: {
    publishers: { value: 1, perUnit: true },
    viewers: { value: 50, perUnit: true },
    restreaming: { value: 1, perUnit: true },
    recording: { value: 1, perUnit: true },
    vodViewers: { value: 50, perUnit: true },
    ppvViewers: { value: 5, perUnit: true },
    conferenceRooms: { value: 5, perUnit: true },
    gpuCores: { value: 'unlimited' },
  },
  unlimitedFree: {
    publishers: { value: 1, limited: true },
    viewers: { value: 50, limited: true },
    restreaming: { value: 1, limited: true },
    recording: { value: 1, limited: true },
    vodViewers: { value: 50, limited: true },
    ppvViewers: { value: 5, limited: true },
    conferenceRooms: { value: 5, limited: true },
    gpuCores: { value: 0, limited: true },
  },
  unlimitedPaid: {
    publishers: { value: 'unlimited' },
    viewers: { value: 'unlimited' },
    restreaming: { value: 'unlimited' },
    recording: { value: 'unlimited' },
    vodViewers: { value: 'unlimited' },
    ppvViewers: { value: 'unlimited' },
    conferenceRooms: { value: 'unlimited' },
    gpuCores: { value: 'unlimited' },
  },
};

/**
 * Modules the pricing builder offers, with the step of its slider (one licence unit's worth) and its range
 * (ours). The builder prices them with billing-core's quoteSubscription.
 */
export const BUILDER_MODULES = [
  { name: 'streams', min: 1, max: 200, step: 1, initial: 1 },
  { name: 'restream', min: 0, max: 200, step: 1, initial: 0 },
  { name: 'recordings', min: 0, max: 200, step: 1, initial: 0 },
  { name: 'vodViewers', min: 50, max: 10_000, step: 50, initial: 50 },
  { name: 'ppvViewers', min: 5, max: 1_000, step: 5, initial: 5 },
  { name: 'conferenceRooms', min: 0, max: 100, step: 5, initial: 0 },
] as const;

/** Billing periods of the pricing slider; it defaults to per month (seed §2). */
export const PRICING_PERIODS = ['monthly', 'annual'] as const;
export type PricingPeriod = (typeof PRICING_PERIODS)[number];
export const DEFAULT_PRICING_PERIOD: PricingPeriod = 'monthly';

/** The analytics conversion event sent when the unit quantity is calculated (seed §7; the name is ours). */
export const ANALYTICS_CONVERSION_EVENT = 'unit_quantity_calculated';

/**
 * Language codes the normaliser knows (seed §9: many codes, regional aliases mapped to base languages, zh-CN
 * distinct). The interface itself speaks LANGUAGES only; other known codes fall back to the default language.
 */
export const KNOWN_LANGUAGE_CODES = [
  'en', 'ru', 'uk', 'be', 'kk', 'de', 'fr', 'es', 'it', 'pt', 'pt-BR', 'nl', 'pl', 'cs', 'sk', 'sv', 'da', 'no',
  'fi', 'et', 'lv', 'lt', 'el', 'tr', 'ar', 'he', 'fa', 'hi', 'ja', 'ko', 'zh-CN', 'zh-TW', 'vi', 'th', 'id', 'ro',
  'hu', 'bg', 'sr', 'hr', 'ka', 'hy', 'az', 'uz',
] as const;
/** Regional codes kept distinct rather than mapped to their base language, and legacy or script aliases. */
export const LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  'zh-hans': 'zh-CN',
  'zh-sg': 'zh-CN',
  'zh-hant': 'zh-TW',
  'zh-hk': 'zh-TW',
  'zh-mo': 'zh-TW',
  zh: 'zh-CN',
  nb: 'no',
  nn: 'no',
  iw: 'he',
  in: 'id',
};
