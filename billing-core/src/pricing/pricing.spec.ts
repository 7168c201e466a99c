import { expect } from 'chai';
import fc from 'fast-check';
import {
  MODULE_PRICE_TABLES,
  SELF_HOSTED_TIERS,
  UNLIMITED_MONTHLY_PRICE_CENTS,
  type ModuleName,
} from '@relaycast/contracts/constants';
import { priceForUnitRange, priceForUnits, unitPriceAt } from './tiers.js';
import { QuoteError, quoteSubscription, unitsForModule, unitsForModules, type QuoteInput } from './quote.js';
import { prorate } from './proration.js';
import { addMonths } from '../calendar/index.js';

const selfHosted = (modules: QuoteInput['modules'], quantity?: number) =>
  quoteSubscription({ plan_id: 'constructor', infrastructure_type: 'self-hosted', subscription_type: 'SUBSCRIPTION_MONTH', modules, quantity });
const saas = (modules: QuoteInput['modules']) =>
  quoteSubscription({ plan_id: 'constructor', infrastructure_type: 'saas', subscription_type: 'SUBSCRIPTION_MONTH', modules });

describe('pricing: self-hosted unit tiers (seed §9)', () => {
  const boundaries: [number, number][] = [
    [1, 500], [20, 500], [21, 400], [40, 400], [41, 300], [1000, 300], [1_000_000, 300], [1_000_001, 300], [5_000_000, 300],
  ];
  for (const [ordinal, cents] of boundaries) {
    it(`unit #${ordinal} costs ${cents} cents`, () => expect(unitPriceAt(ordinal, SELF_HOSTED_TIERS)).to.equal(cents));
  }

  const totals: [number, number][] = [
    [0, 0], [1, 500], [20, 10_000], [21, 10_400], [40, 18_000], [41, 18_300], [100, 36_000],
  ];
  for (const [units, cents] of totals) {
    it(`${units} units cost ${cents} cents in all (graduated)`, () => expect(priceForUnits(units, SELF_HOSTED_TIERS)).to.equal(cents));
  }

  it('prices a range starting mid-table at each unit’s own ordinal', () => {
    expect(priceForUnitRange(19, 4, SELF_HOSTED_TIERS)).to.equal(500 + 500 + 400 + 400);
    expect(priceForUnitRange(40, 2, SELF_HOSTED_TIERS)).to.equal(400 + 300);
  });

  it('takes the last tier’s price for ordinals a gapped table does not cover', () => {
    const gapped = [{ from: 1, to: 2, priceCents: 10 }, { from: 5, to: 6, priceCents: 7 }];
    expect(priceForUnits(8, gapped)).to.equal(10 + 10 + 7 + 7 + 7 + 7 + 7 + 7);
    expect(unitPriceAt(3, gapped)).to.equal(7);
  });

  it('refuses non-integer or non-positive ordinals', () => {
    expect(() => unitPriceAt(0, SELF_HOSTED_TIERS)).to.throw(RangeError);
    expect(() => unitPriceAt(1.5, SELF_HOSTED_TIERS)).to.throw(RangeError);
    expect(() => priceForUnits(-1, SELF_HOSTED_TIERS)).to.throw(RangeError);
  });
});

describe('pricing: units per module and payment groups', () => {
  it('divides a limit by the per-unit limit, rounding up (seed §9 per-unit limits)', () => {
    expect(unitsForModule('streams', 3)).to.equal(3);
    expect(unitsForModule('restream', 2)).to.equal(2);
    expect(unitsForModule('conferenceRooms', 5)).to.equal(1);
    expect(unitsForModule('conferenceRooms', 6)).to.equal(2);
  });

  it('gives the default free VOD (50) and PPV (5) viewers at no units', () => {
    expect(unitsForModule('vodViewers', 50)).to.equal(0);
    expect(unitsForModule('vodViewers', 51)).to.equal(1);
    expect(unitsForModule('vodViewers', 150)).to.equal(2);
    expect(unitsForModule('ppvViewers', 5)).to.equal(0);
    expect(unitsForModule('ppvViewers', 11)).to.equal(2);
  });

  it('takes the maximum inside a payment group and sums the groups', () => {
    // streams 3 and recordings 2 share a group (3); restream 4 is its own group; viewers 120 → 2 units.
    expect(unitsForModules([
      { name: 'streams', limit: 3 }, { name: 'recordings', limit: 2 }, { name: 'restream', limit: 4 }, { name: 'vodViewers', limit: 150 },
    ])).to.equal(3 + 4 + 2);
    expect(unitsForModules([{ name: 'vodViewers', limit: 100 }, { name: 'ppvViewers', limit: 30 }])).to.equal(5);
  });

  it('never goes below the minimum quantity of 1', () => {
    expect(unitsForModules([])).to.equal(1);
    expect(unitsForModules([{ name: 'vodViewers', limit: 50 }])).to.equal(1);
  });
});

