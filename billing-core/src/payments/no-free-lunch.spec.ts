import { expect } from 'chai';
import fc from 'fast-check';
import type { CommandMetadata, EventEnvelope } from '@relaycast/contracts';
import { createCommandHandler } from '../handler.js';
import { createSqliteEventStore } from '../store/sqlite.js';
import { subscriptionDecider } from '../subscription/index.js';
import { AppError } from '@relaycast/contracts';
import { runDueItems } from '../scheduler/index.js';
import { captureOrder, handleWebhook, payDue, refundCapture, type PaymentDeps, type PaymentGateway } from './index.js';

/**
 * "No free lunch": random interleavings of revisions (up and down), orders, captures (completed, declined, pending,
 * answered late while other commands run), PayPal's webhooks, refunds, reversals, cancellation and a moving clock.
 * After every step, the value of what the history entitles the customer to — priced here from the seed's
 * catalogue, over the paid periods — never exceeds the money PayPal holds for us (captured less refunded), plus
 * what a refund or reversal took back of time already used (a concession that cannot be revoked). At the end, every
 * capture PayPal made is recorded once.
 */

const DAY = 86_400_000;
const T0 = Date.parse('2026-01-31T12:00:00.000Z');

/** Seed §9, self-hosted units a month: 1–20 at $5, 21–40 at $4, 41 and above at $3 (graduated). */
function monthlyPrice(units: number): number {
  let cents = 0;
  for (let u = 1; u <= units; u++) cents += u <= 20 ? 500 : u <= 40 ? 400 : 300;
  return cents;
}

interface GatewayOrder {
  id: string;
  amount: number;
  customId: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  capture: { id: string; status: string; amount: number; refunded: number } | null;
}

type Outcome = 'COMPLETED' | 'DECLINED' | 'PENDING';

/** PayPal as the workflows see it, in memory: orders, captures with a chosen outcome, refunds; late answers on demand. */
const notUsed = async (): Promise<never> => {
  throw new Error('not used');
};

