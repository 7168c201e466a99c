import { causesOf, type Configuration, type DunningTimeline, type OrderTax, type InfrastructureDetails, type LicenceIssued, type PaymentRejected, type PlanSnapshot, type PricedModule, type SubscriptionStatus } from '@relaycast/contracts';
import type { SubscriptionCreated } from './events.js';
import type { Books } from '../books/items.js';

/**
 * What a subscription's events have established: one state for the one stream, written to by the modules of the
 * decider (lifecycle, plan change, billing, dunning, entitlement), each evolving its own fields.
 */

/** Money PayPal captured for one of our orders, and what became of it. */
export interface Capture {
  captureId: string;
  paypalOrderID: string;
  amount: number;
  refunded: number;
  purpose: 'period' | 'balance';
  /** The order was no longer current when captured: the money became account credit and granted nothing. */
  credited: boolean;
}

/** A PayPal order we created, what it pays for, and where it stands. */
export interface OrderRecord {
  amount: number;
  /** Account credit the order uses besides its amount. */
  credit: number;
  purpose: 'period' | 'balance';
  /** What a capture of this order grants (absent on orders recorded before pending updates: the configuration then in force). */
  configuration?: Configuration;
  /** Its tax (its amount includes it). */
  tax?: OrderTax;
  status: 'open' | 'pending' | 'captured' | 'superseded' | 'rejected';
  /** Captures PayPal declined: each makes the next capture attempt a new PayPal request. */
  declines: number;
  /** Why PayPal's capture was refused (a repeat of the capture answers the same). */
  rejection?: PaymentRejected;
  /** We asked PayPal to capture it (this PayPal-Request-Id, at this time) and have not heard the outcome yet. */
  capturing?: { requestId: string; startedAt: string };
}

/**
 * A change of the configuration paid for, from `at` to the end of its period (a balance paid, a swap at no cost), or
 * to the end of the trial or complimentary grant it raised (a balance paid while only granted time ran).
 */
export interface PaidUpgrade {
  at: string;
  configuration: Configuration;
  /** The balance's capture that paid for it (absent on a change paid for already: COVERED). */
  captureId?: string;
  /** What the period was paid for before this raise (what it is paid for again if the raise is taken back). */
  amountBefore?: number;
  /** Taken back (its balance refunded or reversed): the configuration before it applies again from then. */
  until?: string;
}

/** Time paid for: one billing period bought by a capture (or account credit). */
export interface PaidTime {
  captureId: string;
  start: string;
  end: string;
  /** What that period cost at the configuration it was bought for, in cents. */
  amount: number;
  /** The configuration it paid for (what the customer may use during it). */
  configuration: Configuration;
  /** Later, paid-for changes of that configuration inside the period. */
  upgrades?: PaidUpgrade[];
}

/** Time an administrator granted without payment. */
export interface ComplimentaryTime {
  start: string;
  end: string;
  configuration: Configuration;
  /** Why (the administrator's words). */
  note: string;
  /** Raises paid for inside it (a balance captured while it ran): licensed from the capture to its end. */
  upgrades?: PaidUpgrade[];
}

export interface PendingChange extends Configuration {
  balance: number;
  requestedAt: string;
}
export interface ScheduledChange extends Configuration {
  effectiveAt: string;
}

/** A charge of the saved wallet in flight: recorded before PayPal is asked, ended by its record or decline. */
export interface WalletCharge {
  requestId: string;
  purpose: 'period' | 'balance';
  amount: number;
  startedAt: string;
  tax?: OrderTax;
}

