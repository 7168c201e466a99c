import { Type, type Static, type TInteger, type TSchema } from '@sinclair/typebox';
import { INFRASTRUCTURE_TYPES, PLAN_IDS, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES, type SubscriptionStatus } from '../constants/subscription.js';
import { ROLES, type Role } from '../constants/roles.js';
import { UNLIMITED_PERIODS } from '../constants/pricing.js';
import { BillingPolicy, BillingPolicySet } from '../events/policy.js';
import { CreditNoteIssued, InvoiceIssued } from '../events/invoice.js';
import { CREDIT_NOTE_NUMBER_PATTERN, CREDIT_NOTE_REASONS } from '../constants/invoices.js';
import { BillingDetails } from './billing.js';
import { TaxLine, TaxNotices, VatNumberCheck } from './tax.js';
import { Cents, StringEnum } from './common.js';
import { PricedModule } from './subscription.js';
import { HistoryItem, SubscriptionView, UserView } from './views.js';

/**
 * What the API answers beyond the read models' documents (views.ts): the `data` of the answers whose shape is not a
 * view, the `meta` beside them, and the error answer. The OpenAPI document (read-api/src/http/openapi.ts) is made
 * from these, and read-api/src/http/openapi.int.spec.ts validates real answers against the document with ajv.
 */
const Opt = Type.Optional;
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** Sign-in and sign-up: the user, and the session token an API client sends back in the AUTH_TOKEN_VALUE header. */
export const SignedInView = Type.Composite([
  UserView,
  Type.Object({ token: Type.String({ description: 'The session token (30 days): send it as the AUTH_TOKEN_VALUE header. Browsers get it as the httpOnly auth_token cookie too.' }) }),
]);
export type SignedInView = Static<typeof SignedInView>;

/** `/auth/google/getUser` when nobody is signed in. */
export const NobodyView = Type.Object({}, { additionalProperties: false, description: 'Nobody is signed in' });

/** "Sign out everywhere": how many sessions the user had is not told; every one of them ended at `at`. */
export const SignedOutEverywhereView = Type.Object({ _id: Type.String(), signedOutEverywhere: Type.Literal(true), at: Type.String() });
export type SignedOutEverywhereView = Static<typeof SignedOutEverywhereView>;

/** A removal (recorded as an event; the history stays). */
export const RemovedView = Type.Object({ _id: Type.String(), removed: Type.Literal(true) });
export type RemovedView = Static<typeof RemovedView>;

/** `/users/erase`. */
export const ErasedView = Type.Object({ _id: Type.String(), erased: Type.Literal(true), alreadyErased: Type.Boolean() });

/** `/subscriptions/cancelAll`: the ids of the subscriptions it cancelled. */
export const CancelledView = Type.Object({ cancelled: Type.Array(Type.String()) });

/** `/subscriptions/quote`: exactly what the server charges for a configuration. */
export const QuoteView = Type.Object({
  plan_id: StringEnum(PLAN_IDS),
  period: Opt(StringEnum(UNLIMITED_PERIODS)),
  infrastructure_type: StringEnum(INFRASTRUCTURE_TYPES),
  subscription_type: StringEnum(SUBSCRIPTION_TYPES),
  modules: Type.Array(PricedModule),
  /** Licence units (at least 1). */
  quantity: Type.Integer({ minimum: 1 }),
  /** One month of this configuration, in cents. */
  monthlyAmount: Cents,
  /** Months paid at once (0: nothing is charged through PayPal). */
  billingMonths: Type.Integer({ minimum: 0 }),
  /** One payment: monthlyAmount × billingMonths, in cents — net of tax (catalogue prices are net). */
  amount: Cents,
  currency: Type.String(),
  /** The tax of that payment (docs/tax.md): one line per rate (none when no country is known or tax is off). */
  taxLines: Type.Array(TaxLine, { maxItems: 8 }),
  /** The tax, in cents: the sum of the tax lines. */
  tax: Cents,
  /** What is charged, in cents: amount + tax. */
  total: Cents,
  /** What the customer should be told beside the figures (a VAT number that failed its check, no country known…). */
  taxNotices: TaxNotices,
});
export type QuoteView = Static<typeof QuoteView>;

