import { expect } from 'chai';
import { STORES } from '../../test/stores.js';
import { formatNumber, formatUsd } from '../../app/shell/format.js';
import { builderModuleChanged, clampBuilderValue, periodChanged, selectBuilderQuote, selectPeriod } from './pricingSlice.js';

for (const [storeName, makeStore] of STORES) {
  describe(`pricingSlice — ${storeName}`, () => {
    it('the period slider defaults to per month', () => {
      const store = makeStore();
      expect(selectPeriod(store.getState())).to.equal('monthly');
      store.dispatch(periodChanged('annual'));
      expect(selectPeriod(store.getState())).to.equal('annual');
    });

    // Expected prices are the seed's (§9): self-hosted units at $5 for ordinals 1–20, $4 for 21–40, $3 from 41;
    // units per module = limit ÷ per-unit limit rounded up (streams and restream 1, VOD viewers 50 beyond 50 free).
    it('the builder starts at one unit for $5 a month', () => {
      const initial = selectBuilderQuote(makeStore().getState());
      expect(initial.quantity).to.equal(1);
      expect(initial.monthlyAmount).to.equal(500);
    });

    it('prices 22 streams, 3 re-streams and 250 VOD viewers as 29 units: 20 × $5 + 9 × $4 = $136 a month', () => {
      const store = makeStore();
      store.dispatch(builderModuleChanged({ name: 'streams', value: 22 }));
      store.dispatch(builderModuleChanged({ name: 'restream', value: 3 }));
      store.dispatch(builderModuleChanged({ name: 'vodViewers', value: 260 })); // snaps to 250: 4 units beyond the free 50
      const quote = selectBuilderQuote(store.getState());
      expect(quote.quantity).to.equal(29);
      expect(quote.amount).to.equal(13_600);
      expect(quote.monthlyAmount).to.equal(13_600);
    });

    it('crosses the tiers where the seed says: 20 units $100, 21 units $104, 40 units $180, 41 units $183', () => {
      const cases: [number, number][] = [[20, 10_000], [21, 10_400], [40, 18_000], [41, 18_300]];
      for (const [streams, cents] of cases) {
        const store = makeStore();
        store.dispatch(builderModuleChanged({ name: 'streams', value: streams }));
        const quote = selectBuilderQuote(store.getState());
        expect([quote.quantity, quote.monthlyAmount], `${streams} streams`).to.deep.equal([streams, cents]);
      }
    });

    it('snaps builder values onto their step and range', () => {
      expect(clampBuilderValue('vodViewers', 73)).to.equal(50);
      expect(clampBuilderValue('vodViewers', 80)).to.equal(100);
      expect(clampBuilderValue('streams', -4)).to.equal(1);
      expect(clampBuilderValue('conferenceRooms', 1_000)).to.equal(100);
      expect(clampBuilderValue('streams', Number.NaN)).to.equal(1);
    });
  });
}

for (const [storeName, makeStore] of STORES) {
  describe(`money formatting — ${storeName}`, () => {
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

    it('is the locale’s own currency format (Intl), one format per language, never "$0,05" beside "0,05 $"', () => {
      // Intl in Node here; format.ts writes the same characters itself, so prerendered HTML and every browser agree.
      const intl = (cents: number, locale: string) => {
        const digits = cents % 100 === 0 ? 0 : 2;
        return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(cents / 100);
      };
      for (const cents of [5, 27, 500, 7900, 16000, 123456, 100000000]) {
        expect(formatUsd(cents, 'en'), `en ${cents}`).to.equal(intl(cents, 'en-US'));
        expect(formatUsd(cents, 'ru'), `ru ${cents}`).to.equal(intl(cents, 'ru-RU'));
      }
      expect(formatUsd(5, 'ru')).to.equal('0,05\u00a0$');
      expect(formatUsd(16000, 'en')).to.equal('$160');
    });
  });
}