function fakePayPal() {
  const orders = new Map<string, GatewayOrder>();
  const byRequest = new Map<string, unknown>();
  let next = 0;
  let outcome: Outcome = 'COMPLETED';
  /** Answers of held captures wait for `release` (the next capture only, when `holdNext` is set). */
  let gate: Promise<void> | null = null;
  let holdNext = false;
  const openers: (() => void)[] = [];
  const info = (o: GatewayOrder) => ({
    id: o.id,
    status: o.status,
    intent: 'CAPTURE',
    amountCents: o.amount,
    currency: 'USD',
    customId: o.customId,
    payerId: 'PAYER',
    approveUrl: o.status === 'CREATED' ? `https://paypal.test/approve/${o.id}` : null,
    capture: o.capture ? { captureId: o.capture.id, status: o.capture.status, amountCents: o.capture.amount, currency: 'USD' } : null,
    vault: null,
  });
  const gateway: PaymentGateway = {
    configured: true,
    clientId: 'fake',
    async createOrder(request) {
      const seen = byRequest.get(`create:${request.requestId}`) as GatewayOrder | undefined;
      if (seen) return { orderId: seen.id, status: seen.status, approveUrl: null };
      const order: GatewayOrder = { id: `O${++next}`, amount: request.amountCents, customId: request.billingReference, status: 'CREATED', capture: null };
      orders.set(order.id, order);
      byRequest.set(`create:${request.requestId}`, order);
      return { orderId: order.id, status: order.status, approveUrl: `https://paypal.test/approve/${order.id}` };
    },
    async getOrder(id) {
      return info(orders.get(id)!);
    },
    async captureOrder(id, requestId) {
      const order = orders.get(id)!;
      if (!byRequest.has(`capture:${requestId}`)) {
        if (order.status !== 'APPROVED') throw Object.assign(new Error('ORDER_NOT_CAPTURABLE'), { code: 'CONFLICT' });
        // The work is done now; the answer may be late (a slow PayPal while other commands run).
        order.status = 'COMPLETED';
        order.capture = { id: `C${++next}`, status: outcome, amount: order.amount, refunded: 0 };
        byRequest.set(`capture:${requestId}`, true);
      }
      const answer = info(order);
      const wait = holdNext ? gate : null;
      holdNext = false;
      if (wait) await wait;
      return answer;
    },
    async verifyFundingSource() {
      throw new Error('not used');
    },
    /** A merchant-initiated order with the saved wallet: created and captured in one call (or declined). */
    async chargeSavedWallet(charge) {
      const seen = byRequest.get(`mit:${charge.requestId}`) as GatewayOrder | undefined;
      const order: GatewayOrder = seen ?? { id: `O${++next}`, amount: charge.amountCents, customId: charge.billingReference, status: 'COMPLETED', capture: { id: `C${++next}`, status: outcome, amount: charge.amountCents, refunded: 0 } };
      if (!seen) {
        orders.set(order.id, order);
        byRequest.set(`mit:${charge.requestId}`, order);
      }
      if (order.capture!.status === 'DECLINED') throw new AppError('PAYMENT_DECLINED', 'declined');
      return info(order);
    },
    createWalletSetup: notUsed,
    saveWallet: notUsed,
    async getCapture(captureId) {
      const order = [...orders.values()].find((o) => o.capture?.id === captureId)!;
      return { ...info(order).capture!, customId: order.customId, orderId: order.id };
    },
    async refundCapture(captureId, amount, requestId) {
      const seen = byRequest.get(`refund:${requestId}`) as { refundId: string } | undefined;
      const order = [...orders.values()].find((o) => o.capture?.id === captureId)!;
      if (!seen) {
        order.capture!.refunded += amount.amountCents;
        byRequest.set(`refund:${requestId}`, { refundId: `R${++next}` });
      }
      return { refundId: (byRequest.get(`refund:${requestId}`) as { refundId: string }).refundId, status: 'COMPLETED', amountCents: amount.amountCents, currency: 'USD' };
    },
    async verifyWebhookSignature() {
      return true;
    },
  };
  return {
    gateway,
    orders,
    approve: (id: string) => {
      const o = orders.get(id);
      if (o?.status === 'CREATED') o.status = 'APPROVED';
    },
    setOutcome: (o: Outcome) => void (outcome = o),
    outcome: () => outcome,
    holdAnswers() {
      gate ??= new Promise((resolve) => openers.push(resolve));
      holdNext = true;
    },
    release() {
      for (const open of openers.splice(0)) open();
      gate = null;
    },
    /** Money PayPal holds for us: completed captures less refunds and reversals. */
    net: () => [...orders.values()].reduce((sum, o) => sum + (o.capture?.status === 'COMPLETED' ? o.capture.amount - o.capture.refunded : 0), 0),
    completedCaptures: () => [...orders.values()].filter((o) => o.capture?.status === 'COMPLETED').map((o) => ({ orderId: o.id, ...o.capture! })),
  };
}