/**
 * `/subscriptions/amountToPay` (and a revision preview's `payNow`): what PayPal is asked for if the customer pays now,
 * tax included — decided by the server from the customer's billing details (docs/tax.md), never in the browser. Every
 * button that pays says `toPay`.
 */
export const AmountToPayView = Type.Object({
  /** What is paid: a billing period, or a pending change's balance; null when nothing is due. */
  purpose: Type.Union([StringEnum(['period', 'balance'] as const), Type.Null()]),
  /** The price net of tax, in cents. */
  amount: Cents,
  /** Its tax lines (none when no country is known or tax is off). */
  taxLines: Type.Array(TaxLine, { maxItems: 8 }),
  tax: Cents,
  /** amount + tax. */
  total: Cents,
  /** true: the tax is inside a price kept from before taxes (the subscription keeps the gross it paid). */
  included: Type.Boolean(),
  /** Account credit used towards it, in cents. */
  credit: Cents,
  /** What PayPal is asked for: total less credit, in cents. */
  toPay: Cents,
  currency: Type.String(),
  /** What the customer should be told beside the figures (a VAT number that failed its check, no country known…). */
  taxNotices: TaxNotices,
});
export type AmountToPayView = Static<typeof AmountToPayView>;

/** `/subscriptions/createOrder`: the PayPal order for what is due now, for the buyer to approve. */
export const OrderView = Type.Object({
  paypalOrderID: Type.String(),
  /** The subscription's billing reference at PayPal (the order's custom id). */
  paypalSubscriptionID: Type.String(),
  amount: Cents,
  currency: Type.String(),
  purpose: StringEnum(['period', 'balance'] as const),
  /** Where the buyer approves the order (null when PayPal gave none: the JS SDK's buttons approve it). */
  approveUrl: Nullable(Type.String()),
  /** true: an order already open for this payment was handed out again. */
  reused: Type.Boolean(),
});
export type OrderView = Static<typeof OrderView>;

/** `/subscriptions/createPaymentMethodOrder`: an order with intent AUTHORIZE, never captured. */
export const PaymentMethodOrderView = Type.Object({
  paypalOrderID: Type.String(),
  paypalSubscriptionID: Type.String(),
  approveUrl: Nullable(Type.String()),
});

/** `/subscriptions/walletSetup`: the PayPal setup token the buyer approves. */
export const WalletSetupView = Type.Object({ setupTokenId: Type.String(), approveUrl: Nullable(Type.String()) });

const REVISION_EFFECTS = ['immediate', 'pending', 'scheduled', 'withdrawn', 'none'] as const;
const SAVED_WALLET_OUTCOMES = ['paid', 'declined', 'no-wallet', 'nothing-due'] as const;

/** `/subscriptions/revise` with `preview: true`: what the revision would do; nothing is recorded. */
export const RevisionPreviewView = Type.Object({
  effect: StringEnum(REVISION_EFFECTS),
  quantity: Opt(Type.Integer()),
  amount: Opt(Cents),
  previousAmount: Opt(Cents),
  /** The balance to pay now for a change pending its payment (0 otherwise). */
  proration: Type.Integer(),
  balance: Opt(Type.Integer()),
  effectiveAt: Opt(Type.String()),
  modules: Opt(Type.Array(PricedModule)),
  /** What will be due after it, in cents. */
  amountDueAfter: Type.Integer(),
  savedWallet: Opt(StringEnum(SAVED_WALLET_OUTCOMES)),
  /** A change pending its balance: what paying it now asks of PayPal, tax included (the "Pay $X now" of the apply button). */
  payNow: Opt(AmountToPayView),
  currency: Type.String(),
  /** The subscription's version the preview was made on. */
  version: Type.Integer(),
});

