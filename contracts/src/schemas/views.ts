import { Type, type Static } from '@sinclair/typebox';
import { AUTH_STRATEGIES, ROLES } from '../constants/roles.js';
import { LANGUAGES } from '../constants/ui.js';
import { ENTRY_CATEGORY_IDS, ENTRY_TYPES } from '../constants/content.js';
import { INFRASTRUCTURE_TYPES, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES } from '../constants/subscription.js';
import { PlanSnapshot } from '../events/subscription.js';
import { Cents, StringEnum } from './common.js';
import { InfrastructureDetails, PricedModule } from './subscription.js';
import { TemplateParts } from './entry.js';

/** What the read API answers with: the read models' documents (seed §3 entities plus audit fields). */
const Timestamps = { createdAt: Type.String(), updatedAt: Type.String() };
const Opt = Type.Optional;

export const UserView = Type.Object({
  _id: Type.String(),
  email: Type.String(),
  givenName: Type.String(),
  familyName: Type.String(),
  picture: Opt(Type.String()),
  role: StringEnum(ROLES),
  strategy: StringEnum(AUTH_STRATEGIES),
  paypalSubscriptionStatus: Opt(Type.String()),
  paypalSubscriptionID: Opt(Type.String()),
  lastSignInAt: Opt(Type.String()),
  /** The language the user chose for their account pages (profile), when they chose one. */
  language: Opt(StringEnum(LANGUAGES)),
  /** The address is verified (Google sign-up, or the link e-mailed at sign-up followed). Trials need it. */
  emailVerified: Opt(Type.Boolean()),
  /** Reminder e-mails (trial ending, upcoming annual renewal, licence expiring): false once turned off. */
  emailReminders: Opt(Type.Boolean()),
  version: Type.Integer(),
  ...Timestamps,
});
export type UserView = Static<typeof UserView>;

export const SubscriptionView = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  user_id: Type.String(),
  customer: Type.Object({ email: Type.String(), name: Type.String() }),
  infrastructure_type: StringEnum(INFRASTRUCTURE_TYPES),
  subscription_type: StringEnum(SUBSCRIPTION_TYPES),
  status: StringEnum(SUBSCRIPTION_STATUSES),
  plan: PlanSnapshot,
  payment_details: Type.Object({
    payment_method: Type.String(),
    plan_id: Type.String(),
    amount: Cents,
    unitQuantity: Type.Integer(),
    privacy_policy_confirm: Type.Boolean(),
    client_id: Opt(Type.String()),
  }),
  infrastructure_details: InfrastructureDetails,
  licence_key: Opt(Type.String()),
  hardware_key: Opt(Type.String()),
  startDate: Opt(Type.String()),
  endDate: Opt(Type.String()),
  trialStartDate: Opt(Type.String()),
  trialEndDate: Opt(Type.String()),
  trialPeriod: Opt(Type.Integer()),
  paypalSubscriptionID: Opt(Type.String()),
  paypalOrderID: Opt(Type.String()),
  periodStart: Opt(Type.String()),
  periodEnd: Opt(Type.String()),
  quantity: Type.Integer(),
  modules: Type.Array(PricedModule),
  /** Price of one billing period, in cents. */
  amount: Cents,
  currency: Type.String(),
  totals: Type.Object({ ordered: Cents, captured: Cents, refunded: Cents, payments: Type.Integer() }),
  /** Cents owed from revisions inside a paid period (negative: a credit for the next payment). */
  balance: Type.Integer(),
  /** What the next PayPal payment would be, and for what. */
  amountDue: Cents,
  /** Account credit (money PayPal took for an order that was no longer current), used towards what is due next. */
  credit: Opt(Cents),
  /** A price rise waiting for its balance: in force once `balance` is paid. */
  pendingChange: Opt(Type.Object({ quantity: Type.Integer(), amount: Cents, balance: Cents, modules: Type.Array(PricedModule), requestedAt: Type.String() })),
  /** A price fall taking effect when the paid time ends. */
  scheduledChange: Opt(Type.Object({ quantity: Type.Integer(), amount: Cents, modules: Type.Array(PricedModule), effectiveAt: Type.String() })),
  /** Disputes PayPal reported on this subscription's payments (administrators follow them up). */
  disputes: Opt(Type.Array(Type.Object({ id: Type.String(), stage: Type.String(), status: Type.String(), captureId: Opt(Type.String()) }))),
  /** The next renewal: when, and what it will charge (after credit). */
  nextRenewal: Opt(Type.Object({ at: Type.String(), amount: Cents })),
  /** A saved PayPal wallet charged by renewals without the buyer, or none (the customer pays each renewal). */
  paymentMethod: Opt(Type.Object({ vaulted: Type.Boolean(), payerEmail: Opt(Type.String()) })),
  /** A payment that fell due and was not made, and what happens next. */
  dunning: Opt(
    Type.Object({
      dueAt: Type.String(),
      attempts: Type.Integer(),
      nextRetryAt: Opt(Type.String()),
      graceUntil: Type.String(),
      suspendAt: Type.String(),
      cancelAt: Type.String(),
    }),
  ),
  /** Cancels on this date (the end of the paid time) unless undone. */
  cancelAt: Opt(Type.String()),
  /** Paused: why, and until when (absent: until resumed). */
  pause: Opt(Type.Object({ reason: Type.String(), resumeAt: Opt(Type.String()) })),
  /** The current licence: serial, valid until, revoked or not. */
  licence: Opt(Type.Object({ serial: Type.Integer(), quantity: Type.Integer({ description: 'Licence units the file grants' }), issuedAt: Type.String(), validUntil: Type.String(), revoked: Type.Boolean() })),
  /** The next thing the billing clock will do to this subscription. */
  nextEvent: Opt(Type.Object({ kind: Type.String(), at: Type.String() })),
  version: Type.Integer(),
  ...Timestamps,
});
export type SubscriptionView = Static<typeof SubscriptionView>;

