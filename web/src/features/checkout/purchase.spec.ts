import { expect } from 'chai';
import { choiceQuery, configFromQuery, createBody, idempotencyKeyFor, localQuote, pendingPurchase, clearPendingPurchase, startingConfig, trialOffered, type PurchaseConfig } from './purchase.js';

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

  it('offers a free trial for 20 units or fewer (the first price tier), never above', () => {
    expect([1, 20, 21, 35, 500].map(trialOffered)).to.deep.equal([true, true, false, false, false]);
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

  it("starts from the pricing builder's configuration: 25 streams + 10 restreams are 35 units at $160 a month", () => {
    const config = configFromQuery(new URLSearchParams('infrastructure=selfhosted&plan=constructor&streams=25&restream=10'));
    expect(config.modules).to.deep.equal({ streams: 25, restream: 10, recordings: 0, vodViewers: 50, ppvViewers: 5, conferenceRooms: 0 });
    expect(config.units).to.equal(null);
    const q = localQuote(config);
    expect('quote' in q && q.quote.quantity).to.equal(35);
    expect('quote' in q && q.quote.amount).to.equal(16_000);
    const body = 'quote' in q ? createBody(config, q.quote, 'u1', true) : {};
    expect(body).to.deep.include({ quantity: 35, modules: [{ name: 'streams', limit: 25 }, { name: 'restream', limit: 10 }, { name: 'vodViewers', limit: 50 }, { name: 'ppvViewers', limit: 5 }] });
  });

  it('a reload resumes the purchase this tab started with the same choice; a new buy button’s choice starts afresh', () => {
    clearPendingPurchase();
    const builder = new URLSearchParams('infrastructure=selfhosted&plan=constructor&streams=25&restream=10');
    const edited: PurchaseConfig = { ...configFromQuery(builder), units: 40 };
    idempotencyKeyFor('u1', edited, () => 'key-x', choiceQuery(builder));
    const reloaded = new URLSearchParams('infrastructure=selfhosted&plan=constructor&streams=25&restream=10&subscription=');
    reloaded.delete('subscription');
    expect(startingConfig('u1', reloaded).units).to.equal(40);
    const other = new URLSearchParams('infrastructure=selfhosted&plan=unlimited&period=annual');
    expect(startingConfig('u1', other)).to.include({ plan: 'unlimited', period: 'annual' });
    clearPendingPurchase();
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
