import type {
  OrderCaptured,
  PaidTimeEnded,
  PaymentCaptureFailed,
  PaymentCaptureStarted,
  PaymentDisputed,
  PaymentMethodChanged,
  PaymentMethodVaulted,
  PaymentOrdered,
  PaymentOrderSuperseded,
  PaymentPending,
  PaymentRefunded,
  PaymentRejected,
  SavedWalletChargeDeclined,
  SavedWalletChargeStarted,
} from '@relaycast/contracts';
import { configurationOf, coveredUntil, paidThrough, type ExistingSubscription, type OrderRecord, type PaidTime } from '../state.js';
import { captured, disputed, periodsMoved, refunded } from './books.js';

type S = ExistingSubscription;

function setOrder(s: S, orderId: string, change: (o: OrderRecord) => OrderRecord): S {
  const order = s.orders[orderId];
  return order ? { ...s, orders: { ...s.orders, [orderId]: change(order) } } : s;
}

/** The outcome of a capture is known: it is no longer in flight. */
const settled = (o: OrderRecord): OrderRecord => {
  const { capturing: _c, ...rest } = o;
  return rest;
};

const withoutDunning = (s: S): S => {
  const { dunning: _d, ...rest } = s;
  return rest;
};

/** The period shown as the current one: the last one paid (as a capture shows it). */
function shownPeriod(paid: PaidTime[]): { periodStart?: string; periodEnd?: string } {
  const p = paid[paid.length - 1];
  return p ? { periodStart: p.start, periodEnd: p.end } : {};
}

/** What a refund's slot shift needs of a paid period (the decider's PaidTime; finance keeps a smaller copy). */
export interface PaidSlot {
  captureId: string;
  start: string;
  end: string;
  upgrades?: { at: string; until?: string }[];
}

const shiftedBy = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/**
 * What a full refund of one capture leaves of the paid time. Its period running: ends at `at` when nothing was paid
 * after it, else the periods paid after it move back one period (the first takes its place). Its period paid ahead:
 * taken out, the later ones moved back likewise. No period of its own (a balance, spent credit): the running paid
 * time ends at `at`.
 */
export function paidTimeWithout<P extends PaidSlot>(paid: P[], captureId: string, at: string): P[] {
  const i = paid.findIndex((p) => p.captureId === captureId);
  if (i < 0) return paid.filter((p) => p.start < at).map((p) => (p.end > at ? { ...p, end: at } : p));
  const gone = paid[i]!;
  const later = paid.slice(i + 1);
  if (later.length === 0) return gone.start >= at ? paid.slice(0, i) : [...paid.slice(0, i), { ...gone, end: at }];
  const slots = [gone, ...later];
  const moved = later.map((p, k) => {
    const slot = slots[k]!;
    const delta = Date.parse(slot.start) - Date.parse(p.start);
    return { ...p, start: slot.start, end: slot.end, ...(p.upgrades ? { upgrades: p.upgrades.map((u) => ({ ...u, at: shiftedBy(u.at, delta), ...(u.until ? { until: shiftedBy(u.until, delta) } : {}) })) } : {}) } as P;
  });
  return [...paid.slice(0, i), ...moved];
}