describe('pricing: constructor quotes', () => {
  it('prices a self-hosted build and splits the total into module amounts that add up', () => {
    const q = selfHosted([{ name: 'streams', limit: 18 }, { name: 'recordings', limit: 10 }, { name: 'restream', limit: 5 }]);
    expect(q.quantity).to.equal(23);
    expect(q.monthlyAmount).to.equal(20 * 500 + 3 * 400);
    expect(q.amount).to.equal(q.monthlyAmount);
    expect(q.modules.reduce((s, m) => s + m.amount, 0)).to.equal(q.amount);
    const byName = Object.fromEntries(q.modules.map((m) => [m.name, m]));
    expect(byName.streams?.amount).to.equal(18 * 500);
    expect(byName.recordings?.amount).to.equal(0);
    expect(byName.recordings?.free).to.equal(true);
    expect(byName.restream?.amount).to.equal(2 * 500 + 3 * 400);
    expect(byName.streams?.labels.ru).to.be.a('string').and.not.empty;
  });

  it('charges at least one unit ($5, the constructor’s "from" price) even when every module is free', () => {
    const q = selfHosted([{ name: 'vodViewers', limit: 50 }]);
    expect(q.quantity).to.equal(1);
    expect(q.amount).to.equal(500);
    expect(q.modules.find((m) => m.name === 'streams')?.limit).to.equal(1);
  });

  it('turns units bought beyond the modules’ needs into publishing streams', () => {
    const q = selfHosted([{ name: 'streams', limit: 2 }, { name: 'recordings', limit: 4 }], 7);
    expect(q.quantity).to.equal(7);
    expect(q.amount).to.equal(7 * 500);
    expect(q.modules.find((m) => m.name === 'streams')?.limit).to.equal(7);
  });

  it('refuses fewer units than the modules need, naming quantity', () => {
    expect(() => selfHosted([{ name: 'streams', limit: 5 }], 3)).to.throw(QuoteError, /quantity must be at least 5/);
  });

  it('refuses a module listed twice and cloud-only modules on self-hosted plans', () => {
    expect(() => selfHosted([{ name: 'streams', limit: 1 }, { name: 'streams', limit: 2 }])).to.throw(QuoteError, /modules\[1\]\.name/);
    expect(() => selfHosted([{ name: 'playerViewers', limit: 10 }])).to.throw(QuoteError, /cloud/);
  });

  it('bills an annual constructor twelve months at once', () => {
    const q = quoteSubscription({ plan_id: 'constructor', infrastructure_type: 'self-hosted', subscription_type: 'SUBSCRIPTION_YEAR', modules: [{ name: 'streams', limit: 2 }] });
    expect(q.monthlyAmount).to.equal(1000);
    expect(q.billingMonths).to.equal(12);
    expect(q.amount).to.equal(12_000);
  });

  it('does not sell the constructor as a free plan', () => {
    expect(() => quoteSubscription({ plan_id: 'constructor', infrastructure_type: 'self-hosted', subscription_type: 'SUBSCRIPTION_FREE' })).to.throw(QuoteError, /subscription_type/);
  });
});

describe('pricing: cloud module price tables (seed §9), every row', () => {
  const tables = Object.entries(MODULE_PRICE_TABLES) as [ModuleName, { amount: number; priceCents: number }[]][];
  it('has the seed’s rows', () => {
    expect(MODULE_PRICE_TABLES.restream?.map((r) => [r.amount, r.priceCents])).to.deep.equal([[2, 0], [6, 11_000], [10, 27_500], [15, 57_500], [20, 177_500]]);
    expect(MODULE_PRICE_TABLES.recordings?.map((r) => [r.amount, r.priceCents])).to.deep.equal([[2, 0], [6, 11_000], [10, 27_500], [15, 57_500], [20, 179_000]]);
    expect(MODULE_PRICE_TABLES.transcoding?.map((r) => [r.amount, r.priceCents])).to.deep.equal([[2, 0], [6, 11_000], [10, 27_500], [15, 57_500], [20, 179_000]]);
    expect(MODULE_PRICE_TABLES.playerViewers?.map((r) => [r.amount, r.priceCents])).to.deep.equal([
      [10, 0], [50, 11_000], [100, 27_500], [500, 57_500], [1000, 179_000], [5000, 570_000], [10000, 975_000],
    ]);
  });
  for (const [name, rows] of tables) {
    for (const row of rows) {
      it(`${name} ${row.amount} costs ${row.priceCents} cents${row.priceCents === 0 ? ' (free)' : ''}`, () => {
        const q = saas([{ name, limit: row.amount }]);
        const m = q.modules.find((x) => x.name === name);
        expect(m?.amount).to.equal(row.priceCents);
        expect(m?.free).to.equal(row.priceCents === 0);
        expect(q.amount).to.equal(row.priceCents);
      });
    }
    it(`${name}: an amount not in the table is refused, naming the field`, () => {
      expect(() => saas([{ name, limit: rows[0]!.amount + 1 }])).to.throw(QuoteError, /modules\[0\]\.limit must be one of/);
    });
  }
  it('sums module amounts for a multi-module cloud build', () => {
    const q = saas([{ name: 'restream', limit: 6 }, { name: 'playerViewers', limit: 100 }, { name: 'transcoding', limit: 2 }]);
    expect(q.amount).to.equal(11_000 + 27_500);
  });
});

