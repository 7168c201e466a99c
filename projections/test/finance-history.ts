import {
  amountDue,
  subscriptionDecider,
  userDecider,
  type AppendedEvent,
  type CommandHandler,
  type SubscriptionCommand,
  type SubscriptionState,
} from '@relaycast/billing-core';
import type { CommandMetadata } from '@relaycast/contracts';

/** A small deterministic PRNG (mulberry32), so the history is the same at every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Action = { at: number; sub: number; kind: 'create' | 'order' | 'capture' | 'reject' | 'revise' | 'refund' | 'rename' | 'cancel' };

export interface FinanceHistory {
  /** Every event the commands appended, as the handler returned them (in append order). */
  events: AppendedEvent[];
  /** subscription id → plan id */
  plans: Map<string, string>;
  subscriptions: number;
}

const DAY = 86_400_000;

/**
 * A billing history through the real command handler: `subscriptions` subscriptions of 100 customers, created over
 * two months from `start`, each paying monthly (or yearly) periods, some revised (a balance order), some refunded,
 * some orders left unpaid or rejected, some cancelled. Commands run in time order across subscriptions, so global
 * positions follow time. Stops once `targetEvents` events are appended.
 */
export async function appendFinanceHistory(handler: CommandHandler, options: { subscriptions: number; targetEvents: number; start: number; seed?: number }): Promise<FinanceHistory> {
  const random = prng(options.seed ?? 7);
  const events: AppendedEvent[] = [];
  const plans = new Map<string, string>();
  const meta = (at: number, actorId: string, extra: Partial<CommandMetadata> = {}): CommandMetadata => ({
    now: new Date(at).toISOString(),
    actorId,
    actorRole: actorId === 'admin-1' ? 'ROLE_ADMIN' : 'ROLE_CUSTOMER',
    correlationId: `req-${events.length}`,
    ...extra,
  });

  const customers = 100;
  for (let u = 0; u < customers; u++) {
    const r = await handler.handle(userDecider, `fu${u}`, {
      type: 'RegisterUser',
      data: { userId: `fu${u}`, email: `fu${u}@example.com`, givenName: `Payer${u}`, familyName: 'Finance', role: 'ROLE_CUSTOMER', strategy: 'google' },
      metadata: meta(options.start - DAY + u * 1000, 'admin-1'),
    });
    events.push(...r.events);
  }

  const actions: Action[] = [];
  for (let s = 0; s < options.subscriptions; s++) {
    let at = options.start + Math.floor(random() * 60 * DAY);
    actions.push({ at, sub: s, kind: 'create' });
    const yearly = s % 10 === 0;
    const months = yearly ? 2 : 6 + Math.floor(random() * 5);
    for (let m = 0; m < months; m++) {
      // Payments every 20 days (the decider takes a payment whenever one is due): a busy log over half a year.
      at += m === 0 ? 3_600_000 : 20 * DAY;
      if (random() < 0.3) actions.push({ at: at - DAY, sub: s, kind: 'rename' });
      actions.push({ at, sub: s, kind: 'order' });
      const roll = random();
      if (roll < 0.05) actions.push({ at: at + 600_000, sub: s, kind: 'reject' });
      else if (roll < 0.12) continue; // left unpaid: outstanding
      else actions.push({ at: at + 600_000, sub: s, kind: 'capture' });
      if (m === 1 && s % 4 !== 0 && random() < 0.3) {
        actions.push({ at: at + 2 * DAY, sub: s, kind: 'revise' }, { at: at + 2 * DAY + 60_000, sub: s, kind: 'order' }, { at: at + 2 * DAY + 120_000, sub: s, kind: 'capture' });
      }
      if (random() < 0.08) actions.push({ at: at + 5 * DAY, sub: s, kind: 'refund' });
    }
    if (random() < 0.15) actions.push({ at: at + 10 * DAY, sub: s, kind: 'cancel' });
  }
  actions.sort((a, b) => a.at - b.at || a.sub - b.sub);

  const state = new Map<number, { last: SubscriptionState; order: { id: string; amount: number } | null; captures: { id: string; amount: number }[]; orders: number; cancelled: boolean }>();
  for (const action of actions) {
    if (events.length >= options.targetEvents) break;
    const id = `fs${String(action.sub).padStart(4, '0')}`;
    const userId = `fu${action.sub % customers}`;
    const s = state.get(action.sub);
    if (action.kind !== 'create' && (!s || s.cancelled)) continue;
    let command: SubscriptionCommand | null = null;
    const metadata = meta(action.at, action.kind === 'refund' ? 'admin-1' : userId);
    switch (action.kind) {
      case 'create': {
        const unlimited = action.sub % 4 === 0;
        command = {
          type: 'CreateSubscription',
          data: unlimited
            ? { subscriptionId: id, user_id: userId, subscription_type: action.sub % 10 === 0 ? 'SUBSCRIPTION_YEAR' : 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', plan_id: 'unlimited', infrastructure_type: 'self-hosted', privacy_policy_confirm: true }
            : { subscriptionId: id, user_id: userId, subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', plan_id: 'constructor', infrastructure_type: 'self-hosted', modules: [{ name: 'streams', limit: 1 + (action.sub % 6) }], privacy_policy_confirm: true },
          metadata,
        };
        plans.set(id, unlimited ? 'unlimited' : 'constructor');
        break;
      }
      case 'order': {
        // One open order at a time (the decider's rule): an unpaid one is paid later rather than ordered again.
        if (s!.order) continue;
        const due = amountDue(s!.last as Parameters<typeof amountDue>[0], new Date(action.at).toISOString()).amount;
        if (due === 0) continue;
        const orderId = `ORD-${id}-${++s!.orders}`;
        s!.order = { id: orderId, amount: due };
        command = { type: 'OrderPayment', data: { paypalOrderID: orderId, paypalSubscriptionID: `RCS-${id}`, amount: due, currency: 'USD' }, metadata };
        break;
      }
      case 'capture':
      case 'reject': {
        const order = s!.order;
        if (!order) continue;
        const amount = action.kind === 'reject' ? order.amount + 1 : order.amount;
        command = {
          type: 'CaptureOrder',
          data: { paypalOrderID: order.id, paypalSubscriptionID: `RCS-${id}`, captureId: `CAP-${order.id}`, quantity: 1, amount, currency: 'USD', providerStatus: 'COMPLETED', licenceKey: `LIC-${id}-KEY` },
          metadata: action.kind === 'capture' ? { ...metadata, idempotencyKey: order.id } : metadata,
        };
        if (action.kind === 'capture') s!.captures.push({ id: `CAP-${order.id}`, amount });
        s!.order = null;
        break;
      }
      case 'revise':
        command = { type: 'ReviseSubscription', data: { paypalSubscriptionID: `RCS-${id}`, quantity: (s!.last as { quantity: number }).quantity + 2 }, metadata };
        break;
      case 'refund': {
        const capture = s!.captures[s!.captures.length - 1];
        if (!capture) continue;
        command = { type: 'RecordRefund', data: { captureId: capture.id, refundId: `REF-${capture.id}`, amount: Math.max(1, Math.floor(capture.amount / 3)), currency: 'USD' }, metadata };
        s!.captures.pop();
        break;
      }
      case 'rename':
        command = { type: 'UpdateSubscription', data: { name: `Studio ${action.sub}-${Math.floor(action.at / DAY)}` }, metadata };
        break;
      case 'cancel':
        command = { type: 'CancelSubscription', data: { reason: 'finance test' }, metadata };
        s!.cancelled = true;
        break;
    }
    const result = await handler.handle(subscriptionDecider, id, command!);
    events.push(...result.events);
    if (action.kind === 'create') state.set(action.sub, { last: result.state, order: null, captures: [], orders: 0, cancelled: false });
    else s!.last = result.state;
  }
  return { events, plans, subscriptions: options.subscriptions };
}