type Action =
  | { kind: 'revise'; units: number }
  | { kind: 'pay' }
  /** Pays what is due (a new order when none is open, the buyer approving it) and captures it. */
  | { kind: 'capture'; outcome: Outcome; late: boolean }
  | { kind: 'answer' }
  | { kind: 'webhook'; completeHeld: boolean; which: number }
  | { kind: 'refund'; which: number }
  | { kind: 'reverse'; which: number }
  | { kind: 'cancel' }
  /** The customer saves a PayPal account: renewals and balances are charged to it without them. */
  | { kind: 'save-wallet' }
  /**
   * The billing clock moves: everything that fell due runs (renewals, dunning, suspension, scheduled changes). With
   * `declined`, PayPal declines what the clock charges to a saved wallet meanwhile (otherwise the outcome of the last
   * capture holds), so that renewals charged to a saved wallet also fail while the last capture went through.
   */
  | { kind: 'advance'; days: number; declined?: boolean };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('revise' as const), units: fc.integer({ min: 1, max: 60 }) }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'pay' as const }) },
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('capture' as const), outcome: fc.constantFrom<Outcome>('COMPLETED', 'COMPLETED', 'COMPLETED', 'DECLINED', 'PENDING'), late: fc.boolean() }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'answer' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('webhook' as const), completeHeld: fc.boolean(), which: fc.nat(5) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), which: fc.nat(5) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reverse' as const), which: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancel' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'save-wallet' as const }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('advance' as const), days: fc.oneof(fc.integer({ min: 0, max: 45 }), fc.constantFrom(28, 30, 31)), declined: fc.constantFrom(false, false, true) }) },
);

/**
 * What the recorded history entitles the customer to, in cents, priced from the catalogue above: for each paid
 * period (OrderCaptured that is not credit, cut short by PaidTimeEnded), the share of time the subscription is Live
 * times the monthly price of the units in force then (SubscriptionRevised from its effectiveAt; a scheduled change
 * from its date). Time after `now` counts too, as the status and changes known now say.
 */
function entitledValue(history: readonly EventEnvelope[], now: number): number {
  const paid: { start: number; end: number; length: number }[] = [];
  const unitsAt: { at: number; units: number }[] = [];
  const live: { from: number; to: number }[] = [];
  let liveSince: number | null = null;
  let scheduled: { at: number; units: number } | null = null;
  for (const e of history) {
    const d = e.data as Record<string, unknown>;
    const at = Date.parse(e.occurredAt);
    switch (e.type) {
      case 'SubscriptionCreated':
        unitsAt.push({ at: 0, units: d.quantity as number });
        break;
      case 'SubscriptionRevised':
        unitsAt.push({ at: Date.parse(d.effectiveAt as string), units: d.quantity as number });
        scheduled = null;
        break;
      case 'SubscriptionChangeScheduled':
        scheduled = { at: Date.parse(d.effectiveAt as string), units: d.quantity as number };
        break;
      case 'SubscriptionChangeWithdrawn':
        scheduled = null;
        break;
      case 'OrderCaptured':
        if (!d.credited && d.periodStart) {
          const [start, end] = [Date.parse(d.periodStart as string), Date.parse(d.periodEnd as string)];
          paid.push({ start, end, length: end - start });
        }
        break;
      case 'PaidTimeEnded': {
        const ended = Date.parse(d.endedAt as string);
        for (const p of paid) if (p.end > ended) p.end = Math.max(p.start, ended);
        break;
      }
      case 'SubscriptionStatusChanged':
        if (d.to === 'SUBSCRIPTION_STATUS_ACTIVE' && liveSince === null) liveSince = at;
        if (d.to !== 'SUBSCRIPTION_STATUS_ACTIVE' && liveSince !== null) {
          live.push({ from: liveSince, to: at });
          liveSince = null;
        }
        break;
      case 'SubscriptionCancelled':
        if (liveSince !== null) live.push({ from: liveSince, to: at });
        liveSince = null;
        break;
    }
  }
  if (liveSince !== null) live.push({ from: liveSince, to: Infinity });
  if (scheduled) unitsAt.push(scheduled);
  unitsAt.sort((a, b) => a.at - b.at);
  // Breakpoints where the price or the Live status can change; the value is piecewise constant between them.
  let value = 0;
  for (const p of paid) {
    // A period cut short keeps its price per unit of time: the whole period's length divides.
    const length = p.length;
    if (p.end <= p.start) continue;
    const cuts = new Set<number>([p.start, p.end, ...unitsAt.map((u) => u.at), ...live.flatMap((l) => [l.from, l.to])].filter((t) => t >= p.start && t <= p.end));
    const points = [...cuts].sort((a, b) => a - b);
    for (let i = 0; i + 1 < points.length; i++) {
      const [a, b] = [points[i]!, points[i + 1]!];
      const mid = (a + b) / 2;
      if (!live.some((l) => l.from <= mid && mid < l.to)) continue;
      const units = [...unitsAt].reverse().find((u) => u.at <= mid)!.units;
      value += (monthlyPrice(units) * (b - a)) / length;
    }
  }
  void now;
  return value;
}

