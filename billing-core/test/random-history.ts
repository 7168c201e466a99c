import fc from 'fast-check';
import type { CommandMetadata, EventEnvelope } from '@relaycast/contracts';
import { createCommandHandler } from '../src/handler.js';
import { createSqliteEventStore } from '../src/store/sqlite.js';
import { coveredUntil, exists, subscriptionDecider, type ExistingSubscription } from '../src/subscription/index.js';
import { reviseSubscription, startTrial } from '../src/workflows/index.js';
import { runDueItems } from '../src/scheduler/index.js';
import { cancelNow, captureOrder, handleWebhook, payDue, refundCapture, type PaymentDeps } from '../src/payments/index.js';
import { billingPolicyDecider } from '../src/policy/index.js';
import { userDecider } from '../src/user/index.js';
import { fakePayPal, type Outcome } from './fake-paypal.js';
import { DAY } from './entitlement-model.js';

/**
 * Random histories of one subscription through the real workflows (the "no free lunch" generator): revisions,
 * checkouts and captures (completed, declined, pending, answered late), PayPal's webhooks, refunds and reversals,
 * cancellation, trials, pauses, complimentary grants, saved-wallet renewals raced by the customer, and a billing
 * clock that moves and runs everything due. The property tests (billing-core's entitlement, projections' finance)
 * check their invariants over what it records.
 */

export const T0 = Date.parse('2026-01-31T12:00:00.000Z');
export const POLICY = { retryDays: [1, 3, 5, 7], graceDays: 7, cancelAfterDays: 14 };

export type Action =
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
  /** The billing clock moves; everything due runs (with `declined`, PayPal declines the saved wallet meanwhile). */
  | { kind: 'advance'; days: number; declined?: boolean }
  | { kind: 'trial' }
  | { kind: 'pause'; resumeInDays: number | null }
  | { kind: 'resume' }
  | { kind: 'complimentary'; days: number }
  /** The clock moves to a renewal whose saved-wallet charge PayPal answers late; meanwhile the customer acts. */
  | { kind: 'race'; days: number; with: 'revise' | 'cancel' | 'checkout'; units: number }
  /** On the last day of the paid period: up to `units` (its balance paid), then back down to 1. */
  | { kind: 'up-down'; units: number }
  /** A day after the paid period ended unpaid (Wait payment), the customer revises. */
  | { kind: 'lapse-revise'; units: number }
  /** Two more periods paid ahead, then one of the three refunded. */
  | { kind: 'prepay-refund'; which: number }
  /** An administrator pauses, and resumes `days` later. */
  | { kind: 'pause-resume'; days: number }
  /** An administrator refunds part of a capture (goodwill: the paid time runs on). Finance's generator only. */
  | { kind: 'partial-refund'; which: number; percent: number }
  /** An administrator cancels at once, refunding the unused paid time or not. */
  | { kind: 'cancel-now'; refund: boolean }
  /** The customer asks to cancel at the end of the paid time (or takes it back); then, maybe, is refunded the running period. */
  | { kind: 'cancel-at-end'; undo: boolean; refund?: boolean }
  /** A raise to `units` paid at once (checkout of its balance), kept. */
  | { kind: 'raise'; units: number }
  /** A buyer's dispute of a capture at PayPal: opened (PayPal holds the money), then resolved for us or lost (reversed). */
  | { kind: 'dispute'; which: number; lost: boolean }
  /**
   * Time granted without payment — the trial (down to at most 20 units first, if it is not yet paid for), or
   * `days` of complimentary time — then a raise to `units` during it, its balance paid by checkout or not.
   */
  | { kind: 'granted-raise'; via: 'trial' | 'complimentary'; days: number; units: number; pay: boolean };