/** `meta` of a revision that changed something: what it did, and whether the saved PayPal account paid its balance. */
export const RevisionMeta = Type.Object({ effect: Opt(StringEnum(REVISION_EFFECTS)), savedWallet: Opt(StringEnum(SAVED_WALLET_OUTCOMES)) });

/** `meta` of `/subscriptions/createOrder` when the account credit paid what was due (no PayPal order). */
export const PaidFromCreditMeta = Type.Object({ paidFromCredit: Opt(Type.Literal(true)), consistent: Opt(Type.Literal(false)) });

/** `meta` of a capture PayPal took after the subscription changed: kept as account credit. */
export const CreditedMeta = Type.Object({ credited: Opt(Type.Literal(true)), amount: Opt(Cents), message: Opt(Type.String()) });

/** `meta` of `/subscriptions/cancelNow`: what was refunded through PayPal, in cents. */
export const RefundedMeta = Type.Object({ refunded: Type.Integer({ minimum: 0 }) });

/** `/admin/billing-policy`: the policy every process follows, from the event log, with its history. */
/** A field of the billing policy out of its bounds (billing-core/src/policy), with the rule the web app words. */
export const PolicyProblem = Type.Object({ field: Type.String(), message: Type.String(), rule: Opt(Type.String()), params: Opt(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))) });

export const BillingPolicyView = Type.Object({
  /** The policy every process applies: the recorded one (within its bounds), or the defaults. */
  policy: BillingPolicy,
  /** false: none was ever recorded, the defaults apply. */
  recorded: Type.Boolean(),
  /** The recorded policy is out of bounds (recorded before they existed): it applies clamped, as `policy` says. */
  outOfBounds: Opt(Type.Object({ recorded: BillingPolicy, problems: Type.Array(PolicyProblem) })),
  history: Type.Array(Type.Object({ at: Type.String(), data: BillingPolicySet, actorId: Type.String() })),
});

/** `/admin/clock/advance`: the test clock's time before and after, and the due items run. */
export const ClockAdvanceView = Type.Object({ from: Type.String(), now: Type.String(), ran: Type.Integer({ minimum: 0 }) });

/** `GET /billing/clock`: the billing clock (the system clock, or a test clock standing still until advanced). */
export const BillingClockView = Type.Object({ mode: StringEnum(['system', 'test'] as const), now: Type.String() });

/** `/payments/config`: what the browser needs to show PayPal's buttons. Nothing here is secret. */
export const PaymentConfigView = Type.Object({
  configured: Type.Boolean(),
  clientId: Nullable(Type.String()),
  sdkUrl: Type.String(),
  currency: Type.String(),
  environment: StringEnum(['sandbox', 'live'] as const),
  /** PAYMENTS: PayPal, demo payments (the built-in sandbox: no money moves) or none. */
  mode: Opt(StringEnum(['paypal', 'demo', 'off'] as const)),
});

/** `/subscriptions/cancelNowPreview`: what cancelling at once would refund through PayPal now, in cents (nothing is recorded). */
export const CancelNowPreviewView = Type.Object({
  /** In all: the sum of the lines (each payment's unused share, to the millisecond, rounded down per capture). */
  refund: Type.Integer({ minimum: 0 }),
  /** Paid or covered until (absent: no paid time runs). */
  paidUntil: Opt(Type.String()),
  currency: Type.String(),
  /** Per payment: what it paid for (a billing period, or a raise of the configuration: its balance) and what of it goes back. */
  lines: Type.Array(
    Type.Object({
      captureId: Type.String(),
      kind: StringEnum(['period', 'raise'] as const),
      /** The time it paid for (a raise: from its payment to the end of the last period it raised). */
      start: Type.String(),
      end: Type.String(),
      quantity: Type.Integer({ minimum: 1 }),
      /** A raise: the units before it. */
      previousQuantity: Opt(Type.Integer({ minimum: 1 })),
      amount: Type.Integer({ minimum: 1 }),
    }),
  ),
});
export type CancelNowPreviewView = Static<typeof CancelNowPreviewView>;

