import { Type, type Static } from '@sinclair/typebox';
import {
  INFRASTRUCTURE_TYPES,
  PAYMENT_METHODS,
  PLAN_IDS,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPES,
} from '../constants/subscription.js';
import { MODULE_NAMES } from '../constants/pricing.js';
import { Country, VatNumber } from './billing.js';
import { Cents, Id, IsoDateTime, listQuery, Name, Quantity, ShortText, StringEnum, OPEN_FORM, SUBSCRIPTION_SORT_KEYS } from './common.js';

/** A module the customer configures: its name and the limit wanted (streams, viewers, rooms…). */
export const ModuleSelection = Type.Object(
  {
    name: StringEnum(MODULE_NAMES),
    limit: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
  },
  OPEN_FORM,
);
export type ModuleSelection = Static<typeof ModuleSelection>;
export const ModuleSelections = Type.Array(ModuleSelection, { maxItems: 32 });

/** A module as stored on a subscription, priced by the server (seed §3: name, limit, free or amount, i18n labels). */
export const PricedModule = Type.Object({
  name: StringEnum(MODULE_NAMES),
  limit: Type.Integer({ minimum: 0 }),
  units: Type.Integer({ minimum: 0 }),
  free: Type.Boolean(),
  amount: Cents,
  labels: Type.Object({ en: Type.String(), ru: Type.String() }),
});
export type PricedModule = Static<typeof PricedModule>;

export const PaymentDetails = Type.Object(
  {
    payment_method: Type.Optional(StringEnum(PAYMENT_METHODS)),
    plan_id: Type.Optional(StringEnum(PLAN_IDS)),
    /** The browser's figure in cents. The server recomputes it and refuses a mismatch (422). */
    amount: Type.Optional(Cents),
    unitQuantity: Type.Optional(Quantity),
    privacy_policy_confirm: Type.Optional(Type.Boolean()),
    client_id: Type.Optional(Type.String({ maxLength: 256 })),
  },
  OPEN_FORM,
);
export type PaymentDetails = Static<typeof PaymentDetails>;

export const InfrastructureDetails = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 255 })),
    password: Type.Optional(Type.String({ maxLength: 255 })),
    data_center: Type.Optional(Type.String({ maxLength: 64 })),
    cpu: Type.Optional(Type.String({ maxLength: 32 })),
    ram: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    disk_size_0: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    disk_src_0: Type.Optional(Type.String({ maxLength: 255 })),
    network_name_0: Type.Optional(Type.String({ maxLength: 255 })),
    power: Type.Optional(Type.Boolean()),
    billing: Type.Optional(Type.String({ maxLength: 32 })),
  },
  // The seed's fields only: anything else would be stored, replayed and served back for ever (issue 14, item 1).
  { additionalProperties: false },
);
export type InfrastructureDetails = Static<typeof InfrastructureDetails>;

/** Fields a subscription form may carry beside the required ones. */
const SubscriptionFormFields = {
  name: Type.Optional(Name),
  infrastructure_type: Type.Optional(StringEnum(INFRASTRUCTURE_TYPES)),
  payment_details: Type.Optional(PaymentDetails),
  infrastructure_details: Type.Optional(InfrastructureDetails),
  quantity: Type.Optional(Quantity),
  modules: Type.Optional(ModuleSelections),
  licence_key: Type.Optional(Type.String({ maxLength: 512 })),
  hardware_key: Type.Optional(Type.String({ maxLength: 512 })),
  startDate: Type.Optional(IsoDateTime),
  endDate: Type.Optional(IsoDateTime),
  /** Administrators only: Live at once without payment, with its reason (and until when; default one billing period). */
  complimentary: Type.Optional(Type.Object({ reason: Type.String({ minLength: 1, maxLength: 2000 }), until: Type.Optional(IsoDateTime) }, { additionalProperties: false })),
};

/** /subscriptions/create (seed §5): subscription_type, status and user_id required; extra fields allowed. */
export const SubscriptionCreate = Type.Object(
  {
    subscription_type: StringEnum(SUBSCRIPTION_TYPES),
    status: StringEnum(SUBSCRIPTION_STATUSES),
    user_id: Id,
    ...SubscriptionFormFields,
  },
  OPEN_FORM,
);
export type SubscriptionCreate = Static<typeof SubscriptionCreate>;