/** The part of a capture's paid period already used when its money was taken back, valued at the time. */
function usedValueAtRefund(history: readonly EventEnvelope[], captureId: string, at: number): number {
  const before = history.filter((e) => Date.parse(e.occurredAt) <= at);
  const captured = before.find((e) => e.type === 'OrderCaptured' && (e.data as { captureId: string }).captureId === captureId);
  const data = captured?.data as { periodStart?: string; periodEnd?: string; credited?: boolean; amount: number; credit?: number; purpose: string } | undefined;
  if (!data) return 0;
  if (data.credited) {
    // Money kept as credit is used by later payments: the share of their periods already run was used.
    return before
      .filter((e) => e.type === 'OrderCaptured' && (e.data as { credit?: number }).credit)
      .reduce((sum, e) => {
        const c = e.data as { credit: number; periodStart?: string; periodEnd?: string };
        if (!c.periodStart) return sum + c.credit;
        const [start, end] = [Date.parse(c.periodStart), Date.parse(c.periodEnd!)];
        return sum + c.credit * Math.min(1, Math.max(0, at - start) / (end - start));
      }, 0);
  }
  let start: number;
  let end: number;
  if (data.purpose === 'balance') {
    // A balance pays for the rest of the paid time known when it was captured (periods paid later are not its own:
    // a reversal months on found the balance's time used in full).
    start = Date.parse(captured!.occurredAt);
    end = Math.max(start + 1, ...before.slice(0, before.indexOf(captured!)).filter((e) => e.type === 'OrderCaptured' && (e.data as { periodEnd?: string }).periodEnd).map((e) => Date.parse((e.data as { periodEnd: string }).periodEnd)));
  } else {
    if (!data.periodStart) return 0;
    start = Date.parse(data.periodStart);
    end = Date.parse(data.periodEnd!);
  }
  return ((data.amount + (data.credit ?? 0)) * Math.min(1, Math.max(0, at - start) / (end - start)));
}

/** How often the runs reached each interesting situation: the property is only as strong as what it exercised. */
const reached = new Map<string, number>();
function noteReached(history: readonly EventEnvelope[]): void {
  const seen = new Set<string>();
  for (const e of history) {
    const d = e.data as Record<string, unknown>;
    if (e.type === 'OrderCaptured') seen.add(d.credited ? 'capture kept as credit' : d.purpose === 'balance' ? 'balance captured' : d.credit ? 'period paid with credit' : 'period captured');
    if (e.type === 'SubscriptionRevised') seen.add(`revised (${String(d.reason)})`);
    if (['SubscriptionChangePending', 'SubscriptionChangeScheduled', 'PaymentOrderSuperseded', 'PaymentPending', 'PaymentRejected', 'PaidTimeEnded', 'SubscriptionCancelled'].includes(e.type)) seen.add(e.type);
    if (e.type === 'PaymentRefunded') seen.add(d.reversal ? 'reversal' : 'refund');
    if (['RenewalFailed', 'SubscriptionPaused', 'LicenceRevoked'].includes(e.type)) seen.add(e.type);
    if (e.type === 'OrderCaptured' && String(e.metadata.correlationId ?? '').startsWith('renewal-')) seen.add('renewal charged to a saved wallet');
  }
  for (const s of seen) reached.set(s, (reached.get(s) ?? 0) + 1);
}