/** A subscription that exists: what its events have established so far. */
export interface ExistingSubscription {
  status: SubscriptionStatus;
  id: string;
  user_id: string;
  name: string;
  infrastructure_type: SubscriptionCreated['infrastructure_type'];
  subscription_type: SubscriptionCreated['subscription_type'];
  plan: PlanSnapshot;
  /** The configuration in force: what renewals charge (what may be used is what was paid: `paid`). */
  modules: PricedModule[];
  quantity: number;
  amount: number;
  currency: string;
  infrastructure_details: InfrastructureDetails;
  licence_key?: string;
  hardware_key?: string;
  startDate?: string;
  endDate?: string;
  trialStartDate?: string;
  trialEndDate?: string;
  trialPeriod?: number;
  /** What the trial lets the customer use. */
  trialConfiguration?: Configuration;
  /** Raises paid for during the trial (a balance captured while it ran): licensed from the capture to its end. */
  trialUpgrades?: PaidUpgrade[];
  paypalSubscriptionID?: string;
  paypalOrderID?: string;
  /** The paid period running (or the last one), as shown. */
  periodStart?: string;
  periodEnd?: string;
  /** Every period paid for, in time order, continuous from the anchor (a period taken back by a refund is gone). */
  paid: PaidTime[];
  /** Time granted without payment by administrators. */
  complimentary: ComplimentaryTime[];
  /** A price-raising revision waiting for its balance. */
  pendingChange?: PendingChange;
  /** A price-lowering revision waiting for the paid time to end. */
  scheduledChange?: ScheduledChange;
  /** Cents of account credit: money captured for orders that were no longer current. */
  credit: number;
  orders: Record<string, OrderRecord>;
  captures: Capture[];
  refundIds: string[];
  disputes: Record<string, { stage: string; status: string; captureId?: string }>;
  removed: boolean;
  /** When the configuration in force last changed. */
  revisedAt?: string;
  /** Where billing periods are anchored: the first paid period's start (again after a gap in paid time). */
  anchor?: string;
  /** A PayPal wallet saved for merchant-initiated payments. */
  vault?: { id: string; payerEmail?: string };
  /** Charges of the saved wallet started so far (each attempt's PayPal-Request-Id counts on it). */
  walletCharges: number;
  /** A charge of the saved wallet in flight. */
  charge?: WalletCharge;
  /** A payment fell due and was not made: its timeline, and how many attempts failed (the first at the due date). */
  dunning?: { timeline: DunningTimeline; attempts: number };
  /** When the subscription last started waiting for payment. */
  waitingSince?: string;
  /** Cancels at the end of the paid time unless withdrawn. */
  cancelAt?: string;
  /** When it was cancelled. */
  cancelledAt?: string;
  pause?: { reason: 'ADMIN' | 'NON_PAYMENT'; resumeAt?: string };
  /** The licence last issued, and whether it was revoked since. */
  licence?: LicenceIssued & { revoked: boolean };
  /** Reminders recorded (`TRIAL_ENDING@<trial end>`…): each falls due once. */
  reminded?: string[];
  /** Why it last started waiting for payment: a lapsed payment, or money taken back (older streams' refunds). */
  waitingCause?: 'PAYMENT_DUE' | 'PAYMENT_TAKEN_BACK' | 'OTHER';
  /** What each payment paid for and how its money is accounted for: the subscription's books (billing-core/src/books). */
  books: Books;
  /** `net`: tax is added to its prices; absent: bought before taxes, it keeps its gross (VAT inside) until its plan changes. */
  taxPricing?: 'net';
}

export type SubscriptionState = { status: 'NONE' } | ExistingSubscription;

export function initialState(): SubscriptionState {
  return { status: 'NONE' };
}

export function exists(state: SubscriptionState): state is ExistingSubscription {
  return state.status !== 'NONE';
}

/** The end of the paid time (the last paid period's end), or undefined when nothing was ever paid. */
export function paidThrough(s: Pick<ExistingSubscription, 'paid'>): string | undefined {
  return s.paid.reduce<string | undefined>((end, p) => (end === undefined || p.end > end ? p.end : end), undefined);
}

/** The configuration in force. */
export function configurationOf(s: Pick<ExistingSubscription, 'modules' | 'quantity' | 'amount'>): Configuration {
  return { modules: s.modules, quantity: s.quantity, amount: s.amount };
}

export function sameConfiguration(a: Configuration, b: Configuration | undefined): boolean {
  if (!b) return false;
  return a.quantity === b.quantity && a.amount === b.amount && JSON.stringify(a.modules) === JSON.stringify(b.modules);
}

/** Paid time still running at `now` (the current period, and any period paid ahead). */
export function hasPaidTimeRunning(s: Pick<ExistingSubscription, 'paid'>, now: string): boolean {
  return s.paid.some((p) => p.end > now);
}