/** /subscriptions/update: the id plus form fields. Price-bearing fields change through revise, not here. */
export const SubscriptionUpdate = Type.Object(
  {
    id: Id,
    name: Type.Optional(Name),
    status: Type.Optional(StringEnum(SUBSCRIPTION_STATUSES)),
    subscription_type: Type.Optional(StringEnum(SUBSCRIPTION_TYPES)),
    infrastructure_details: Type.Optional(InfrastructureDetails),
    licence_key: Type.Optional(Type.String({ maxLength: 512 })),
    hardware_key: Type.Optional(Type.String({ maxLength: 512 })),
    startDate: Type.Optional(IsoDateTime),
    endDate: Type.Optional(IsoDateTime),
  },
  OPEN_FORM,
);
export type SubscriptionUpdate = Static<typeof SubscriptionUpdate>;

/** /subscriptions/revise (seed §5): user_id, paypalSubscriptionID, quantity required; id optional. */
export const SubscriptionRevise = Type.Object(
  {
    id: Type.Optional(Id),
    user_id: Id,
    paypalSubscriptionID: Id,
    quantity: Quantity,
    modules: Type.Optional(ModuleSelections),
    /** The browser's new amount in cents; refused with 422 when it differs from the server's. */
    amount: Type.Optional(Cents),
    /** true: only preview the new amount and proration, append nothing. */
    preview: Type.Optional(Type.Boolean()),
  },
  OPEN_FORM,
);
export type SubscriptionRevise = Static<typeof SubscriptionRevise>;

/** The PayPal reference both capture calls carry (seed §5): user, order, billing reference and quantity. */
const PayPalOrderReference = {
  id: Type.Optional(Id),
  user_id: Id,
  paypalOrderID: Id,
  paypalSubscriptionID: Id,
  quantity: Quantity,
};

/**
 * /subscriptions/captureOrder (seed §5). `confirmCountry`: the customer's answer when their billing country and the
 * PayPal account's country disagree (409 TAX_COUNTRY_CONFLICT): the billing country is right, capture at its tax.
 */
export const CaptureOrder = Type.Object({ ...PayPalOrderReference, confirmCountry: Type.Optional(Country) }, OPEN_FORM);
export type CaptureOrder = Static<typeof CaptureOrder>;

/** /subscriptions/captureChangePaymentMethod (seed §5). */
export const CaptureChangePaymentMethod = Type.Object(PayPalOrderReference, OPEN_FORM);
export type CaptureChangePaymentMethod = Static<typeof CaptureChangePaymentMethod>;

/** /subscriptions/cancelAll: a customer cancels their own; an administrator names the user. */
export const CancelAll = Type.Object(
  { user_id: Type.Optional(Id), reason: Type.Optional(ShortText) },
  OPEN_FORM,
);
export type CancelAll = Static<typeof CancelAll>;

/** The signed-in customer's own subscriptions (/subscriptions/findAllByToken). */
export const OwnSubscriptionsQuery = listQuery(SUBSCRIPTION_SORT_KEYS);
export type OwnSubscriptionsQuery = Static<typeof OwnSubscriptionsQuery>;

export const SubscriptionListQuery = Type.Composite([
  OwnSubscriptionsQuery,
  Type.Object({
    status: Type.Optional(StringEnum(SUBSCRIPTION_STATUSES)),
    user_id: Type.Optional(Id),
    /** Only subscriptions whose next step is a renewal, or that are in dunning (a payment due and not made). */
    due: Type.Optional(StringEnum(['renewal', 'dunning'] as const)),
    /** With `due`: only those whose next step comes before this time. */
    dueBefore: Type.Optional(IsoDateTime),
    /** With `due`: only those whose next step comes within this many days of the billing clock's time. */
    dueWithinDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 366 })),
  }),
]);
export type SubscriptionListQuery = Static<typeof SubscriptionListQuery>;

/** /subscriptions/history: one subscription's events, optionally filtered by type and time. */
export const HistoryQuery = Type.Object({
  id: Id,
  types: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 32 })),
  from: Type.Optional(IsoDateTime),
  to: Type.Optional(IsoDateTime),
});
export type HistoryQuery = Static<typeof HistoryQuery>;

/**
 * /subscriptions/quote: a configuration to price, and optionally whom for (docs/tax.md): the customer's `country` and
 * `vatNumber` (its country prefix first: DE…). Without either, a signed-in customer's billing details are used.
 */
export const QuoteRequest = Type.Object({
  plan_id: StringEnum(PLAN_IDS),
  infrastructure_type: StringEnum(INFRASTRUCTURE_TYPES),
  subscription_type: StringEnum(SUBSCRIPTION_TYPES),
  modules: Type.Optional(ModuleSelections),
  quantity: Type.Optional(Quantity),
  country: Type.Optional(Country),
  vatNumber: Type.Optional(VatNumber),
});
export type QuoteRequest = Static<typeof QuoteRequest>;