/**
 * `/subscriptions/actions`: what the caller may do to the subscription now, by the checks the commands themselves run
 * (billing-core's lifecycle checks): the admin area offers exactly these.
 */
export const SubscriptionActionsView = Type.Object({
  pause: Type.Boolean(),
  resume: Type.Boolean(),
  grantComplimentary: Type.Boolean(),
  cancelAtPeriodEnd: Type.Boolean(),
  cancelNow: Type.Boolean(),
});
export type SubscriptionActionsView = Static<typeof SubscriptionActionsView>;

/** A count and the first few of what it counts, newest or soonest first. */
const Counted = <T extends TSchema>(item: T) => Type.Object({ total: Type.Integer({ minimum: 0 }), items: Type.Array(item) });

/** `/admin/overview`: the administrators' home — what needs attention, counts, the latest events, the clock and payments. */
export const AdminOverviewView = Type.Object({
  /** The billing clock's time, and whether it is a test clock an administrator moves. */
  now: Type.String(),
  clock: StringEnum(['system', 'test'] as const),
  /** PAYMENTS: PayPal, demo payments (the built-in sandbox: no money moves) or none. */
  payments: StringEnum(['paypal', 'demo', 'off'] as const),
  counts: Type.Object({
    users: Type.Object({ total: Type.Integer({ minimum: 0 }), byRole: Type.Object(Object.fromEntries(ROLES.map((r) => [r, Type.Integer({ minimum: 0 })])) as Record<Role, TInteger>) }),
    subscriptions: Type.Object({
      total: Type.Integer({ minimum: 0 }),
      byStatus: Type.Object(Object.fromEntries(SUBSCRIPTION_STATUSES.map((s) => [s, Type.Integer({ minimum: 0 })])) as Record<SubscriptionStatus, TInteger>),
    }),
  }),
  attention: Type.Object({
    /** A renewal not paid at its due date: waiting for payment, dunning running (soonest next step first). */
    dunning: Counted(SubscriptionView),
    /** Renewals due within `days` of the clock's time, soonest first. */
    renewals: Type.Composite([Counted(SubscriptionView), Type.Object({ days: Type.Integer({ minimum: 1 }) })]),
    /** Subscriptions with a PayPal dispute not yet resolved. */
    disputes: Counted(SubscriptionView),
    /** Charges PayPal did not make within `days` before the clock's time (saved accounts declined, captures refused). */
    failedCharges: Type.Composite([Counted(HistoryItem), Type.Object({ days: Type.Integer({ minimum: 1 }) })]),
  }),
  /** The latest events of subscriptions and users (sign-ins left out), newest first. */
  latest: Type.Array(HistoryItem),
  /** What the latest events are about, once per stream: a subscription's name and its customer's e-mail, or a user's name and e-mail. */
  subjects: Type.Array(Type.Object({ streamId: Type.String(), name: Type.String(), email: Type.String() })),
  /** The billing policy in the event log is out of bounds: what is out (it applies clamped; set it again within them). */
  policyOutOfBounds: Opt(Type.Array(PolicyProblem)),
});
export type AdminOverviewView = Static<typeof AdminOverviewView>;

/** `/admin/demo/declineWallet` (demo payments only). */
export const DemoDeclineView = Type.Object({ id: Type.String(), vaultId: Type.String(), declineNext: Type.Integer({ minimum: 0 }) });

/** What a licence file says (signed; engines verify it offline with the public key). */
export const LicenceDocumentView = Type.Object({
  format: Type.String(),
  licenceKey: Type.String(),
  subscriptionId: Type.String(),
  customerId: Type.String(),
  plan: Type.Object({ plan_id: Type.String(), period: Opt(Type.String()) }),
  modules: Type.Array(Type.Object({ name: Type.String(), limit: Type.Integer() })),
  quantity: Type.Integer(),
  /** The licence's serial on its subscription: each paid period or change issues the next one. */
  serial: Type.Integer(),
  issuedAt: Type.String(),
  validUntil: Type.String(),
  /** Paid with demo payments (no money moved): a demo licence, signed with the demo key, never valid. */
  demo: Opt(Type.Literal(true)),
});