/** The end of the time the customer may use without paying more: paid periods, the trial, complimentary time. */
export function coveredUntil(s: Pick<ExistingSubscription, 'paid' | 'trialEndDate' | 'complimentary'>): string | undefined {
  const ends = [paidThrough(s), s.trialEndDate, ...s.complimentary.map((c) => c.end)].filter((e): e is string => e !== undefined);
  return ends.length ? ends.reduce((a, b) => (b > a ? b : a)) : undefined;
}

/**
 * Time covered without payment: the trial or a complimentary grant, at the configuration it was granted for, raised
 * from where a balance was paid inside it. `key` names it in the books (a raise's service spans: `trial`,
 * `complimentary-<n>`).
 */
export interface GrantedTime {
  key: string;
  basis: 'TRIAL' | 'COMPLIMENTARY';
  start: string;
  end: string;
  configuration: Configuration;
  upgrades?: PaidUpgrade[];
}

/** The trial and every complimentary grant, in that order. */
export function grantedTime(s: Pick<ExistingSubscription, 'trialStartDate' | 'trialEndDate' | 'trialConfiguration' | 'trialUpgrades' | 'complimentary' | 'modules' | 'quantity' | 'amount'>): GrantedTime[] {
  const out: GrantedTime[] = [];
  if (s.trialStartDate && s.trialEndDate) {
    out.push({ key: 'trial', basis: 'TRIAL', start: s.trialStartDate, end: s.trialEndDate, configuration: s.trialConfiguration ?? configurationOf(s), ...(s.trialUpgrades ? { upgrades: s.trialUpgrades } : {}) });
  }
  s.complimentary.forEach((c, i) => out.push({ key: `complimentary-${i}`, basis: 'COMPLIMENTARY', start: c.start, end: c.end, configuration: c.configuration, ...(c.upgrades ? { upgrades: c.upgrades } : {}) }));
  return out;
}

/**
 * The configuration covered at `t` by a stretch (a paid period, the trial, a grant): the latest raise in force then
 * (paid at or before `t`, not taken back), else its own.
 */
export function configurationAt(stretch: { configuration: Configuration; upgrades?: readonly PaidUpgrade[] }, t: string): Configuration {
  let configuration = stretch.configuration;
  let since = '';
  for (const up of stretch.upgrades ?? []) {
    if (up.at <= t && up.at >= since && (up.until === undefined || t < up.until)) {
      configuration = up.configuration;
      since = up.at;
    }
  }
  return configuration;
}

/** Was the subscription ever covered (paid, a trial, a complimentary grant)? Only then can anything be owed. */
export const everCovered = (s: ExistingSubscription): boolean => s.paid.length > 0 || s.trialStartDate !== undefined || s.complimentary.length > 0;

/** Paused for non-payment: the customer may still pay, and paying resumes it. */
export const pausedForNonPayment = (s: ExistingSubscription): boolean => s.status === 'SUBSCRIPTION_STATUS_PAUSE' && s.pause?.reason === 'NON_PAYMENT';

/**
 * Takes payments: Live (a renewal, a raise's balance), or a status the status machine lets a payment make Live (PAID
 * in contracts' STATUS_MACHINE: Creating, Wait payment, Paused) — except a pause by an administrator, which only
 * resuming ends. Never cancelled or removed.
 */
export const takesPayments = (s: ExistingSubscription): boolean =>
  !s.removed &&
  (s.status === 'SUBSCRIPTION_STATUS_ACTIVE' || causesOf(s.status, 'SUBSCRIPTION_STATUS_ACTIVE').includes('PAID')) &&
  (s.status !== 'SUBSCRIPTION_STATUS_PAUSE' || pausedForNonPayment(s));

/** Orders that PayPal may still be asked to capture (open, or held as pending by PayPal). */
export function openOrders(s: ExistingSubscription): string[] {
  return Object.entries(s.orders)
    .filter(([, o]) => o.status === 'open' || o.status === 'pending')
    .map(([id]) => id);
}

/** An order whose capture we asked PayPal for and have not heard the outcome of (it may have been superseded since). */
export function capturingOrder(s: ExistingSubscription): string | undefined {
  return Object.entries(s.orders).find(([, o]) => o.capturing)?.[0];
}

/** A money movement in flight (a capture, a saved-wallet charge): no other starts, the plan does not change. */
export const paymentInFlight = (s: ExistingSubscription): boolean => s.charge !== undefined || capturingOrder(s) !== undefined;
