import { expect } from 'chai';
import { BUILDER_MODULES, SIGN_IN_PATH } from '@relaycast/contracts/constants';
import { quoteSubscription } from '@relaycast/billing-core/pricing';
import { makeStore } from '../../app/store.js';
import { formatNumber, formatUsd } from './format.js';
import { builderModuleChanged, clampBuilderValue, periodChanged, selectBuilderQuote, selectPeriod } from './pricingSlice.js';
import { purchaseUrl } from './signIn.js';

describe('pricingSlice', () => {
  it('the period slider defaults to per month', () => {
    const store = makeStore();
    expect(selectPeriod(store.getState())).to.equal('monthly');
    store.dispatch(periodChanged('annual'));
    expect(selectPeriod(store.getState())).to.equal('annual');
  });

  it('the builder starts at one unit for $5 and prices with billing-core quoteSubscription', () => {
    const store = makeStore();
    const initial = selectBuilderQuote(store.getState());
    expect(initial.quantity).to.equal(1);
    expect(initial.monthlyAmount).to.equal(500);
    store.dispatch(builderModuleChanged({ name: 'streams', value: 22 }));
    store.dispatch(builderModuleChanged({ name: 'restream', value: 3 }));
    store.dispatch(builderModuleChanged({ name: 'vodViewers', value: 260 }));
    const quote = selectBuilderQuote(store.getState());
    const expected = quoteSubscription({
      plan_id: 'constructor',
      infrastructure_type: 'self-hosted',
      subscription_type: 'SUBSCRIPTION_MONTH',
      modules: BUILDER_MODULES.map((m) => ({ name: m.name, limit: ({ streams: 22, restream: 3, vodViewers: 250 } as Record<string, number>)[m.name] ?? m.initial })),
    });
    expect(quote.amount).to.equal(expected.amount);
    expect(quote.quantity).to.equal(22 + 3 + 4);
    expect(quote.monthlyAmount).to.equal(20 * 500 + 9 * 400);
  });

  it('snaps builder values onto their step and range', () => {
    expect(clampBuilderValue('vodViewers', 73)).to.equal(50);
    expect(clampBuilderValue('vodViewers', 80)).to.equal(100);
    expect(clampBuilderValue('streams', -4)).to.equal(1);
    expect(clampBuilderValue('conferenceRooms', 1_000)).to.equal(100);
    expect(clampBuilderValue('streams', Number.NaN)).to.equal(1);
  });
});

describe('purchase URLs and money formatting', () => {
  it("purchase buttons go to /auth/sign-in with the seed's query values (mounthly spelling)", () => {
    expect(purchaseUrl('constructor')).to.equal(`${SIGN_IN_PATH}?infrastructure=selfhosted&plan=constructor`);
    expect(purchaseUrl('unlimited', 'free')).to.equal('/auth/sign-in?infrastructure=selfhosted&plan=unlimited&period=free');
    expect(purchaseUrl('unlimited', 'monthly')).to.equal('/auth/sign-in?infrastructure=selfhosted&plan=unlimited&period=mounthly');
    expect(purchaseUrl('unlimited', 'annual')).to.equal('/auth/sign-in?infrastructure=selfhosted&plan=unlimited&period=annual');
  });

  it('formats cents the same everywhere', () => {
    expect(formatUsd(7900, 'en')).to.equal('$79');
    expect(formatUsd(27, 'en')).to.equal('$0.27');
    expect(formatUsd(123456, 'en')).to.equal('$1,234.56');
    expect(formatUsd(500, 'en', { cents: true })).to.equal('$5.00');
    expect(formatUsd(7900, 'ru')).to.equal('79\u00a0$');
    expect(formatUsd(123456, 'ru')).to.equal('1\u00a0234,56\u00a0$');
    expect(formatNumber(100000, 'en')).to.equal('100,000');
    expect(formatNumber(1.5, 'ru')).to.equal('1,5');
  });
});
