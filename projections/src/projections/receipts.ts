import { entityIdOf, type AnyEvent, type EventEnvelope } from '@relaycast/contracts';
import type { Projection } from '../projection.js';
import type { ReadModelStore } from '../readmodel/port.js';
import type { UnitOfWork } from '../unit-of-work.js';

export const RECEIPTS = 'receipts';
export const receiptsModel = {
  receipt: 'receipt',
  /** capture id → { number } */
  byCapture: 'capture',
  /** subscription id → what a receipt shows of it */
  subscription: 'subscription',
  /** user id → what a receipt shows of the customer */
  customer: 'customer',
  /** 'last' → { seq }: the last number issued */
  counter: 'counter',
  all: 'all',
  byUser: (userId: string) => `user:${userId}`,
} as const;

export interface Receipt {
  /** R-000001, R-000002, …: every captured payment in global order, without gaps. */
  number: string;
  seq: number;
  issuedAt: string;
  amount: number;
  currency: string;
  captureId: string;
  paypalOrderID: string;
  paypalSubscriptionID: string;
  purpose: 'period' | 'balance';
  quantity: number;
  periodStart: string | null;
  periodEnd: string | null;
  subscription: { id: string; name: string; planId: string; period: string | null };
  customer: { id: string; name: string; email: string };
  refunds: { refundId: string; amount: number; refundedAt: string }[];
  refunded: number;
}

interface CustomerDoc {
  givenName: string;
  familyName: string;
  email: string;
}
const nameOf = (c: CustomerDoc) => `${c.givenName} ${c.familyName}`.trim();
interface SubscriptionDoc {
  userId: string;
  name: string;
  planId: string;
  period: string | null;
}

export const ERASED_CUSTOMER: CustomerDoc = { givenName: 'Erased', familyName: 'user', email: '' };

export function receiptNumber(seq: number): string {
  return `R-${String(seq).padStart(6, '0')}`;
}

const HANDLES = new Set(['UserRegistered', 'UserUpdated', 'UserErased', 'SubscriptionCreated', 'SubscriptionUpdated', 'OrderCaptured', 'PaymentRefunded']);

/**
 * A receipt for every captured payment, numbered in the order of the log (so a rebuild gives every capture the same
 * number again), with what the customer and the subscription were when it was paid. Refunds are added to the
 * receipt they refund. A user's erasure blanks their name and e-mail on their receipts; amounts and ids stay.
 */
export const receiptsProjection: Projection = {
  name: RECEIPTS,
  handles: HANDLES,
  async apply(raw: EventEnvelope, uow: UnitOfWork) {
    const event = raw as AnyEvent;
    switch (event.type) {
      case 'UserRegistered':
        uow.put(receiptsModel.customer, event.data.userId, { givenName: event.data.givenName, familyName: event.data.familyName, email: event.data.email });
        return;
      case 'UserUpdated': {
        const userId = entityIdOf(event.streamId);
        const current = await uow.get<CustomerDoc>(receiptsModel.customer, userId);
        const changes = event.data.changes as Partial<CustomerDoc>;
        if (!current || (changes.givenName === undefined && changes.familyName === undefined && changes.email === undefined)) return;
        uow.put(receiptsModel.customer, userId, {
          givenName: changes.givenName ?? current.givenName,
          familyName: changes.familyName ?? current.familyName,
          email: changes.email ?? current.email,
        });
        return;
      }
      case 'UserErased': {
        const userId = entityIdOf(event.streamId);
        uow.put(receiptsModel.customer, userId, ERASED_CUSTOMER);
        for (const number of (await uow.members(receiptsModel.byUser(userId))).sort()) {
          const receipt = await uow.get<Receipt>(receiptsModel.receipt, number);
          if (receipt) uow.put(receiptsModel.receipt, number, { ...receipt, customer: { id: userId, name: nameOf(ERASED_CUSTOMER), email: '' } });
        }
        return;
      }
      case 'SubscriptionCreated': {
        const d = event.data;
        uow.put(receiptsModel.subscription, d.subscriptionId, { userId: d.user_id, name: d.name, planId: d.plan.plan_id, period: d.plan.period ?? null });
        return;
      }
      case 'SubscriptionUpdated': {
        const name = (event.data.changes as { name?: unknown }).name;
        const id = entityIdOf(event.streamId);
        const sub = await uow.get<SubscriptionDoc>(receiptsModel.subscription, id);
        if (sub && typeof name === 'string') uow.put(receiptsModel.subscription, id, { ...sub, name });
        return;
      }
      case 'OrderCaptured': {
        const d = event.data;
        const subscriptionId = entityIdOf(event.streamId);
        const sub = await uow.get<SubscriptionDoc>(receiptsModel.subscription, subscriptionId);
        const userId = sub?.userId ?? '';
        const customer = (userId && (await uow.get<CustomerDoc>(receiptsModel.customer, userId))) || { givenName: '', familyName: '', email: '' };
        const seq = ((await uow.get<{ seq: number }>(receiptsModel.counter, 'last'))?.seq ?? 0) + 1;
        const number = receiptNumber(seq);
        const receipt: Receipt = {
          number,
          seq,
          issuedAt: d.capturedAt,
          amount: d.amount,
          currency: d.currency,
          captureId: d.captureId,
          paypalOrderID: d.paypalOrderID,
          paypalSubscriptionID: d.paypalSubscriptionID,
          purpose: d.purpose,
          quantity: d.quantity,
          periodStart: d.periodStart ?? null,
          periodEnd: d.periodEnd ?? null,
          subscription: { id: subscriptionId, name: sub?.name ?? '', planId: sub?.planId ?? '', period: sub?.period ?? null },
          customer: { id: userId, name: nameOf(customer), email: customer.email },
          refunds: [],
          refunded: 0,
        };
        uow.put(receiptsModel.counter, 'last', { seq });
        uow.put(receiptsModel.receipt, number, receipt);
        uow.put(receiptsModel.byCapture, d.captureId, { number });
        uow.index(receiptsModel.all, number, seq);
        if (userId) uow.index(receiptsModel.byUser(userId), number, seq);
        return;
      }
      case 'PaymentRefunded': {
        const d = event.data;
        const ref = await uow.get<{ number: string }>(receiptsModel.byCapture, d.captureId);
        const receipt = ref && (await uow.get<Receipt>(receiptsModel.receipt, ref.number));
        if (!receipt) return;
        uow.put(receiptsModel.receipt, receipt.number, {
          ...receipt,
          refunds: [...receipt.refunds, { refundId: d.refundId, amount: d.amount, refundedAt: d.refundedAt }],
          refunded: receipt.refunded + d.amount,
        });
        return;
      }
    }
  },
};

/** Reading receipts: one by number, or a page (newest first), all or one customer's. */
export function createReceiptQueries(rm: ReadModelStore) {
  return {
    get: (number: string) => rm.get<Receipt>(RECEIPTS, receiptsModel.receipt, number),
    async list(query: { userId?: string; page?: number; pageSize?: number }) {
      const index = query.userId ? receiptsModel.byUser(query.userId) : receiptsModel.all;
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 50;
      const [total, numbers] = await Promise.all([rm.count(RECEIPTS, index), rm.range(RECEIPTS, index, { offset: (page - 1) * pageSize, limit: pageSize, order: 'desc' })]);
      const items = (await rm.getMany<Receipt>(RECEIPTS, receiptsModel.receipt, numbers)).filter((r): r is Receipt => r !== null);
      return { items, total, page, pageSize };
    },
  };
}
