import type { EventEnvelope } from '@relaycast/contracts';
import { createMemoryReadModelStore } from '../../readmodel/memory.js';
import type { ReadModelStore } from '../../readmodel/port.js';
import { UnitOfWork } from '../../unit-of-work.js';
import { FINANCE, financeProjection } from './projection.js';

/** Literal subscription histories for finance tests: events as the deciders write them, with their times. */
export function history(startPosition = 1n) {
  const events: EventEnvelope[] = [];
  let position = startPosition;
  const versions = new Map<string, number>();
  const add = (sub: string, type: string, occurredAt: string, data: Record<string, unknown>, demo = false) => {
    const streamId = `subscription-${sub}`;
    const version = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, version);
    events.push({
      id: `${streamId}-${version}`,
      type,
      streamId,
      version,
      position: position++,
      occurredAt,
      data,
      metadata: { actorId: 'test', actorRole: 'SYSTEM', correlationId: 'c', causationId: null, ...(demo ? { demo: true as const } : {}) },
    });
  };
  const configuration = (amount: number, quantity = 1) => ({ modules: [], quantity, amount });
  const status = (from: string, to: string, cause: string, at: string) => ({ from: `SUBSCRIPTION_STATUS_${from}`, to: `SUBSCRIPTION_STATUS_${to}`, cause, at });
  return {
    events,
    created(sub: string, at: string, o: { amount: number; plan?: 'constructor' | 'unlimited'; billingMonths?: number; demo?: boolean }) {
      add(sub, 'SubscriptionCreated', at, {
        subscriptionId: sub,
        user_id: `u-${sub}`,
        name: `Subscription ${at.slice(0, 10)}`,
        infrastructure_type: 'self-hosted',
        subscription_type: (o.billingMonths ?? 1) === 12 ? 'SUBSCRIPTION_YEAR' : 'SUBSCRIPTION_MONTH',
        status: 'SUBSCRIPTION_STATUS_INITIAL',
        plan: { plan_id: o.plan ?? 'constructor', billingMonths: o.billingMonths ?? 1, ...(o.plan === 'unlimited' ? { period: (o.billingMonths ?? 1) === 12 ? 'annual' : 'monthly' } : {}) },
        modules: [],
        quantity: 1,
        amount: o.amount,
        currency: 'USD',
        payment_details: {},
        infrastructure_details: {},
      }, o.demo);
    },
    /**
     * A period payment captured (and, when it is the first, the move to Live). With `vat`: the amount is the total,
     * VAT of `vat.country` at `vat.rate` inside it (`vat.amount` cents), the period's price the rest (net).
     */
    paid(sub: string, at: string, o: { amount: number; start: string; end: string; config?: number; capture: string; from?: string; credit?: number; demo?: boolean; vat?: { country: string; rate: string; amount: number } }) {
      const total = o.amount + (o.credit ?? 0);
      const tax = o.vat
        ? {
            tax: {
              amount: total - o.vat.amount, taxLines: [{ kind: 'vat', country: o.vat.country, rate: o.vat.rate, amount: o.vat.amount }], tax: o.vat.amount, total,
              decision: { kind: 'vat', country: o.vat.country, rate: o.vat.rate, customerType: 'consumer', notices: [], evidence: { at, sellerCountry: 'EE', billingCountry: o.vat.country } },
            },
          }
        : {};
      add(sub, 'OrderCaptured', at, {
        paypalOrderID: `O-${o.capture}`, paypalSubscriptionID: `RCS-${sub}`, captureId: o.capture, amount: o.amount, currency: 'USD', quantity: 1,
        capturedAt: at, purpose: 'period', periodStart: o.start, periodEnd: o.end, configuration: configuration(o.config ?? total - (o.vat?.amount ?? 0)),
        ...(o.credit ? { credit: o.credit } : {}),
        ...tax,
      }, o.demo);
      if (o.from) add(sub, 'SubscriptionStatusChanged', at, status(o.from, 'ACTIVE', 'PAID', at), o.demo);
    },
    balancePaid(sub: string, at: string, o: { amount: number; config: number; capture: string }) {
      add(sub, 'OrderCaptured', at, {
        paypalOrderID: `O-${o.capture}`, paypalSubscriptionID: `RCS-${sub}`, captureId: o.capture, amount: o.amount, currency: 'USD', quantity: 1,
        capturedAt: at, purpose: 'balance', configuration: configuration(o.config),
      });
      add(sub, 'SubscriptionRevised', at, { paypalSubscriptionID: `RCS-${sub}`, quantity: 1, previousQuantity: 1, modules: [], amount: o.config, previousAmount: 0, proration: o.amount, effectiveAt: at, reason: 'BALANCE_PAID' });
    },
    creditedCapture(sub: string, at: string, o: { amount: number; capture: string }) {
      add(sub, 'OrderCaptured', at, {
        paypalOrderID: `O-${o.capture}`, paypalSubscriptionID: `RCS-${sub}`, captureId: o.capture, amount: o.amount, currency: 'USD', quantity: 1,
        capturedAt: at, purpose: 'period', credited: true,
      });
    },
    trial(sub: string, at: string, end: string) {
      add(sub, 'TrialStarted', at, { trialStartDate: at, trialEndDate: end, trialPeriod: 7 });
      add(sub, 'SubscriptionStatusChanged', at, status('INITIAL', 'ACTIVE', 'TRIAL_STARTED', at));
    },
    complimentary(sub: string, at: string, start: string, end: string) {
      add(sub, 'ComplimentaryGranted', at, { note: 'goodwill', start, end, configuration: configuration(0) });
    },
    renewalFailed(sub: string, at: string, o: { config?: number; reason?: 'NO_PAYMENT_METHOD' | 'DECLINED' } = {}) {
      add(sub, 'RenewalFailed', at, {
        dueAt: at, attempt: 0, reason: o.reason ?? 'DECLINED',
        timeline: { dueAt: at, retries: [], graceUntil: at, suspendAt: at, cancelAt: at, ...(o.config !== undefined ? { configuration: configuration(o.config) } : {}) },
      });
      add(sub, 'SubscriptionStatusChanged', at, status('ACTIVE', 'WAIT_PAYMENT', 'PAYMENT_DUE', at));
    },
    pausedUnpaid(sub: string, at: string) {
      add(sub, 'SubscriptionPaused', at, { reason: 'NON_PAYMENT' });
      add(sub, 'SubscriptionStatusChanged', at, status('WAIT_PAYMENT', 'PAUSE', 'UNPAID_AFTER_GRACE', at));
    },
    changeScheduled(sub: string, at: string, o: { config: number; effectiveAt: string }) {
      add(sub, 'SubscriptionChangeScheduled', at, { modules: [], quantity: 1, amount: o.config, previousAmount: 0, effectiveAt: o.effectiveAt });
    },
    revisedScheduled(sub: string, at: string, config: number) {
      add(sub, 'SubscriptionRevised', at, { paypalSubscriptionID: `RCS-${sub}`, quantity: 1, previousQuantity: 1, modules: [], amount: config, previousAmount: 0, proration: 0, effectiveAt: at, reason: 'SCHEDULED' });
    },
    cancelled(sub: string, at: string, from = 'ACTIVE') {
      add(sub, 'SubscriptionCancelled', at, { from: `SUBSCRIPTION_STATUS_${from}`, at });
      add(sub, 'SubscriptionStatusChanged', at, status(from, 'CANCEL', 'CANCELLED', at));
    },
    refunded(sub: string, at: string, o: { capture: string; amount: number; refund: string; reversal?: boolean }) {
      add(sub, 'PaymentRefunded', at, { captureId: o.capture, refundId: o.refund, amount: o.amount, currency: 'USD', refundedAt: at, ...(o.reversal ? { reversal: true } : {}) });
    },
    paidTimeEnded(sub: string, at: string, capture: string, reason: 'REFUNDED' | 'REVERSED' = 'REFUNDED') {
      add(sub, 'PaidTimeEnded', at, { captureId: capture, reason, endedAt: at });
    },
    takenBack(sub: string, at: string) {
      add(sub, 'SubscriptionStatusChanged', at, status('ACTIVE', 'WAIT_PAYMENT', 'PAYMENT_TAKEN_BACK', at));
    },
    disputed(sub: string, at: string, o: { dispute: string; capture: string; amount: number; stage?: 'CREATED' | 'RESOLVED' }) {
      add(sub, 'PaymentDisputed', at, { disputeId: o.dispute, stage: o.stage ?? 'CREATED', status: 'OPEN', captureId: o.capture, amount: o.amount, currency: 'USD' });
    },
  };
}

/** Runs events through the finance projection (into a fresh in-memory read model by default), one commit per event. */
export async function projectFinance(events: readonly EventEnvelope[], store: ReadModelStore = createMemoryReadModelStore()): Promise<ReadModelStore> {
  // In the order of the log: by time (histories are written customer by customer), each stream in its own order.
  const ordered = [...events].sort((a, b) => a.occurredAt.localeCompare(b.occurredAt) || (a.position < b.position ? -1 : 1));
  let position = (await store.checkpoint(FINANCE)) + 1n;
  for (const event of ordered) {
    const uow = new UnitOfWork(store, FINANCE);
    const placed = { ...event, position: position++ };
    if (financeProjection.handles?.has(event.type)) await financeProjection.apply(placed, uow);
    await store.commit(FINANCE, await uow.complete(), placed.position);
  }
  return store;
}