/** `/licence/verify`: valid or not, why, and what the file says. */
export const LicenceVerdictView = Type.Object({
  valid: Type.Boolean(),
  reason: Opt(StringEnum(['MALFORMED', 'WRONG_KEY', 'TAMPERED', 'EXPIRED', 'DEMO', 'REVOKED', 'SUPERSEDED'] as const)),
  /** A renewal's earlier file: still valid, within what the current licence grants. */
  superseded: Opt(Type.Literal(true)),
  currentSerial: Opt(Type.Integer()),
  licence: Opt(LicenceDocumentView),
});

/**
 * An invoice: one capture of money, numbered without gaps per seller and book (INV-000001, …; demo payments
 * DEMO-INV-000001, …), as issued (InvoiceIssued), with the credit notes that refer to it so far.
 */
export const InvoiceView = Type.Composite([
  InvoiceIssued,
  Type.Object({
    /** What its credit notes gave back so far: never more than `total`. */
    credited: Cents,
    creditNotes: Type.Array(Type.Object({ number: Type.String({ pattern: CREDIT_NOTE_NUMBER_PATTERN }), amount: Cents, issuedAt: Type.String(), reason: StringEnum(CREDIT_NOTE_REASONS) })),
  }),
]);
export type InvoiceView = Static<typeof InvoiceView>;

/** A credit note: one refund or reversal, numbered without gaps (CN-000001, …), referring to its invoice. */
export const CreditNoteView = CreditNoteIssued;
export type CreditNoteView = Static<typeof CreditNoteView>;

/** A customer's billing details (null until given), and when they last changed. */
export const BillingDetailsView = Type.Union([Type.Composite([BillingDetails, Type.Object({ userId: Type.String(), updatedAt: Type.String(), vatNumberCheck: Type.Optional(VatNumberCheck) })]), Type.Null()]);
export type BillingDetailsView = Static<typeof BillingDetailsView>;

const MoneyTotals = {
  ordered: Type.Integer(),
  captured: Type.Integer(),
  refunded: Type.Integer(),
  outstanding: Type.Integer(),
  withdrawn: Type.Integer(),
  net: Type.Integer(),
  /** Account credit the payments spent; the VAT inside them; captured + creditUsed − vat. */
  creditUsed: Type.Integer(),
  vat: Type.Integer(),
  netOfVat: Type.Integer(),
  subscriptions: Type.Integer(),
  orders: Type.Integer(),
  captures: Type.Integer(),
  refunds: Type.Integer(),
};

const MoneyTotalsBy = {
  byPlan: Type.Array(Type.Object({ planId: Type.String(), currency: Type.String(), ...MoneyTotals })),
  byCurrency: Type.Array(Type.Object({ currency: Type.String(), ...MoneyTotals })),
};