/** One line of a subscription's (or user's) auditable history: every event, who, when, what changed. */
export const HistoryItem = Type.Object({
  id: Type.String(),
  streamId: Type.String(),
  type: Type.String(),
  version: Type.Integer(),
  position: Type.String(),
  at: Type.String(),
  actor: Type.Object({ id: Type.String(), role: Type.String() }),
  correlationId: Type.String(),
  causationId: Type.Union([Type.String(), Type.Null()]),
  summary: Type.String(),
  changes: Opt(Type.Record(Type.String(), Type.Object({ from: Type.Unknown(), to: Type.Unknown() }))),
  amount: Opt(Type.Integer()),
  currency: Opt(Type.String()),
  /** true: recorded with demo payments (PAYMENTS=demo, the built-in PayPal sandbox): no money moved. */
  demo: Opt(Type.Boolean()),
  data: Type.Unknown(),
});
export type HistoryItem = Static<typeof HistoryItem>;

export const EntryView = Type.Object({
  _id: Type.String(),
  entry_type: StringEnum(ENTRY_TYPES),
  category: Opt(StringEnum(ENTRY_CATEGORY_IDS)),
  url: Opt(Type.String()),
  template_id: Opt(Type.String()),
  locale: Opt(Type.String()),
  /** A section override: the section of the page at `url` it overrides, in `locale` (see EntryStoredFields). */
  section: Opt(Type.String()),
  /** The working copy: for a section override, its draft. */
  template: TemplateParts,
  /** A section override's published copy (what visitors see) and when it was published; none while a draft only. */
  published: Opt(TemplateParts),
  publishedAt: Opt(Type.String()),
  version: Type.Integer(),
  ...Timestamps,
});
export type EntryView = Static<typeof EntryView>;

export const FileView = Type.Object({
  _id: Type.String(),
  originalName: Type.String(),
  mimeType: Type.String(),
  size: Type.Integer(),
  sha256: Type.String(),
  storageKey: Type.String(),
  /** Where the file can be downloaded from. */
  url: Type.String(),
  uploadedBy: Type.String(),
  ...Timestamps,
});
export type FileView = Static<typeof FileView>;

/** Paging information that list answers carry beside `data`. */
export const PageMeta = Type.Object({ total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() });
export type PageMeta = Static<typeof PageMeta>;