describe('no free lunch: what the history entitles a customer to never exceeds the money kept (property, 2,000 runs)', function () {
  this.timeout(600_000);

  it('holds after every step of random interleavings over a simulated clock', async () => {
    const runs = Number(process.env.NO_FREE_LUNCH_RUNS ?? 2000);
    // Chosen here rather than by fast-check so that the coverage check below can name it too.
    const seed = process.env.NO_FREE_LUNCH_SEED ? Number(process.env.NO_FREE_LUNCH_SEED) : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 50 }), fc.array(actionArb, { minLength: 1, maxLength: 24 }), fc.boolean(), async (units, drawn, startLive) => {
        // Half the runs start from a paid period, where revisions are pending or scheduled rather than immediate.
        // Of those, the ones with an odd number of units have saved a PayPal account: renewals charge it.
        const start: Action[] = startLive ? [{ kind: 'capture', outcome: 'COMPLETED', late: false }, ...(units % 2 ? [{ kind: 'save-wallet' as const }] : [])] : [];
        const actions: Action[] = [...start, ...drawn];
        const store = createSqliteEventStore(':memory:');
        const handler = createCommandHandler(store);
        const paypal = fakePayPal();
        const deps: PaymentDeps = { events: store, execute: (decider, id, command, options) => handler.handle(decider, id, command, options), gateway: paypal.gateway, publicUrl: 'https://relaycast.test', newLicenceKey: () => `KEY-${Math.random().toString(36).slice(2)}` };
        let now = T0;
        let n = 0;
        const meta = (role: CommandMetadata['actorRole'] = 'ROLE_CUSTOMER', actorId = 'user-1'): CommandMetadata => ({ now: new Date(now).toISOString(), actorId, actorRole: role, correlationId: `c${++n}` });
        const inFlight: Promise<unknown>[] = [];
        let conceded = 0;
        const history = () => store.readStream(subscriptionDecider.streamId('sub-1'));
        const swallow = (p: Promise<unknown>) => p.catch((error: unknown) => {
          // Refusals (4xx, a PayPal refusal) are answers, not failures of the property.
          if (process.env.NO_FREE_LUNCH_DEBUG) console.log('refused:', (error as Error).message);
          if (!(error instanceof Error) || !('code' in error)) throw error;
        });
        try {
          await handler.handle(subscriptionDecider, 'sub-1', {
            type: 'CreateSubscription',
            data: { subscriptionId: 'sub-1', user_id: 'user-1', subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', plan_id: 'constructor', infrastructure_type: 'self-hosted', modules: [{ name: 'streams', limit: units }], privacy_policy_confirm: true },
            metadata: meta(),
          });
          for (const action of actions) {
            const events = await history();
            const state = events.reduce((s, e) => subscriptionDecider.evolve(s, e as never), subscriptionDecider.initialState()) as { orders?: Record<string, { status: string }>; paypalSubscriptionID?: string };
            const webhook = (type: string, resource: Record<string, unknown>) =>
              handleWebhook(deps, { rawBody: JSON.stringify({ id: `WH-${++n}`, event_type: type, resource }), headers: {}, webhookConfigured: true }, meta('SYSTEM', 'paypal-webhook'));
            switch (action.kind) {
              case 'revise':
                await swallow(handler.handle(subscriptionDecider, 'sub-1', { type: 'ReviseSubscription', data: { paypalSubscriptionID: state.paypalSubscriptionID ?? 'RCS-SUB-1', quantity: action.units }, metadata: meta() }));
                break;
              case 'pay': {
                const started = await swallow(payDue(deps, 'sub-1', meta()));
                const order = (started as { kind?: string; order?: { paypalOrderID: string } } | undefined)?.order;
                if (order) paypal.approve(order.paypalOrderID);
                break;
              }
              case 'capture': {
                let orderId = Object.entries(state.orders ?? {}).find(([, o]) => o.status === 'open')?.[0];
                if (!orderId) {
                  const started = (await swallow(payDue(deps, 'sub-1', meta()))) as { order?: { paypalOrderID: string } } | undefined;
                  orderId = started?.order?.paypalOrderID;
                  if (!orderId) break;
                }
                paypal.approve(orderId);
                paypal.setOutcome(action.outcome);
                if (action.late) paypal.holdAnswers();
                const capturing = swallow(captureOrder(deps, { subscriptionId: 'sub-1', paypalOrderID: orderId }, meta()));
                if (action.late) inFlight.push(capturing);
                else await capturing;
                break;
              }
              case 'answer':
                paypal.release();
                await Promise.all(inFlight.splice(0));
                break;
              case 'webhook': {
                // PayPal tells us about a capture: one it finished reviewing, or one we may have recorded already.
                const held = [...paypal.orders.values()].filter((o) => o.capture?.status === 'PENDING');
                const target = action.completeHeld && held.length ? held[action.which % held.length]! : [...paypal.orders.values()].filter((o) => o.capture?.status === 'COMPLETED')[action.which % 6];
                if (!target?.capture) break;
                if (target.capture.status === 'PENDING') target.capture.status = action.which % 2 ? 'COMPLETED' : 'DECLINED';
                const type = target.capture.status === 'COMPLETED' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED';
                await swallow(webhook(type, { id: target.capture.id, status: target.capture.status, amount: { currency_code: 'USD', value: (target.capture.amount / 100).toFixed(2) }, custom_id: target.customId, supplementary_data: { related_ids: { order_id: target.id } } }));
                break;
              }
              case 'refund':
              case 'reverse': {
                const recorded = events.filter((e) => e.type === 'OrderCaptured').map((e) => (e.data as { captureId: string }).captureId);
                const captureId = recorded[action.which % Math.max(1, recorded.length)];
                const capture = paypal.completedCaptures().find((c) => c.id === captureId);
                if (!capture || capture.refunded === capture.amount) break;
                const before = capture.amount - capture.refunded;
                if (action.kind === 'refund') {
                  await swallow(refundCapture(deps, { subscriptionId: 'sub-1', captureId: capture.id }, meta('ROLE_ADMIN', 'admin-1')));
                } else {
                  const order = paypal.orders.get(capture.orderId)!;
                  order.capture!.refunded = order.capture!.amount;
                  const reversalId = `REV${++n}`;
                  await swallow(webhook('PAYMENT.CAPTURE.REVERSED', { id: reversalId, amount: { currency_code: 'USD', value: (before / 100).toFixed(2) }, custom_id: order.customId, links: [{ rel: 'up', href: `https://paypal.test/v2/payments/captures/${capture.id}` }] }));
                }
                // Money taken back for time already used is a concession the history cannot revoke.
                const taken = before - ((paypal.completedCaptures().find((c) => c.id === captureId)?.amount ?? 0) - (paypal.completedCaptures().find((c) => c.id === captureId)?.refunded ?? 0));
                conceded += Math.min(taken, usedValueAtRefund(await history(), capture.id, now));
                break;
              }
              case 'cancel':
                await swallow(handler.handle(subscriptionDecider, 'sub-1', { type: 'CancelSubscription', data: {}, metadata: meta() }));
                break;
              case 'save-wallet':
                await swallow(handler.handle(subscriptionDecider, 'sub-1', { type: 'RecordVaultedPaymentMethod', data: { vaultId: `VT-${++n}`, source: 'SETUP_TOKEN' }, metadata: meta() }));
                break;
              case 'advance': {
                now += action.days * DAY;
                // The billing clock runs everything that fell due (with the outcome PayPal gives saved wallets now).
                const restore = paypal.outcome();
                if (action.declined) paypal.setOutcome('DECLINED');
                await swallow(runDueItems(deps, 'sub-1', new Date(now).toISOString()));
                paypal.setOutcome(restore);
                break;
              }
            }
            const value = entitledValue(await history(), now);
            if (process.env.NO_FREE_LUNCH_DEBUG) for (const e of await history()) console.log(e.occurredAt, e.type, JSON.stringify(e.data).replace(/"modules":\[[^\]]*\],?/g, '').slice(0, 220));
            expect(value, `after ${action.kind}: entitled ${value.toFixed(2)} > kept ${paypal.net()} + conceded ${conceded.toFixed(2)}`).to.be.at.most(paypal.net() + conceded + 1e-6);
          }
          paypal.release();
          await Promise.all(inFlight.splice(0));
          noteReached(await history());
          // Never lose a payment: every capture PayPal completed is recorded, once.
          const recorded = (await history()).filter((e) => e.type === 'OrderCaptured').map((e) => (e.data as { captureId: string }).captureId);
          expect(new Set(recorded).size, 'one record per capture').to.equal(recorded.length);
          const completedAnswered = paypal.completedCaptures().map((c) => c.id);
          // Payments from account credit are ours (CREDIT-n), not PayPal's.
          expect(recorded.filter((id) => !completedAnswered.includes(id) && !id.startsWith('CREDIT-'))).to.deep.equal([]);
          for (const id of completedAnswered) expect(recorded, `capture ${id} recorded`).to.include(id);
        } finally {
          paypal.release();
          await Promise.allSettled(inFlight);
          await store.close();
        }
      }),
      {
        numRuns: runs,
        seed,
        // To replay a failure: NO_FREE_LUNCH_SEED and NO_FREE_LUNCH_PATH from its report.
        ...(process.env.NO_FREE_LUNCH_PATH ? { path: process.env.NO_FREE_LUNCH_PATH, endOnFailure: true } : {}),
        // A counterexample to replay first: NO_FREE_LUNCH_EXAMPLE='[1,[{"kind":"pay"}]]'.
        examples: [
          ...(process.env.NO_FREE_LUNCH_EXAMPLE ? [JSON.parse(process.env.NO_FREE_LUNCH_EXAMPLE) as [number, Action[], boolean]] : []),
          // Found by CI (seed 1872740453): a balance paid in January, reversed at the end of March after two renewals.
          // Its time was used in full; the model had spread it over the renewals' periods too.
          [1, [{ kind: 'revise', units: 4 }, { kind: 'capture', outcome: 'COMPLETED', late: false }, { kind: 'revise', units: 1 }, { kind: 'advance', days: 28 }, { kind: 'advance', days: 31 }, { kind: 'reverse', which: 5 }], true],
        ],
      },
    );
    if (process.env.NO_FREE_LUNCH_STATS) console.log(Object.fromEntries([...reached].sort()));
    // Each situation the rules distinguish was reached by enough runs: at least 1 % of them (20 of 2,000). The rarest
    // (a suspension, a scheduled change, a balance) are reached by 3–4 % of runs; a bar of 2 % at 1,000 runs failed one
    // CI run by chance (SubscriptionPaused in 18); 20 of 2,000 lies five standard deviations below their mean.
    // (A replayed path is one run: nothing to count.)
    const counted = process.env.NO_FREE_LUNCH_PATH ? 0 : runs;
    for (const situation of ['period captured', 'capture kept as credit', 'balance captured', 'revised (BALANCE_PAID)', 'revised (SCHEDULED)', 'revised (IMMEDIATE)', 'SubscriptionChangePending', 'SubscriptionChangeScheduled', 'PaymentOrderSuperseded', 'PaymentPending', 'PaymentRejected', 'PaidTimeEnded', 'refund', 'reversal', 'SubscriptionCancelled', 'RenewalFailed', 'renewal charged to a saved wallet', 'SubscriptionPaused', 'LicenceRevoked']) {
      expect(reached.get(situation) ?? 0, `${situation} (seed ${seed})`).to.be.at.least(Math.floor(counted / 100));
    }
  });
});