describe('pricing: self-hosted unlimited', () => {
  it('is free ($0, limited), $79 monthly, or $59 a month billed for twelve months', () => {
    const q = (t: QuoteInput['subscription_type']) => quoteSubscription({ plan_id: 'unlimited', infrastructure_type: 'self-hosted', subscription_type: t });
    expect(q('SUBSCRIPTION_FREE')).to.include({ amount: 0, period: 'free', quantity: 1 });
    expect(q('SUBSCRIPTION_FREE').modules.length).to.be.greaterThan(0);
    expect(q('SUBSCRIPTION_MONTH')).to.include({ amount: 7900, monthlyAmount: 7900, period: 'monthly' });
    expect(q('SUBSCRIPTION_YEAR')).to.include({ amount: 5900 * 12, monthlyAmount: UNLIMITED_MONTHLY_PRICE_CENTS.annual, period: 'annual' });
    expect(() => q('SUBSCRIPTION_PERPETUAL')).to.throw(QuoteError);
  });
  it('is one licence: quantity other than 1 is refused', () => {
    expect(() => quoteSubscription({ plan_id: 'unlimited', infrastructure_type: 'self-hosted', subscription_type: 'SUBSCRIPTION_MONTH', quantity: 2 })).to.throw(QuoteError, /quantity must be 1/);
  });
});

describe('pricing: properties', () => {
  const moduleArb = fc.uniqueArray(
    fc.record({ name: fc.constantFrom<ModuleName>('streams', 'restream', 'recordings', 'vodViewers', 'ppvViewers', 'conferenceRooms'), limit: fc.integer({ min: 0, max: 5000 }) }),
    { selector: (m) => m.name, maxLength: 6 },
  );

  it('totals are non-negative integers and the module amounts add up to them', () => {
    fc.assert(
      fc.property(moduleArb, (modules) => {
        const q = selfHosted(modules);
        expect(Number.isInteger(q.amount) && q.amount >= 0).to.equal(true);
        expect(q.modules.reduce((s, m) => s + m.amount, 0)).to.equal(q.amount);
        expect(q.amount).to.equal(priceForUnits(q.quantity, SELF_HOSTED_TIERS));
      }),
    );
  });

  it('the total is monotonic in quantity (more units never cost less)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000 }), fc.integer({ min: 0, max: 1000 }), (units, more) => {
        expect(priceForUnits(units + more, SELF_HOSTED_TIERS)).to.be.at.least(priceForUnits(units, SELF_HOSTED_TIERS));
      }),
    );
    fc.assert(
      fc.property(moduleArb, fc.integer({ min: 0, max: 500 }), (modules, extra) => {
        const base = selfHosted(modules);
        expect(selfHosted(modules, base.quantity + extra).amount).to.be.at.least(base.amount);
      }),
    );
  });

  it('graduated pricing is additive over adjacent ranges', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 500 }), (from, a, b) => {
        expect(priceForUnitRange(from, a + b, SELF_HOSTED_TIERS)).to.equal(priceForUnitRange(from, a, SELF_HOSTED_TIERS) + priceForUnitRange(from + a, b, SELF_HOSTED_TIERS));
      }),
    );
  });
});

describe('pricing: proration and periods', () => {
  it('charges the difference for the share of the period left', () => {
    expect(prorate({ previousAmount: 1000, newAmount: 2000, periodStart: '2026-11-01T00:00:00.000Z', periodEnd: '2026-12-01T00:00:00.000Z', at: '2026-11-16T00:00:00.000Z' })).to.equal(500);
    expect(prorate({ previousAmount: 2000, newAmount: 1000, periodStart: '2026-11-01T00:00:00.000Z', periodEnd: '2026-12-01T00:00:00.000Z', at: '2026-11-16T00:00:00.000Z' })).to.equal(-500);
  });
  it('is zero outside a paid period', () => {
    expect(prorate({ previousAmount: 1000, newAmount: 2000, periodStart: undefined, periodEnd: undefined, at: '2026-11-16T00:00:00.000Z' })).to.equal(0);
    expect(prorate({ previousAmount: 1000, newAmount: 2000, periodStart: '2026-10-01T00:00:00.000Z', periodEnd: '2026-11-01T00:00:00.000Z', at: '2026-11-16T00:00:00.000Z' })).to.equal(0);
  });
  it('adds months keeping the day, clamped to the month’s end', () => {
    expect(addMonths('2026-01-31T10:00:00.000Z', 1)).to.equal('2026-02-28T10:00:00.000Z');
    expect(addMonths('2026-11-23T10:00:00.000Z', 12)).to.equal('2027-11-23T10:00:00.000Z');
  });
});
