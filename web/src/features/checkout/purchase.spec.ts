import { expect } from 'chai';
import { configFromQuery, createBody, idempotencyKeyFor, localQuote, pendingPurchase, clearPendingPurchase, type PurchaseConfig } from './purchase.js';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, v);
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
}

describe('purchase configuration (/user/buy-new-licence)', () => {
  before(() => {
    (globalThis as { sessionStorage?: unknown }).sessionStorage = new MemoryStorage();
  });
  after(() => {
    delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
  });

  it('reads the sign-in query: plan and period (mounthly = monthly), builder by default', () => {
    expect(configFromQuery(new URLSearchParams('infrastructure=selfhosted&plan=unlimited&period=annual'))).to.include({ plan: 'unlimited', period: 'annual' });
    expect(configFromQuery(new URLSearchParams('plan=unlimited&period=mounthly'))).to.include({ period: 'monthly' });
    expect(configFromQuery(new URLSearchParams('plan=unlimited&period=free'))).to.include({ period: 'free' });
    expect(configFromQuery(new URLSearchParams('plan=constructor'))).to.include({ plan: 'constructor', period: 'monthly' });
  });

  it('prices with the shared engine: unlimited annual $708 (12 × $59), the builder per unit', () => {
    const annual = localQuote(configFromQuery(new URLSearchParams('plan=unlimited&period=annual')));
    expect('quote' in annual && annual.quote.amount).to.equal(70_800);
    const builder: PurchaseConfig = { ...configFromQuery(new URLSearchParams('plan=constructor')), units: 3 };
    const q = localQuote(builder);
    expect('quote' in q && q.quote.amount).to.equal(1_500);
    const body = 'quote' in q ? createBody(builder, q.quote, 'u1', true) : {};
    expect(body).to.deep.include({ subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: 'u1', quantity: 3 });
    expect((body as { payment_details: unknown }).payment_details).to.deep.equal({ payment_method: 'PAYPAL', plan_id: 'constructor', amount: 1_500, unitQuantity: 3, privacy_policy_confirm: true });
  });

  it('keeps one idempotency key per configuration until the purchase is done', () => {
    let n = 0;
    const next = () => `key-${++n}`;
    const a = configFromQuery(new URLSearchParams('plan=unlimited&period=annual'));
    expect(idempotencyKeyFor('u1', a, next)).to.equal('key-1');
    expect(idempotencyKeyFor('u1', { ...a }, next)).to.equal('key-1');
    expect(pendingPurchase('u1')?.config.period).to.equal('annual');
    expect(pendingPurchase('u2')).to.equal(null);
    expect(idempotencyKeyFor('u1', { ...a, period: 'monthly' }, next)).to.equal('key-2');
    clearPendingPurchase();
    expect(idempotencyKeyFor('u1', { ...a, period: 'monthly' }, next)).to.equal('key-3');
  });
});
