import type { AnyEvent, EventEnvelope } from '@relaycast/contracts';
import { entityIdOf } from '@relaycast/contracts';
import type { EventStore } from '@relaycast/billing-core';
import type { ReplayCut } from './cut.js';

/**
 * The finance reconciliation report: a pure fold over the event log up to a cut (a time or a position).
 *
 * A row is one subscription in one accounting period. The period is the UTC calendar month (YYYY-MM) in which the
 * PayPal order was created (its PaymentOrdered event); the order's capture and the capture's refunds count in the
 * order's row whenever they happened before the cut, so one row reconciles a set of PayPal orders end to end.
 * Definitions (integer cents, per row, and summed the same way in the totals):
 * - ordered:     the amounts of the PayPal orders created in the period.
 * - captured:    what PayPal captured for those orders by the cut.
 * - refunded:    what was refunded of those captures by the cut.
 * - withdrawn:   the amounts of those orders superseded before any capture (what was due changed; never charged).
 * - outstanding: the amounts of those orders that have no capture by the cut (created and still unpaid, or
 *                rejected and not captured since), less the withdrawn. ordered = captured + outstanding + withdrawn, as a capture always equals its
 *                order (the decider rejects any other amount as PaymentRejected).
 * - net:         captured − refunded: the money kept.
 * - creditUsed:  account credit the captures' payments spent besides the money captured.
 * - vat:         the tax inside those payments (OrderCaptured.tax: VAT charged at the customer's rate, or carved out of
 *                a price kept from before taxes), a tax authority's money; none for a capture kept as account credit
 *                (its tax is charged when the credit pays for service). netOfVat = captured + creditUsed − vat: each
 *                payment's gross (money and credit) is its net plus its VAT.
 * A capture or refund whose order (or capture) is not in the log before the cut (never the case for events the
 * deciders wrote) counts in its subscription's row for the month it happened, with nothing ordered.
 *
 * Demo payments (events marked `demo`: PAYMENTS=demo, the built-in PayPal sandbox) moved no money: their orders make
 * rows of their own (`demo: true`; a capture or refund counts in its order's row) and their own totals
 * (`totals.demo`); `totals.byPlan` and `totals.byCurrency` are real money only.
 */
export interface ReportRow {
  subscriptionId: string;
  userId: string;
  planId: string;
  currency: string;
  period: string;
  /** The subscription's status at the cut (REMOVED when it was removed). */
  status: string;
  paypalOrderIds: string[];
  captureIds: string[];
  refundIds: string[];
  ordered: number;
  captured: number;
  refunded: number;
  outstanding: number;
  withdrawn: number;
  net: number;
  creditUsed: number;
  vat: number;
  netOfVat: number;
  /** The service period(s) the row's period payments paid for: earliest start, latest end. */
  servicePeriodStart: string | null;
  servicePeriodEnd: string | null;
  /** Demo payments (PAYMENTS=demo): no money moved; counted in `totals.demo`, never in the real totals. */
  demo: boolean;
}

export interface Totals {
  ordered: number;
  captured: number;
  refunded: number;
  outstanding: number;
  withdrawn: number;
  net: number;
  creditUsed: number;
  vat: number;
  netOfVat: number;
  subscriptions: number;
  orders: number;
  captures: number;
  refunds: number;
}

export interface PlanTotals extends Totals {
  planId: string;
  currency: string;
}
export interface CurrencyTotals extends Totals {
  currency: string;
}

/** A dispute a buyer opened at PayPal, as it stands at the cut. */
export interface DisputeLine {
  subscriptionId: string;
  disputeId: string;
  captureId: string | null;
  stage: string;
  status: string;
  outcome: string | null;
  amount: number | null;
  currency: string | null;
  updatedAt: string;
}

export interface FinanceReport {
  asOf: {
    /** The time cut-off (inclusive), when the replay was cut by time. */
    to: string | null;
    /** The last position taken into account: the position cut, or the head of the store when the replay began. */
    position: string;
    /** Events read from the store. */
    events: number;
  };
  rows: ReportRow[];
  /** Disputes buyers opened at PayPal, latest state each (the CSV keeps to money; disputes are in the JSON report). */
  disputes: DisputeLine[];
  /** Real money; `demo`: the demo payments' rows, summed the same way. */
  totals: { byPlan: PlanTotals[]; byCurrency: CurrencyTotals[]; demo: { byPlan: PlanTotals[]; byCurrency: CurrencyTotals[] } };
}

interface SubscriptionInfo {
  userId: string;
  planId: string;
  currency: string;
  status: string;
}
interface Order {
  row: ReportRow;
  amount: number;
  captured: boolean;
  /** Superseded: never to be captured, so not outstanding. */
  closed?: boolean;
}