export const billingEvolvers = {
  PaymentOrdered: (s: S, d: PaymentOrdered): S => {
    const order: OrderRecord = { amount: d.amount, credit: d.credit ?? 0, purpose: d.purpose, ...(d.configuration ? { configuration: d.configuration } : {}), ...(d.tax ? { tax: d.tax } : {}), status: 'open', declines: 0 };
    const { charge, ...rest } = s;
    // A saved-wallet charge ends with the order that records it.
    const keep = charge && charge.requestId !== d.requestId ? { charge } : {};
    return { ...rest, ...keep, paypalSubscriptionID: d.paypalSubscriptionID, orders: { ...s.orders, [d.paypalOrderID]: order } };
  },
  PaymentOrderSuperseded: (s: S, d: PaymentOrderSuperseded): S => setOrder(s, d.paypalOrderID, (o) => ({ ...o, status: 'superseded' })),
  PaymentCaptureStarted: (s: S, d: PaymentCaptureStarted): S => setOrder(s, d.paypalOrderID, (o) => ({ ...o, capturing: { requestId: d.requestId, startedAt: d.startedAt } })),
  PaymentCaptureFailed: (s: S, d: PaymentCaptureFailed): S => setOrder(s, d.paypalOrderID, (o) => settled({ ...o, declines: o.declines + 1 })),
  // Only an open order becomes pending: a superseded one stays superseded (its money will be credit).
  PaymentPending: (s: S, d: PaymentPending): S => setOrder(s, d.paypalOrderID, (o) => settled(o.status === 'open' ? { ...o, status: 'pending' } : o)),
  // A refused capture closes the order: the next payment is a new order (another funding source).
  PaymentRejected: (s: S, d: PaymentRejected): S => setOrder(s, d.paypalOrderID, (o) => settled({ ...o, status: 'rejected', declines: o.declines + 1, rejection: d })),
  OrderCaptured: (s: S, d: OrderCaptured): S => {
    const credited = d.credited === true;
    const paysPeriod = d.purpose === 'period' && !credited && d.periodStart !== undefined && d.periodEnd !== undefined;
    const licenceKey = s.licence_key ?? d.licence_key;
    // What the period was paid for, net of tax: the catalogue price of a subscription priced net — also when the VAT
    // was carved out of it at the capture (the payer's country showed an EU consumer; the seller bears it) — and the
    // carved-out net of one that keeps its gross from before taxes.
    const priceOf = (tax: NonNullable<OrderCaptured['tax']>) => (tax.included && s.taxPricing === 'net' ? tax.total : tax.amount);
    const period: PaidTime | undefined = paysPeriod
      ? { captureId: d.captureId, start: d.periodStart!, end: d.periodEnd!, amount: d.tax ? priceOf(d.tax) : d.amount + (d.credit ?? 0), configuration: d.configuration ?? configurationOf(s) }
      : undefined;
    const next: S = {
      ...setOrder(s, d.paypalOrderID, (o) => settled({ ...o, status: 'captured' })),
      paypalOrderID: d.paypalOrderID,
      paypalSubscriptionID: d.paypalSubscriptionID,
      ...(licenceKey ? { licence_key: licenceKey } : {}),
      credit: credited ? s.credit + d.amount : s.credit - (d.credit ?? 0),
      captures: [...s.captures, { captureId: d.captureId, paypalOrderID: d.paypalOrderID, amount: d.amount, refunded: 0, purpose: d.purpose, credited }],
      books: captured(s, d, period),
    };
    if (!period) return next;
    const through = paidThrough(s);
    const continues = through !== undefined ? d.periodStart! <= through : s.anchor !== undefined;
    // A capture usually finds no dunning to end: the state is then not copied once more to leave it out.
    const paidUp = 'dunning' in next ? withoutDunning(next) : next;
    return {
      ...paidUp,
      anchor: continues ? (s.anchor ?? d.periodStart!) : d.periodStart!,
      startDate: s.startDate ?? d.periodStart,
      periodStart: d.periodStart,
      periodEnd: d.periodEnd,
      endDate: d.periodEnd,
      paid: [...s.paid, period],
    };
  },
  PaymentRefunded: (s: S, d: PaymentRefunded): S => {
    // Refunding money that is account credit uses that credit up (the books say what of it is credit).
    const { books, credit } = refunded(s, d);
    return {
      ...s,
      refundIds: [...s.refundIds, d.refundId],
      credit,
      captures: s.captures.map((c) => (c.captureId === d.captureId ? { ...c, refunded: c.refunded + d.amount } : c)),
      books,
    };
  },
  PaidTimeEnded: (s: S, d: PaidTimeEnded): S => {
    const paid = paidTimeWithout(s.paid, d.captureId, d.endedAt);
    const shown = shownPeriod(paid);
    const { periodStart: _s, periodEnd: _e, cancelAt, ...rest } = s;
    const after: S = { ...rest, paid, ...shown, ...(shown.periodEnd ? { endDate: shown.periodEnd } : {}), books: periodsMoved(s, paid, d.captureId, d.endedAt) };
    // A cancellation at the end of the paid time moves with it (older streams: the refund left it later).
    const covered = coveredUntil(after);
    return cancelAt ? { ...after, cancelAt: covered && covered > d.endedAt && covered < cancelAt ? covered : cancelAt } : after;
  },
  PaymentDisputed: (s: S, d: PaymentDisputed): S => ({
    ...s,
    disputes: { ...s.disputes, [d.disputeId]: { stage: d.stage, status: d.status, ...(d.captureId ? { captureId: d.captureId } : {}) } },
    books: disputed(s, d),
  }),
  PaymentMethodChanged: (s: S, d: PaymentMethodChanged): S => ({ ...s, paypalOrderID: d.paypalOrderID, paypalSubscriptionID: d.paypalSubscriptionID }),
  PaymentMethodVaulted: (s: S, d: PaymentMethodVaulted): S => ({ ...s, vault: { id: d.vaultId, ...(d.payerEmail ? { payerEmail: d.payerEmail } : {}) } }),
  SavedWalletChargeStarted: (s: S, d: SavedWalletChargeStarted): S => ({ ...s, walletCharges: s.walletCharges + 1, charge: { requestId: d.requestId, purpose: d.purpose, amount: d.amount, startedAt: d.startedAt, ...(d.tax ? { tax: d.tax } : {}) } }),
  SavedWalletChargeDeclined: (s: S, d: SavedWalletChargeDeclined): S => {
    if (s.charge?.requestId !== d.requestId) return s;
    const { charge: _c, ...rest } = s;
    return rest;
  },
};