/** `/finance/replay`: the reconciliation report up to a cut (see docs/finance.md for the definitions). */
export const FinanceReportView = Type.Object({
  asOf: Type.Object({ to: Nullable(Type.String()), position: Type.String(), events: Type.Integer() }),
  rows: Type.Array(
    Type.Object({
      subscriptionId: Type.String(),
      userId: Type.String(),
      planId: Type.String(),
      currency: Type.String(),
      /** The month the PayPal orders were created in (YYYY-MM). */
      period: Type.String(),
      status: Type.String(),
      paypalOrderIds: Type.Array(Type.String()),
      captureIds: Type.Array(Type.String()),
      refundIds: Type.Array(Type.String()),
      ordered: Type.Integer(),
      captured: Type.Integer(),
      refunded: Type.Integer(),
      outstanding: Type.Integer(),
      withdrawn: Type.Integer(),
      net: Type.Integer(),
      creditUsed: Type.Integer(),
      vat: Type.Integer(),
      netOfVat: Type.Integer(),
      servicePeriodStart: Nullable(Type.String()),
      servicePeriodEnd: Nullable(Type.String()),
      /** Demo payments (PAYMENTS=demo): no money moved; counted in `totals.demo`, never in the real totals. */
      demo: Opt(Type.Boolean()),
    }),
  ),
  disputes: Type.Array(
    Type.Object({
      subscriptionId: Type.String(),
      disputeId: Type.String(),
      captureId: Nullable(Type.String()),
      stage: Type.String(),
      status: Type.String(),
      outcome: Nullable(Type.String()),
      amount: Type.Union([Type.Integer(), Type.Null()]),
      currency: Nullable(Type.String()),
      updatedAt: Type.String(),
    }),
  ),
  /** Real money; `demo`: the demo payments' rows, summed the same way. */
  totals: Type.Object({
    ...MoneyTotalsBy,
    demo: Opt(Type.Object(MoneyTotalsBy)),
  }),
});

/** `/finance/verify`: every read model rebuilt in a scratch space and compared with the live one. */
export const ReadModelVerificationView = Type.Object({
  ok: Type.Boolean(),
  projections: Type.Array(
    Type.Object({
      projection: Type.String(),
      checkpoint: Type.String(),
      lines: Type.Integer(),
      differences: Type.Integer(),
      sample: Type.Array(
        Type.Object({ kind: StringEnum(['missing', 'extra', 'changed'] as const), key: Type.String(), live: Nullable(Type.String()), rebuilt: Nullable(Type.String()) }),
      ),
      unstable: Type.Boolean(),
    }),
  ),
});

/** `POST /paypal/webhooks`: what a delivery did, answered to PayPal. */
export const WebhookOutcomeView = Type.Object({
  eventId: Type.String(),
  eventType: Type.String(),
  outcome: StringEnum(['applied', 'unchanged', 'ignored'] as const),
  subscriptionId: Opt(Type.String()),
  reason: Opt(Type.String()),
});

/** `GET /health`. */
export const HealthView = Type.Object({ status: Type.Literal('ok') });

/** `GET /ready`: ready or not; the checks only with the METRICS_TOKEN bearer token. */
export const ReadyView = Type.Object({
  status: StringEnum(['ready', 'not ready'] as const),
  checks: Opt(Type.Record(Type.String(), Type.Object({ ok: Type.Boolean(), detail: Opt(Type.String()) }))),
});

/**
 * `meta` of a 202 answer: the write is recorded (in the event store) but the read models had not caught up within
 * CONSISTENCY_TIMEOUT_MS (`consistent: false`, the event store position of the write), or PayPal is still reviewing a
 * captured payment (`pending: true`). Reading again shortly shows the result; repeating the call is not needed.
 */
export const AcceptedMeta = Type.Object({
  consistent: Opt(Type.Literal(false)),
  position: Opt(Type.String()),
  pending: Opt(Type.Literal(true)),
  message: Opt(Type.String()),
});

/** One problem with a field of the request (`details` of VALIDATION_FAILED and of some CONFLICT answers). */
export const FieldProblemView = Type.Object({
  field: Type.String(),
  message: Type.String(),
  rule: Opt(Type.String()),
  params: Opt(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
});

/** Every error answer: `{ error: { code, message, details? } }`. `message` is English, for API clients and logs. */
export function errorAnswerSchema(codes: readonly string[]) {
  return Type.Object({
    error: Type.Object({
      code: StringEnum(codes),
      message: Type.String(),
      /** Per-field problems (VALIDATION_FAILED, CONFLICT), the prices (PRICE_MISMATCH), PayPal's debug id (PAYMENT_REFUSED). */
      details: Opt(Type.Union([Type.Array(FieldProblemView), Type.Object({}, { additionalProperties: true })])),
    }),
  });
}