const FINANCIAL = new Set([
  'SubscriptionCreated', 'SubscriptionStatusChanged', 'SubscriptionCancelled', 'SubscriptionRemoved',
  'PaymentOrdered', 'OrderCaptured', 'PaymentRefunded', 'PaymentOrderSuperseded', 'PaymentDisputed',
]);

const monthOf = (iso: string) => iso.slice(0, 7);

function emptyTotals(): Totals {
  return { ordered: 0, captured: 0, refunded: 0, outstanding: 0, withdrawn: 0, net: 0, creditUsed: 0, vat: 0, netOfVat: 0, subscriptions: 0, orders: 0, captures: 0, refunds: 0 };
}

/**
 * The fold itself, one event at a time in global order. Events after the cut are ignored (the caller stops reading
 * at a position cut; a time cut is checked per event, as event times are not strictly ordered across writers).
 */
export function createFinanceFold(cut: ReplayCut) {
  const subscriptions = new Map<string, SubscriptionInfo>();
  const rows = new Map<string, ReportRow>();
  const orders = new Map<string, Order>();
  const captures = new Map<string, ReportRow>();
  const disputes = new Map<string, DisputeLine>();
  let events = 0;
  let lastPosition = 0n;

  const cutTime = cut.kind === 'time' ? Date.parse(cut.to) : 0;
  const after = (iso: string) => cut.kind === 'time' && Date.parse(iso) > cutTime;

  function rowFor(subscriptionId: string, period: string, currency: string, demo: boolean): ReportRow {
    const key = `${subscriptionId}\u0000${period}\u0000${currency}${demo ? '\u0000demo' : ''}`;
    let row = rows.get(key);
    if (!row) {
      const sub = subscriptions.get(subscriptionId);
      row = {
        subscriptionId,
        userId: sub?.userId ?? '',
        planId: sub?.planId ?? '',
        currency,
        period,
        status: '',
        paypalOrderIds: [],
        captureIds: [],
        refundIds: [],
        ordered: 0,
        captured: 0,
        refunded: 0,
        outstanding: 0,
        withdrawn: 0,
        net: 0,
        creditUsed: 0,
        vat: 0,
        netOfVat: 0,
        servicePeriodStart: null,
        servicePeriodEnd: null,
        demo,
      };
      rows.set(key, row);
    }
    return row;
  }

  return {
    apply(raw: EventEnvelope): void {
      events++;
      lastPosition = raw.position;
      if (!FINANCIAL.has(raw.type) || after(raw.occurredAt)) return;
      const event = raw as AnyEvent;
      const subscriptionId = entityIdOf(event.streamId);
      const demo = raw.metadata.demo === true;
      switch (event.type) {
        case 'SubscriptionCreated':
          subscriptions.set(event.data.subscriptionId, { userId: event.data.user_id, planId: event.data.plan.plan_id, currency: event.data.currency, status: event.data.status });
          return;
        case 'SubscriptionStatusChanged': {
          const sub = subscriptions.get(subscriptionId);
          if (sub) sub.status = event.data.to;
          return;
        }
        case 'SubscriptionCancelled': {
          const sub = subscriptions.get(subscriptionId);
          if (sub) sub.status = 'SUBSCRIPTION_STATUS_CANCEL';
          return;
        }
        case 'SubscriptionRemoved': {
          const sub = subscriptions.get(subscriptionId);
          if (sub) sub.status = 'REMOVED';
          return;
        }
        case 'PaymentOrdered': {
          const d = event.data;
          const row = rowFor(subscriptionId, monthOf(event.occurredAt), d.currency, demo);
          row.ordered += d.amount;
          row.paypalOrderIds.push(d.paypalOrderID);
          orders.set(`${subscriptionId}\u0000${d.paypalOrderID}`, { row, amount: d.amount, captured: false });
          return;
        }
        case 'OrderCaptured': {
          const d = event.data;
          const order = orders.get(`${subscriptionId}\u0000${d.paypalOrderID}`);
          const row = order?.row ?? rowFor(subscriptionId, monthOf(event.occurredAt), d.currency, demo);
          if (order) order.captured = true;
          row.captured += d.amount;
          row.creditUsed += d.credit ?? 0;
          if (d.tax && !d.credited) row.vat += d.tax.tax;
          row.captureIds.push(d.captureId);
          captures.set(d.captureId, row);
          if (d.periodStart && (row.servicePeriodStart === null || d.periodStart < row.servicePeriodStart)) row.servicePeriodStart = d.periodStart;
          if (d.periodEnd && (row.servicePeriodEnd === null || d.periodEnd > row.servicePeriodEnd)) row.servicePeriodEnd = d.periodEnd;
          return;
        }
        case 'PaymentOrderSuperseded': {
          // Never captured by us: not money owed.
          const order = orders.get(`${subscriptionId}\u0000${event.data.paypalOrderID}`);
          if (order) order.closed = true;
          return;
        }
        case 'PaymentDisputed': {
          const d = event.data;
          disputes.set(d.disputeId, {
            subscriptionId,
            disputeId: d.disputeId,
            captureId: d.captureId ?? null,
            stage: d.stage,
            status: d.status,
            outcome: d.outcome ?? null,
            amount: d.amount ?? null,
            currency: d.currency ?? null,
            updatedAt: event.occurredAt,
          });
          return;
        }
        case 'PaymentRefunded': {
          const d = event.data;
          const row = captures.get(d.captureId) ?? rowFor(subscriptionId, monthOf(event.occurredAt), d.currency, demo);
          row.refunded += d.amount;
          row.refundIds.push(d.refundId);
          return;
        }
      }
    },

    result(position: bigint | null = null): FinanceReport {
      for (const order of orders.values()) {
        if (order.captured) continue;
        if (order.closed) order.row.withdrawn += order.amount;
        else order.row.outstanding += order.amount;
      }
      const sorted = [...rows.values()].sort((a, b) =>
        a.subscriptionId < b.subscriptionId ? -1 : a.subscriptionId > b.subscriptionId ? 1 : a.period < b.period ? -1 : a.period > b.period ? 1 : a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : Number(a.demo) - Number(b.demo),
      );
      const real = { byPlan: new Map<string, PlanTotals & { subs: Set<string> }>(), byCurrency: new Map<string, CurrencyTotals & { subs: Set<string> }>() };
      const demo = { byPlan: new Map<string, PlanTotals & { subs: Set<string> }>(), byCurrency: new Map<string, CurrencyTotals & { subs: Set<string> }>() };
      for (const row of sorted) {
        const { byPlan, byCurrency } = row.demo ? demo : real;
        const sub = subscriptions.get(row.subscriptionId);
        row.userId ||= sub?.userId ?? '';
        row.planId ||= sub?.planId ?? '';
        row.status = sub?.status ?? '';
        row.net = row.captured - row.refunded;
        row.netOfVat = row.captured + row.creditUsed - row.vat;
        const planKey = `${row.planId}\u0000${row.currency}`;
        let plan = byPlan.get(planKey);
        if (!plan) byPlan.set(planKey, (plan = { planId: row.planId, currency: row.currency, ...emptyTotals(), subs: new Set() }));
        let currency = byCurrency.get(row.currency);
        if (!currency) byCurrency.set(row.currency, (currency = { currency: row.currency, ...emptyTotals(), subs: new Set() }));
        for (const t of [plan, currency]) {
          t.ordered += row.ordered;
          t.captured += row.captured;
          t.refunded += row.refunded;
          t.outstanding += row.outstanding;
          t.withdrawn += row.withdrawn;
          t.net += row.net;
          t.creditUsed += row.creditUsed;
          t.vat += row.vat;
          t.netOfVat += row.netOfVat;
          t.orders += row.paypalOrderIds.length;
          t.captures += row.captureIds.length;
          t.refunds += row.refundIds.length;
          t.subs.add(row.subscriptionId);
        }
      }
      const finish = <T extends Totals & { subs: Set<string> }>(t: T) => {
        const { subs, ...rest } = t;
        return { ...rest, subscriptions: subs.size };
      };
      const totalsOf = (t: typeof real) => ({
        byPlan: [...t.byPlan.values()].map(finish).sort((a, b) => (a.planId + a.currency < b.planId + b.currency ? -1 : 1)),
        byCurrency: [...t.byCurrency.values()].map(finish).sort((a, b) => (a.currency < b.currency ? -1 : 1)),
      });
      return {
        asOf: { to: cut.kind === 'time' ? cut.to : null, position: String(position ?? lastPosition), events },
        rows: sorted,
        disputes: [...disputes.values()].sort((a, b) => (a.disputeId < b.disputeId ? -1 : 1)),
        totals: { ...totalsOf(real), demo: totalsOf(demo) },
      };
    },
  };
}

/** Events per readAll page while replaying. */
export const REPLAY_PAGE = 1000;

/**
 * Replays the store up to the cut and returns the report. The head is read first, so a replay of a live store is a
 * consistent snapshot "as of" that position, whatever is appended meanwhile.
 */
export async function replayFinance(events: Pick<EventStore, 'readAll' | 'headPosition'>, cut: ReplayCut): Promise<FinanceReport> {
  const head = await events.headPosition();
  const last = cut.kind === 'position' && cut.position < head ? cut.position : head;
  const fold = createFinanceFold(cut);
  let after = 0n;
  while (after < last) {
    const page = await events.readAll({ after, maxCount: REPLAY_PAGE });
    if (page.length === 0) break;
    for (const event of page) {
      if (event.position > last) {
        after = last;
        break;
      }
      fold.apply(event);
      after = event.position;
    }
    if (page.length < REPLAY_PAGE) break;
  }
  return fold.result(last);
}