export const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('revise' as const), units: fc.integer({ min: 1, max: 60 }) }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'pay' as const }) },
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('capture' as const), outcome: fc.constantFrom<Outcome>('COMPLETED', 'COMPLETED', 'COMPLETED', 'DECLINED', 'PENDING'), late: fc.boolean() }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'answer' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('webhook' as const), completeHeld: fc.boolean(), which: fc.nat(5) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('refund' as const), which: fc.nat(5) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reverse' as const), which: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancel' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'save-wallet' as const }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('advance' as const), days: fc.oneof(fc.integer({ min: 0, max: 45 }), fc.constantFrom(28, 30, 31)), declined: fc.constantFrom(false, false, true) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'trial' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pause' as const), resumeInDays: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'resume' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('complimentary' as const), days: fc.integer({ min: 1, max: 40 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('race' as const), days: fc.constantFrom(28, 30, 31, 35), with: fc.constantFrom('revise' as const, 'cancel' as const, 'checkout' as const), units: fc.integer({ min: 1, max: 60 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('up-down' as const), units: fc.integer({ min: 20, max: 1000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lapse-revise' as const), units: fc.integer({ min: 1, max: 1000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('prepay-refund' as const), which: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pause-resume' as const), days: fc.integer({ min: 0, max: 20 }) }) },
  // The books issue's paths: cancel-now (after an upgrade too), money back with a saved wallet, a balance refunded
  // with periods paid ahead, a refund after a cancellation at the end of the paid time, disputes.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel-now' as const), refund: fc.constantFrom(true, true, false) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('partial-refund' as const), which: fc.nat(5), percent: fc.integer({ min: 1, max: 99 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel-at-end' as const), undo: fc.constantFrom(false, false, true), refund: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('raise' as const), units: fc.integer({ min: 2, max: 60 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dispute' as const), which: fc.nat(5), lost: fc.boolean() }) },
  // Issue 30: raises during a trial or a complimentary grant wait for their balance, and raise it once paid.
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('granted-raise' as const),
      via: fc.constantFrom('trial' as const, 'complimentary' as const),
      days: fc.integer({ min: 1, max: 45 }),
      units: fc.integer({ min: 2, max: 60 }),
      pay: fc.constantFrom(true, true, false),
    }),
  },
);

/** Finance's generator: the same actions (every cent of money given back must be booked). */
export const financeActionArb: fc.Arbitrary<Action> = actionArb;

/** Money taken back from a capture during a step: the history just before, and how much. */
export interface TakenBack {
  before: EventEnvelope[];
  captureId: string;
  amount: number;
  at: number;
  /** Given back while the time it paid for runs on (a partial refund): a concession in full. */
  concession?: boolean;
}

/**
 * One subscription ('sub-1' of 'user-1', constructor plan at `units` streams) in a fresh in-memory SQLite store,
 * with a fake PayPal and a billing clock starting at T0. `step` plays one action; refusals (4xx) are answers.
 */
