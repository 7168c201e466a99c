/**
 * The price catalogue (seed §9). Every amount is an integer number of US cents.
 * Where the seed says "not shown" (cloud tiers, the calculator's option lists, module groups) the values below
 * are ours; the README lists them.
 */

/** One row of a graduated unit-price table: units whose ordinal lies in [from, to] cost priceCents each. */
export interface PriceTier {
  from: number;
  to: number;
  priceCents: number;
}

/** Self-hosted licence units: 1–20 at $5, 21–40 at $4, 41 and above at $3 (up to 1,000,000). */
export const SELF_HOSTED_TIERS: readonly PriceTier[] = [
  { from: 1, to: 20, priceCents: 500 },
  { from: 21, to: 40, priceCents: 400 },
  { from: 41, to: 1_000_000, priceCents: 300 },
];
/** SaaS units cost nothing by themselves: SaaS modules are priced by their tables. */
export const SAAS_TIERS: readonly PriceTier[] = [{ from: 1, to: 1_000_000, priceCents: 0 }];

/** Modules a plan is built from. */
export const MODULE_NAMES = [
  'streams',
  'restream',
  'recordings',
  'vodViewers',
  'ppvViewers',
  'conferenceRooms',
  'transcoding',
  'playerViewers',
] as const;
export type ModuleName = (typeof MODULE_NAMES)[number];

/** How much of a module one licence unit covers (seed §9). */
export const PER_UNIT_LIMITS: Partial<Record<ModuleName, number>> = {
  streams: 1,
  restream: 1,
  recordings: 1,
  vodViewers: 50,
  ppvViewers: 5,
  conferenceRooms: 5,
};
/** Modules every self-hosted licence includes at no charge (seed §9: default free VOD viewers 50, PPV viewers 5). */
export const DEFAULT_FREE_LIMITS: Partial<Record<ModuleName, number>> = {
  vodViewers: 50,
  ppvViewers: 5,
};

/**
 * Shared payment-unit groups (ours; the seed names the rule, not the groups). Within a group a customer pays for
 * the largest module only: recordings are of published streams, and VOD and PPV viewers watch the same players.
 */
export const PAYMENT_UNIT_GROUPS: Partial<Record<ModuleName, string>> = {
  streams: 'streams',
  recordings: 'streams',
  restream: 'restream',
  vodViewers: 'viewers',
  ppvViewers: 'viewers',
  conferenceRooms: 'conference',
};
/** Order in which groups take unit ordinals when a self-hosted quote is split into module amounts. */
export const PAYMENT_UNIT_GROUP_ORDER = ['streams', 'restream', 'viewers', 'conference'] as const;

/** One row of a SaaS module table: choosing `amount` of the module costs priceCents a month (0 = free). */
export interface ModulePriceRow {
  amount: number;
  priceCents: number;
}
const multiStreamingRows: ModulePriceRow[] = [
  { amount: 2, priceCents: 0 },
  { amount: 6, priceCents: 11_000 },
  { amount: 10, priceCents: 27_500 },
  { amount: 15, priceCents: 57_500 },
];
/** SaaS module price tables (seed §9). */
export const MODULE_PRICE_TABLES: Partial<Record<ModuleName, readonly ModulePriceRow[]>> = {
  restream: [...multiStreamingRows, { amount: 20, priceCents: 177_500 }],
  recordings: [...multiStreamingRows, { amount: 20, priceCents: 179_000 }],
  transcoding: [...multiStreamingRows, { amount: 20, priceCents: 179_000 }],
  playerViewers: [
    { amount: 10, priceCents: 0 },
    { amount: 50, priceCents: 11_000 },
    { amount: 100, priceCents: 27_500 },
    { amount: 500, priceCents: 57_500 },
    { amount: 1000, priceCents: 179_000 },
    { amount: 5000, priceCents: 570_000 },
    { amount: 10000, priceCents: 975_000 },
  ],
};

/** Self-hosted unlimited plan (seed §9): free $0 (limited), $79 a month, or $59 a month billed annually. */
export const UNLIMITED_PERIODS = ['free', 'monthly', 'annual'] as const;
export type UnlimitedPeriod = (typeof UNLIMITED_PERIODS)[number];
export const UNLIMITED_MONTHLY_PRICE_CENTS: Record<UnlimitedPeriod, number> = {
  free: 0,
  monthly: 7_900,
  annual: 5_900,
};
/** Months charged at once per period: the annual plan is paid for twelve months up front. */
export const UNLIMITED_BILLED_MONTHS: Record<UnlimitedPeriod, number> = { free: 0, monthly: 1, annual: 12 };
/** Limits of the free unlimited plan ("limited"). */
export const UNLIMITED_FREE_LIMITS: Partial<Record<ModuleName, number>> = {
  streams: 1,
  restream: 1,
  recordings: 1,
  vodViewers: 50,
  ppvViewers: 5,
  conferenceRooms: 5,
};

/** Headline "from" prices shown on product and pricing pages (seed §9). */
export const DISPLAY_PRICES_CENTS = {
  builderFromPayPerView: 100,
  builderFrom: 500,
  selfHostedConstructorPerMonth: 500,
  cloudFromPerHourCatalogue: 27,
  cloudPayAsYouGoFromPerHourPerMachine: 5,
  unlimitedFree: 0,
  unlimitedMonthly: 7_900,
  unlimitedAnnual: 5_900,
} as const;
/** Included traffic per cloud multi-streaming channel (seed §9). */
export const CLOUD_CHANNEL_INCLUDED_GB = 25;
/** External cloud marketplace listing the cloud offer links to. */
export const CLOUD_MARKETPLACE_URL = 'https://marketplace.example-cloud.com/listing/relaycast-streaming-engine';

/** Module names as customers read them (seed §3: modules carry i18n labels). */
export const MODULE_LABELS: Record<ModuleName, { en: string; ru: string }> = {
  streams: { en: 'Publishing streams', ru: 'Публикуемые потоки' },
  restream: { en: 'Restreams', ru: 'Ретрансляции' },
  recordings: { en: 'Recordings', ru: 'Записи' },
  vodViewers: { en: 'VOD viewers', ru: 'Зрители VOD' },
  ppvViewers: { en: 'Pay-per-view viewers', ru: 'Зрители платного эфира' },
  conferenceRooms: { en: 'Conference rooms', ru: 'Конференц-комнаты' },
  transcoding: { en: 'Transcoding channels', ru: 'Каналы транскодирования' },
  playerViewers: { en: 'Player viewers', ru: 'Зрители плеера' },
};
