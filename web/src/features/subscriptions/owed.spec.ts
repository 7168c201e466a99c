import { expect } from 'chai';
import type { SubscriptionView } from '@relaycast/contracts';
import { amountOwed, amountToPayNow, trialPossible } from './labels.js';

const BASE = {
  _id: 'sub-1', name: 'Subscription 2026-03-10', user_id: 'u-1', customer: { email: 'a@b.c', name: 'A B' },
  infrastructure_type: 'self-hosted', subscription_type: 'SUBSCRIPTION_MONTH', plan: { plan_id: 'constructor', billingMonths: 1 },
  payment_details: { payment_method: 'PAYPAL', plan_id: 'constructor', amount: 500, unitQuantity: 1, privacy_policy_confirm: true },
  infrastructure_details: {}, quantity: 1, modules: [], amount: 500, currency: 'USD', totals: { ordered: 500, captured: 500, refunded: 0, payments: 1 },
  balance: 0, amountDue: 500, version: 9, createdAt: '2026-03-10T10:00:00.000Z', updatedAt: '2026-04-10T10:00:00.000Z',
} as const;
const view = (over: Partial<SubscriptionView>): SubscriptionView => ({ ...BASE, ...over }) as unknown as SubscriptionView;
const DUNNING = { dueAt: '2026-04-10T10:00:00.000Z', attempts: 1, graceUntil: '2026-04-17T10:00:00.000Z', suspendAt: '2026-04-17T10:00:00.000Z', cancelAt: '2026-05-01T10:00:00.000Z' };

describe('what a customer owes, and when a trial may be offered', () => {
  it('owed: a renewal that fell due unpaid (waiting for payment, or paused for it) — the server’s amount due', () => {
    expect(amountOwed(view({ status: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', dunning: DUNNING }))).to.equal(500);
    expect(amountOwed(view({ status: 'SUBSCRIPTION_STATUS_PAUSE', pause: { reason: 'NON_PAYMENT' }, dunning: DUNNING, amountDue: 450 }))).to.equal(450);
  });

  it('not owed: a purchase never paid, an upgrade’s balance, a live next period, a cancelled (refunded) one, nothing due', () => {
    expect(amountOwed(view({ status: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', totals: { ordered: 500, captured: 0, refunded: 0, payments: 0 } })), 'checkout started, never paid').to.equal(0);
    expect(amountOwed(view({ status: 'SUBSCRIPTION_STATUS_ACTIVE', balance: 300, amountDue: 300 })), 'a requested raise').to.equal(0);
    expect(amountOwed(view({ status: 'SUBSCRIPTION_STATUS_ACTIVE' })), 'the next period, not due yet').to.equal(0);
    expect(amountOwed(view({ status: 'SUBSCRIPTION_STATUS_CANCEL', amountDue: 0 })), 'refunded: ended').to.equal(0);
    expect(amountOwed(view({ status: 'SUBSCRIPTION_STATUS_PAUSE', pause: { reason: 'ADMIN' }, dunning: DUNNING })), 'paused by an administrator').to.equal(0);
    expect(amountOwed(view({ status: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', dunning: DUNNING, amountDue: 0 })), 'nothing due (credit covered it)').to.equal(0);
  });

  it('a trial only before anything was paid or covered: never on a subscription owing a renewal', () => {
    const fresh = { totals: { ordered: 0, captured: 0, refunded: 0, payments: 0 } };
    expect(trialPossible(view({ ...fresh, status: 'SUBSCRIPTION_STATUS_INITIAL' }))).to.equal(true);
    expect(trialPossible(view({ ...fresh, status: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' })), 'its first order opened').to.equal(true);
    expect(trialPossible(view({ status: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', dunning: DUNNING, periodStart: '2026-03-10T10:00:00.000Z' })), 'in dunning').to.equal(false);
    expect(trialPossible(view({ ...fresh, status: 'SUBSCRIPTION_STATUS_INITIAL', trialStartDate: '2026-03-10T10:00:00.000Z' })), 'had its trial').to.equal(false);
    expect(trialPossible(view({ ...fresh, status: 'SUBSCRIPTION_STATUS_INITIAL', amount: 0 })), 'free').to.equal(false);
  });

  it('every payment button says what PayPal will be asked for, the server’s total with tax — never the view’s net amount due; nothing before the server answered', () => {
    // A German consumer's $79.00: $94.01 with 19 % VAT, as the server answered it.
    expect(amountToPayNow({ toPay: 9401 })).to.equal(9401);
    expect(amountToPayNow(undefined)).to.equal(null);
  });
});