export async function createRandomHistory(units: number, options: { taxCountry?: string } = {}) {
  const store = createSqliteEventStore(':memory:');
  const handler = createCommandHandler(store);
  const paypal = fakePayPal();
  let keys = 0;
  // With `taxCountry`: a seller in Estonia computing VAT, and a customer billed in that country (docs/tax.md).
  const tax = options.taxCountry ? { tax: { country: 'EE' as const, vatNumber: 'EE100931558', enabled: true } } : {};
  const deps: PaymentDeps = { events: store, execute: (decider, id, command, options) => handler.handle(decider, id, command, options), gateway: paypal.gateway, publicUrl: 'https://relaycast.test', newLicenceKey: () => `KEY-${++keys}-${Math.random().toString(36).slice(2)}`, ...tax };
  let now = T0;
  let n = 0;
  const meta = (role: CommandMetadata['actorRole'] = 'ROLE_CUSTOMER', actorId = 'user-1'): CommandMetadata => ({ now: new Date(now).toISOString(), actorId, actorRole: role, correlationId: `c${++n}` });
  const admin = () => meta('ROLE_ADMIN', 'admin-1');
  const inFlight: Promise<unknown>[] = [];
  const refusals = new Set<string>();
  const takenBack: TakenBack[] = [];
  /** Each cancellation with a refund: the history just before, when, and what PayPal gave back in it. */
  const cancelRefunds: { before: EventEnvelope[]; at: number; refunded: number }[] = [];
  const history = () => store.readStream(subscriptionDecider.streamId('sub-1'));
  const load = async () => (await history()).reduce((s, e) => subscriptionDecider.evolve(s, e as never), subscriptionDecider.initialState());
  const swallow = (p: Promise<unknown>, what?: string) =>
    p.catch((error: unknown) => {
      // Refusals (4xx, a PayPal refusal) are answers, not failures of the property.
      if (process.env.NO_FREE_LUNCH_DEBUG) console.log('refused:', (error as Error).message);
      if (!(error instanceof Error) || !('code' in error)) throw error;
      if ((error as { code: string }).code === 'PAYMENT_IN_PROGRESS' && what) refusals.add(`${what} refused: payment in flight`);
    });
  const revise = (u: number, state: { paypalSubscriptionID?: string }) =>
    swallow(reviseSubscription(deps, 'sub-1', { type: 'ReviseSubscription', data: { paypalSubscriptionID: state.paypalSubscriptionID ?? 'RCS-SUB-1', quantity: u }, metadata: meta() }, { preview: false }), 'revision');
  /** Pays what is due by checkout: an order (the buyer approves it) captured with the given outcome. */
  const checkout = async (state: { orders?: Record<string, { status: string }> }, outcome: Outcome, late: boolean) => {
    let orderId = Object.entries(state.orders ?? {}).find(([, o]) => o.status === 'open')?.[0];
    if (!orderId) {
      const started = (await swallow(payDue(deps, 'sub-1', meta()), 'checkout')) as { order?: { paypalOrderID: string } } | undefined;
      orderId = started?.order?.paypalOrderID;
      if (!orderId) return;
    }
    paypal.approve(orderId);
    paypal.setOutcome(outcome);
    if (late) paypal.hold('capture');
    const capturing = swallow(captureOrder(deps, { subscriptionId: 'sub-1', paypalOrderID: orderId }, meta()), 'checkout');
    if (!late) return void (await capturing);
    inFlight.push(capturing);
    // Only this capture's answer is late (if it never reached PayPal, nothing else is held).
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    paypal.unhold();
  };
  const clockRuns = (declined = false) => {
    // The billing clock runs everything that fell due (with the outcome PayPal gives saved wallets now).
    paypal.setWalletOutcome(declined ? 'DECLINED' : null);
    return swallow(runDueItems(deps, 'sub-1', new Date(now).toISOString())).finally(() => paypal.setWalletOutcome(null));
  };

  // The customer, with a verified address (trials need one: one trial per verified address).
  await handler.handle(userDecider, 'user-1', {
    type: 'RegisterUser',
    data: { userId: 'user-1', email: 'user-1@example.com', givenName: 'Ada', familyName: 'Lovelace', role: 'ROLE_CUSTOMER', strategy: 'google', emailVerified: true },
    metadata: meta(),
  });
  if (options.taxCountry) {
    await handler.handle(userDecider, 'user-1', { type: 'ChangeBillingDetails', data: { name: 'Ada Lovelace', address: '1 Main Street', country: options.taxCountry } as never, metadata: meta() });
  }
  await handler.handle(subscriptionDecider, 'sub-1', {
    type: 'CreateSubscription',
    data: { subscriptionId: 'sub-1', user_id: 'user-1', subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', plan_id: 'constructor', infrastructure_type: 'self-hosted', modules: [{ name: 'streams', limit: units }], privacy_policy_confirm: true },
    metadata: meta(),
  });
  // The billing policy every process reads from the event log (the default's, here).
  await handler.handle(billingPolicyDecider, 'billing-policy', { type: 'SetBillingPolicy', data: { policy: POLICY, source: 'DEFAULT' }, metadata: meta('SYSTEM', 'start-up') });

  async function step(action: Action): Promise<void> {
    const events = await history();
    const state = (await load()) as ExistingSubscription & { orders?: Record<string, { status: string }> };
    const webhook = (type: string, resource: Record<string, unknown>) =>
      handleWebhook(deps, { rawBody: JSON.stringify({ id: `WH-${++n}`, event_type: type, resource }), headers: {}, webhookConfigured: true }, meta('SYSTEM', 'paypal-webhook'));
    switch (action.kind) {
      case 'revise':
        await revise(action.units, state);
        break;
      case 'pay': {
        const started = await swallow(payDue(deps, 'sub-1', meta()), 'checkout');
        const order = (started as { order?: { paypalOrderID: string } } | undefined)?.order;
        if (order) paypal.approve(order.paypalOrderID);
        break;
      }
      case 'capture':
        await checkout(state, action.outcome, action.late);
        break;
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
        const pre = await history();
        if (action.kind === 'refund') {
          await swallow(refundCapture(deps, { subscriptionId: 'sub-1', captureId: capture.id }, admin()));
        } else {
          const order = paypal.orders.get(capture.orderId)!;
          order.capture!.refunded = order.capture!.amount;
          await swallow(webhook('PAYMENT.CAPTURE.REVERSED', { id: `REV${++n}`, amount: { currency_code: 'USD', value: (before / 100).toFixed(2) }, custom_id: order.customId, links: [{ rel: 'up', href: `https://paypal.test/v2/payments/captures/${capture.id}` }] }));
        }
        // Money taken back for time already used is a concession the history cannot revoke.
        const after = paypal.completedCaptures().find((c) => c.id === captureId)!;
        takenBack.push({ before: pre, captureId: capture.id, amount: before - (after.amount - after.refunded), at: now });
        break;
      }
      case 'cancel':
        await swallow(handler.handle(subscriptionDecider, 'sub-1', { type: 'CancelSubscription', data: {}, metadata: meta() }));
        break;
      case 'save-wallet':
        await swallow(handler.handle(subscriptionDecider, 'sub-1', { type: 'RecordVaultedPaymentMethod', data: { vaultId: `VT-${++n}`, source: 'SETUP_TOKEN' }, metadata: meta() }));
        break;
      case 'advance':
        now += action.days * DAY;
        await clockRuns(action.declined);
        break;
      case 'trial':
        await swallow(startTrial(deps, 'sub-1', { type: 'StartTrial', data: {}, metadata: meta() }));
        break;
      case 'pause':
        await swallow(handler.handle(subscriptionDecider, 'sub-1', { type: 'PauseSubscription', data: action.resumeInDays ? { resumeAt: new Date(now + action.resumeInDays * DAY).toISOString() } : {}, metadata: admin() }));
        break;
      case 'resume':
        await swallow(handler.handle(subscriptionDecider, 'sub-1', { type: 'ResumeSubscription', data: {}, metadata: admin() }));
        break;
      case 'complimentary':
        await swallow(handler.handle(subscriptionDecider, 'sub-1', { type: 'GrantComplimentary', data: { reason: 'partner', until: new Date(now + action.days * DAY).toISOString(), licenceKey: `KEY-COMP-${n}` }, metadata: admin() }));
        break;
      case 'race': {
        // A renewal charged to a saved wallet: one is saved first if none is.
        if (!state.vault) await swallow(handler.handle(subscriptionDecider, 'sub-1', { type: 'RecordVaultedPaymentMethod', data: { vaultId: `VT-${++n}`, source: 'SETUP_TOKEN' }, metadata: meta() }));
        now += action.days * DAY;
        paypal.hold('wallet');
        inFlight.push(clockRuns());
        // Let the clock reach PayPal (the charge is recorded as started first), then the customer acts.
        for (let i = 0; i < 20 && !(await load() as ExistingSubscription).charge; i++) await new Promise((resolve) => setImmediate(resolve));
        paypal.unhold();
        const raced = (await load()) as ExistingSubscription;
        if (action.with === 'revise') await revise(action.units, raced);
        else if (action.with === 'cancel') await swallow(handler.handle(subscriptionDecider, 'sub-1', { type: 'CancelSubscription', data: {}, metadata: meta() }));
        else await checkout(raced, 'COMPLETED', false);
        break;
      }
      case 'up-down': {
        const covered = exists(state) ? coveredUntil(state) : undefined;
        if (!covered || state.status !== 'SUBSCRIPTION_STATUS_ACTIVE') break;
        // The day before the paid period ends (the clock never goes back).
        now = Math.max(now, Date.parse(covered) - DAY);
        await clockRuns();
        await revise(action.units, (await load()) as ExistingSubscription);
        const raised = (await load()) as ExistingSubscription;
        if (raised.pendingChange) await checkout(raised, 'COMPLETED', false);
        await revise(1, (await load()) as ExistingSubscription);
        break;
      }
      case 'lapse-revise': {
        const covered = exists(state) ? coveredUntil(state) : undefined;
        if (covered) now = Math.max(now, Date.parse(covered) + DAY);
        await clockRuns(true);
        await revise(action.units, (await load()) as ExistingSubscription);
        break;
      }
      case 'prepay-refund': {
        for (let i = 0; i < 2; i++) await checkout((await load()) as ExistingSubscription, 'COMPLETED', false);
        const ids = (await history()).filter((e) => e.type === 'OrderCaptured' && !(e.data as { credited?: boolean }).credited).map((e) => (e.data as { captureId: string }).captureId).slice(-3);
        const target = paypal.completedCaptures().find((c) => c.id === ids[action.which % Math.max(1, ids.length)]);
        if (!target || target.refunded === target.amount) break;
        const before = target.amount - target.refunded;
        const pre = await history();
        await swallow(refundCapture(deps, { subscriptionId: 'sub-1', captureId: target.id }, admin()));
        const after = paypal.completedCaptures().find((c) => c.id === target.id)!;
        takenBack.push({ before: pre, captureId: target.id, amount: before - (after.amount - after.refunded), at: now });
        break;
      }
      case 'partial-refund': {
        const recorded = events.filter((e) => e.type === 'OrderCaptured').map((e) => (e.data as { captureId: string }).captureId);
        const capture = paypal.completedCaptures().find((c) => c.id === recorded[action.which % Math.max(1, recorded.length)]);
        if (!capture || capture.refunded === capture.amount) break;
        const amount = Math.max(1, Math.floor(((capture.amount - capture.refunded) * action.percent) / 100));
        const pre = await history();
        await swallow(refundCapture(deps, { subscriptionId: 'sub-1', captureId: capture.id, amount }, admin()));
        const after = paypal.completedCaptures().find((c) => c.id === capture.id)!;
        // Goodwill: the paid time runs on, so all of it is a concession.
        takenBack.push({ before: pre, captureId: capture.id, amount: (capture.amount - capture.refunded) - (after.amount - after.refunded), at: now, concession: true });
        break;
      }
      case 'cancel-now': {
        const pre = await history();
        const before = paypal.net();
        await swallow(cancelNow(deps, { subscriptionId: 'sub-1', refund: action.refund }, admin()));
        if (action.refund) cancelRefunds.push({ before: pre, at: now, refunded: before - paypal.net() });
        break;
      }
      case 'cancel-at-end': {
        await swallow(handler.handle(subscriptionDecider, 'sub-1', { type: 'ScheduleCancellation', data: action.undo ? { undo: true } : {}, metadata: meta() }));
        if (!action.refund) break;
        // Then an administrator refunds the period running (all of it): it ends at once, and so does the subscription.
        const running = ((await load()) as ExistingSubscription).paid?.find((p) => Date.parse(p.start) <= now && now < Date.parse(p.end));
        const capture = running && paypal.completedCaptures().find((c) => c.id === running.captureId);
        if (!capture || capture.refunded === capture.amount) break;
        const pre = await history();
        const left = capture.amount - capture.refunded;
        await swallow(refundCapture(deps, { subscriptionId: 'sub-1', captureId: capture.id }, admin()));
        const after = paypal.completedCaptures().find((c) => c.id === capture.id)!;
        takenBack.push({ before: pre, captureId: capture.id, amount: left - (after.amount - after.refunded), at: now });
        break;
      }
      case 'raise': {
        await revise(action.units, state);
        const raised = (await load()) as ExistingSubscription;
        if (raised.pendingChange) await checkout(raised, 'COMPLETED', false);
        break;
      }
      case 'dispute': {
        const recorded = events.filter((e) => e.type === 'OrderCaptured' && !(e.data as { credited?: boolean }).credited).map((e) => (e.data as { captureId: string }).captureId);
        const capture = paypal.completedCaptures().find((c) => c.id === recorded[action.which % Math.max(1, recorded.length)]);
        if (!capture || capture.refunded === capture.amount) break;
        const order = paypal.orders.get(capture.orderId)!;
        const disputed = capture.amount - capture.refunded;
        const disputeId = `PP-D-${++n}`;
        const dispute = (stage: string, status: string, outcome?: string) =>
          swallow(handler.handle(subscriptionDecider, 'sub-1', { type: 'RecordDispute', data: { disputeId, stage: stage as 'CREATED', status, captureId: capture.id, amount: disputed, currency: 'USD', ...(outcome ? { outcome } : {}) }, metadata: meta('SYSTEM', 'paypal-webhook') }));
        await dispute('CREATED', 'OPEN');
        if (action.lost) {
          const pre = await history();
          order.capture!.refunded = order.capture!.amount;
          await swallow(webhook('PAYMENT.CAPTURE.REVERSED', { id: `REV${++n}`, amount: { currency_code: 'USD', value: (disputed / 100).toFixed(2) }, custom_id: order.customId, links: [{ rel: 'up', href: `https://paypal.test/v2/payments/captures/${capture.id}` }] }));
          takenBack.push({ before: pre, captureId: capture.id, amount: disputed, at: now });
          await dispute('RESOLVED', 'RESOLVED', 'RESOLVED_BUYER_FAVOUR');
        } else {
          await dispute('RESOLVED', 'RESOLVED', 'RESOLVED_SELLER_FAVOUR');
        }
        break;
      }
      case 'granted-raise': {
        if (action.via === 'trial') {
          // A trial is of at most 20 units: smaller first while nothing is paid (a revision then is immediate).
          if (exists(state) && state.quantity > 20) await revise(1 + (action.units % 20), state);
          await swallow(startTrial(deps, 'sub-1', { type: 'StartTrial', data: {}, metadata: meta() }));
        } else {
          await swallow(handler.handle(subscriptionDecider, 'sub-1', { type: 'GrantComplimentary', data: { reason: 'partner', until: new Date(now + action.days * DAY).toISOString(), licenceKey: `KEY-COMP-${n}` }, metadata: admin() }));
        }
        // Some time into it, the customer raises.
        now += Math.floor((action.units % 5) * DAY / 2);
        await clockRuns();
        await revise(action.units, (await load()) as ExistingSubscription);
        const raised = (await load()) as ExistingSubscription;
        if (action.pay && raised.pendingChange) await checkout(raised, 'COMPLETED', false);
        break;
      }
      case 'pause-resume':
        await swallow(handler.handle(subscriptionDecider, 'sub-1', { type: 'PauseSubscription', data: {}, metadata: admin() }));
        now += action.days * DAY;
        await clockRuns();
        await swallow(handler.handle(subscriptionDecider, 'sub-1', { type: 'ResumeSubscription', data: {}, metadata: admin() }));
        break;
    }
  }

  return {
    store,
    paypal,
    refusals,
    takenBack,
    cancelRefunds,
    history,
    load,
    clockRuns,
    step,
    now: () => now,
    nowIso: () => new Date(now).toISOString(),
    advanceDays(days: number) {
      now += days * DAY;
    },
    /** Every late answer given, and what it started finished. */
    async settle() {
      paypal.release();
      await Promise.all(inFlight.splice(0));
    },
    async close() {
      paypal.release();
      await Promise.allSettled(inFlight);
      await store.close();
    },
  };
}
