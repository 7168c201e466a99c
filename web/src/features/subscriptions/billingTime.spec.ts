import { expect } from 'chai';
import type { SubscriptionView } from '@relaycast/contracts';
import { appT } from '../../test/texts.js';
import en from '../../locales/en/account.json' with { type: 'json' };
import ru from '../../locales/ru/account.json' with { type: 'json' };
import { billingTimeRows } from './BillingTime.js';

const BASE = {
  _id: 'sub-1', name: 'Subscription 2026-01-31', user_id: 'u-1', customer: { email: 'a@b.c', name: 'A B' },
  infrastructure_type: 'self-hosted', subscription_type: 'SUBSCRIPTION_MONTH', plan: { plan_id: 'constructor', billingMonths: 1 },
  payment_details: { payment_method: 'PAYPAL', plan_id: 'constructor', amount: 1000, unitQuantity: 2, privacy_policy_confirm: true },
  infrastructure_details: {}, quantity: 2, modules: [], amount: 1000, currency: 'USD', totals: { ordered: 0, captured: 1000, refunded: 0, payments: 1 },
  balance: 0, amountDue: 1000, version: 5, createdAt: '2026-01-31T10:00:00.000Z', updatedAt: '2026-01-31T10:00:00.000Z',
} as const;
const view = (over: Partial<SubscriptionView>): SubscriptionView => ({ ...BASE, ...over }) as unknown as SubscriptionView;
const rows = (lang: 'en' | 'ru', s: SubscriptionView) => {
  const t = appT(lang, { [lang]: { account: lang === 'en' ? en : ru } }, 'account');
  return Object.fromEntries(billingTimeRows(s, t, lang).map(([key, label, value]) => [key, `${label}: ${value}`]));
};

describe('what an account card says about time (EN, RU)', () => {
  const live = view({
    status: 'SUBSCRIPTION_STATUS_ACTIVE', periodStart: '2026-01-31T10:00:00.000Z', periodEnd: '2026-02-28T10:00:00.000Z',
    nextRenewal: { at: '2026-02-28T10:00:00.000Z', amount: 1000 }, paymentMethod: { vaulted: true, payerEmail: 'buyer@example.com' },
    licence: { serial: 1, quantity: 2, issuedAt: '2026-01-31T10:00:00.000Z', validUntil: '2026-03-07T10:00:00.000Z', revoked: false },
  });

  it('a live subscription with a saved PayPal account', () => {
    expect(rows('en', live)).to.deep.equal({
      nextRenewal: 'Next renewal: 28 Feb 2026: $10.00',
      paymentMethod: 'Payment method: PayPal account saved (buyer@example.com): renewals are charged automatically',
      licenceStatus: 'Licence: No. 1, valid until 7 Mar 2026 (units: 2)',
    });
    expect(rows('ru', live)).to.deep.equal({
      nextRenewal: 'Следующее продление: 28 февр. 2026 г.: 10,00\u00a0$',
      paymentMethod: 'Способ оплаты: Сохранён аккаунт PayPal (buyer@example.com): продления оплачиваются автоматически',
      licenceStatus: 'Лицензия: № 1, действует до 7 мар. 2026 г. (единиц: 2)',
    });
  });

  it('dunning: what is overdue, the retry, the grace and the cancellation date', () => {
    const overdue = view({
      status: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', paymentMethod: { vaulted: true },
      dunning: { dueAt: '2026-03-31T10:00:00.000Z', attempts: 1, nextRetryAt: '2026-04-01T10:00:00.000Z', graceUntil: '2026-04-07T10:00:00.000Z', suspendAt: '2026-04-07T10:00:00.000Z', cancelAt: '2026-04-21T10:00:00.000Z' },
    });
    expect(rows('en', overdue).dunning).to.equal(
      'Payment overdue: Due since 31 Mar 2026. The licence stays valid until 7 Apr 2026; if still unpaid, the subscription is paused then and cancelled on 21 Apr 2026. We try your saved PayPal account again on 1 Apr 2026.',
    );
    expect(rows('ru', overdue).dunning).to.equal(
      'Просроченный платёж: Платёж ожидается с 31 мар. 2026 г.; лицензия действует до 7 апр. 2026 г., а если оплаты не будет — подписка будет приостановлена в этот день и отменена 21 апр. 2026 г. Следующая попытка списания с сохранённого аккаунта PayPal — 1 апр. 2026 г.',
    );
  });

  it('cancels on a date, no saved method, a paused subscription, a revoked or endless licence', () => {
    const cancelling = view({ status: 'SUBSCRIPTION_STATUS_ACTIVE', cancelAt: '2026-06-30T10:00:00.000Z', paymentMethod: { vaulted: false } });
    expect(rows('en', cancelling)).to.deep.equal({ cancelAt: 'Cancels on: 30 Jun 2026', paymentMethod: 'Payment method: No saved payment method: you pay each renewal yourself' });
    const paused = view({ status: 'SUBSCRIPTION_STATUS_PAUSE', pause: { reason: 'ADMIN', resumeAt: '2026-05-01T00:00:00.000Z' }, licence: { serial: 2, quantity: 2, issuedAt: '2026-04-01T00:00:00.000Z', validUntil: '2026-05-07T00:00:00.000Z', revoked: true } });
    expect(rows('ru', paused).pause).to.equal('Приостановлена: до 1 мая 2026 г.');
    expect(rows('ru', paused).licenceStatus).to.equal('Лицензия: № 2, отозвана');
    const free = view({ status: 'SUBSCRIPTION_STATUS_ACTIVE', plan: { plan_id: 'unlimited', billingMonths: 0 } as never, licence: { serial: 1, quantity: 1, issuedAt: '2026-01-31T10:00:00.000Z', validUntil: '9999-12-31T23:59:59.000Z', revoked: false } });
    expect(rows('en', free)).to.deep.equal({ licenceStatus: 'Licence: No. 1, no end date' });
  });
});
