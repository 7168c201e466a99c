import { expect } from 'chai';
import { EU_MEMBER_STATES } from '@relaycast/contracts';
import { createRequire } from 'node:module';
import { createTaxRules, libraryTimeline, rateOn, SALES_TAX_EU_LIST, TAX_RULES, TaxRulesError, type LibraryRates, type OwnRule } from './rules.js';

/**
 * Our own table: the standard VAT rate of every EU member state for electronically supplied services, as of
 * November 2026 (the member states' own announcements, summarised in the European Commission's "VAT rates applied in
 * the Member States"). The data the module reads (sales-tax, with own-rules.json over it) must say the same.
 */
const STANDARD_RATES_NOW: Record<string, string> = {
  AT: '0.2', BE: '0.21', BG: '0.2', CY: '0.19', CZ: '0.21', DE: '0.19', DK: '0.25', EE: '0.24', ES: '0.21',
  FI: '0.255', FR: '0.2', GR: '0.24', HR: '0.25', HU: '0.27', IE: '0.23', IT: '0.22', LT: '0.21', LU: '0.17',
  LV: '0.21', MT: '0.18', NL: '0.21', PL: '0.23', PT: '0.23', RO: '0.21', SE: '0.25', SI: '0.22', SK: '0.23',
};
const NOW = '2026-11-29T12:00:00.000Z';
const salesTaxRates: unknown = createRequire(import.meta.url)('sales-tax/res/sales_tax_rates.json');

describe('tax rules: the EU rates held against our own table', () => {
  it('the member states are the 27 of our table, and sales-tax lists the same', () => {
    expect([...EU_MEMBER_STATES].sort()).to.deep.equal(Object.keys(STANDARD_RATES_NOW).sort());
    expect([...SALES_TAX_EU_LIST].sort()).to.deep.equal(Object.keys(STANDARD_RATES_NOW).sort());
  });

  for (const [country, rate] of Object.entries(STANDARD_RATES_NOW)) {
    it(`${country}: ${rate} today`, () => {
      expect(rateOn(TAX_RULES, country, NOW)).to.include({ country, scheme: 'EU', rate });
    });
  }

  it('sales-tax still says, for each country our own rules replace, what it said when we wrote them (else: look again)', () => {
    // sales-tax 2.23.0's timelines of the countries in own-rules.json. A new version that changes one of them may
    // have fixed what we correct, or know a change we do not: compare, then update own-rules.json and this list.
    const replaced: Record<string, [string | null, string][]> = {
      RO: [[null, '0.19'], ['2025-08-01T21:00:00.000Z', '0.21']],
      FI: [[null, '0.24'], ['2024-08-31T22:00:00.000Z', '0.255']],
      SK: [[null, '0.2'], ['2024-12-31T22:00:00.000Z', '0.23']],
      GB: [[null, '0.2']],
      NO: [[null, '0.25']],
      RU: [[null, '0.2']],
    };
    const library = salesTaxRates as unknown as LibraryRates;
    const ours = [...TAX_RULES.countries.values()].filter((r) => r.source === 'own-rules').map((r) => r.country);
    expect(ours.sort()).to.deep.equal(Object.keys(replaced).sort());
    for (const [country, timeline] of Object.entries(replaced)) {
      expect(libraryTimeline(country, library[country]!).map((c) => [c.from, c.rate]), country).to.deep.equal(timeline);
    }
  });
});

describe('tax rules: effective dates', () => {
  // Estonia, from sales-tax's data: 20 %, 22 % from 1 January 2024, 24 % from 1 July 2025 — each from midnight in
  // Tallinn (UTC+2 in winter, UTC+3 in summer), given in the data as 2023-12-31T22:00Z and 2025-06-30T21:00Z.
  const ee = (at: string) => rateOn(TAX_RULES, 'EE', at)?.rate;

  it('Estonia: 22 % on 2025-06-30, 24 % on 2025-07-01', () => {
    expect(ee('2025-06-30T12:00:00.000Z')).to.equal('0.22');
    expect(ee('2025-07-01T12:00:00.000Z')).to.equal('0.24');
  });

  it('Estonia: the change applies from midnight in Tallinn, 2025-06-30T21:00Z', () => {
    expect(ee('2025-06-30T20:59:59.999Z')).to.equal('0.22');
    expect(ee('2025-06-30T21:00:00.000Z')).to.equal('0.24');
    expect(rateOn(TAX_RULES, 'EE', '2025-06-30T21:00:00.000Z')!.since).to.equal('2025-06-30T21:00:00.000Z');
  });

  it('Estonia: 20 % in 2023, 22 % from midnight on 1 January 2024 (2023-12-31T22:00Z)', () => {
    expect(ee('2023-06-01T00:00:00.000Z')).to.equal('0.2');
    expect(ee('2023-12-31T21:59:59.999Z')).to.equal('0.2');
    expect(ee('2023-12-31T22:00:00.000Z')).to.equal('0.22');
    expect(ee('2024-12-31T00:00:00.000Z')).to.equal('0.22');
  });

  it('Germany: 19 %, 16 % from July to December 2020, 19 % again', () => {
    expect(rateOn(TAX_RULES, 'DE', '2020-05-01T00:00:00.000Z')?.rate).to.equal('0.19');
    expect(rateOn(TAX_RULES, 'DE', '2020-09-01T00:00:00.000Z')?.rate).to.equal('0.16');
    expect(rateOn(TAX_RULES, 'DE', '2021-02-01T00:00:00.000Z')?.rate).to.equal('0.19');
  });

  it('our corrections of sales-tax: Romania 21 % from 1 August 2025 in Bucharest (the package says a day later)', () => {
    expect(rateOn(TAX_RULES, 'RO', '2025-07-31T20:59:59.000Z')?.rate).to.equal('0.19');
    expect(rateOn(TAX_RULES, 'RO', '2025-08-01T10:00:00.000Z')?.rate).to.equal('0.21');
    expect(TAX_RULES.countries.get('RO')!.source).to.equal('own-rules');
  });

  it('Finland 25.5 % from 1 September 2024 (Helsinki), Slovakia 23 % from 1 January 2025 (Bratislava)', () => {
    expect(rateOn(TAX_RULES, 'FI', '2024-08-31T20:59:59.000Z')?.rate).to.equal('0.24');
    expect(rateOn(TAX_RULES, 'FI', '2024-08-31T21:00:00.000Z')?.rate).to.equal('0.255');
    expect(rateOn(TAX_RULES, 'SK', '2024-12-31T22:30:00.000Z')?.rate).to.equal('0.2');
    expect(rateOn(TAX_RULES, 'SK', '2024-12-31T23:00:00.000Z')?.rate).to.equal('0.23');
  });

  it('sales-tax\'s `before` dates become a timeline: each ends the rate listed under it', () => {
    expect(libraryTimeline('XX', { type: 'vat', rate: 0.24, before: { '2025-06-30T21:00:00.000Z': { type: 'vat', rate: 0.22 }, '2023-12-31T22:00:00.000Z': { type: 'vat', rate: 0.2 } } })).to.deep.equal([
      { from: null, rate: '0.2' },
      { from: '2023-12-31T22:00:00.000Z', rate: '0.22' },
      { from: '2025-06-30T21:00:00.000Z', rate: '0.24' },
    ]);
  });
});

describe('tax rules: outside the EU', () => {
  it('no EU VAT for the United States, Switzerland, the UK, Norway or Russia: their tax is not collected', () => {
    for (const country of ['US', 'CH', 'GB', 'NO', 'RU', 'JP']) expect(rateOn(TAX_RULES, country, NOW), country).to.equal(null);
  });

  it('another country\'s rule is data: a UK rule with collect true makes UK VAT due, with its dates', () => {
    const own: OwnRule[] = [{ country: 'GB', scheme: 'UK VAT', collect: true, changes: [{ from: null, rate: '0.175' }, { from: '2011-01-04T00:00:00.000Z', rate: '0.2' }] }];
    const rules = createTaxRules({ own });
    expect(rateOn(rules, 'GB', '2010-06-01T00:00:00.000Z')).to.deep.equal({ country: 'GB', scheme: 'UK VAT', rate: '0.175', since: null });
    expect(rateOn(rules, 'GB', NOW)).to.deep.equal({ country: 'GB', scheme: 'UK VAT', rate: '0.2', since: '2011-01-04T00:00:00.000Z' });
    // Our table then replaces nothing else: Romania is sales-tax's again (a day late), Estonia unchanged.
    expect(rateOn(rules, 'RO', '2025-08-01T10:00:00.000Z')?.rate).to.equal('0.19');
    expect(rateOn(rules, 'EE', NOW)?.rate).to.equal('0.24');
  });

  it('Russia\'s rule as shipped: 20 %, 22 % from 1 January 2026 in Moscow, once collected', () => {
    const shipped = TAX_RULES.countries.get('RU')!;
    expect(shipped.collect).to.equal(false);
    const rules = createTaxRules({ own: [{ ...shipped, changes: [...shipped.changes], collect: true }] });
    expect(rateOn(rules, 'RU', '2025-12-31T20:59:59.000Z')?.rate).to.equal('0.2');
    expect(rateOn(rules, 'RU', '2025-12-31T21:00:00.000Z')?.rate).to.equal('0.22');
  });
});

describe('tax rules: a data file that cannot be read is refused, naming the entry', () => {
  const bad = (rule: Partial<OwnRule>, message: RegExp) => () =>
    expect(() => createTaxRules({ own: [{ country: 'GB', scheme: 'UK VAT', collect: true, changes: [{ from: null, rate: '0.2' }], ...rule } as OwnRule] })).to.throw(TaxRulesError, message);

  it('a rate that is not a decimal string', bad({ changes: [{ from: null, rate: '20%' }] }, /"GB".*changes\[0\]\.rate/));
  it('a first change with a date', bad({ changes: [{ from: '2011-01-04T00:00:00.000Z', rate: '0.2' }] }, /changes\[0\]\.from must be null/));
  it('changes out of order', bad({ changes: [{ from: null, rate: '0.1' }, { from: '2012-01-01T00:00:00.000Z', rate: '0.2' }, { from: '2011-01-01T00:00:00.000Z', rate: '0.3' }] }, /in order/));
  it('a date that is not an instant', bad({ changes: [{ from: null, rate: '0.1' }, { from: '1 Jan 2011', rate: '0.2' }] }, /changes\[1\]\.from/));
  it('a member state that is not collected', bad({ country: 'DE', scheme: 'EU', collect: false }, /always collected/));
  it('a non-member under the EU scheme', bad({ scheme: 'EU' }, /scheme EU/));
  it('a member state missing from sales-tax', () => {
    expect(() => createTaxRules({ library: {}, own: [] })).to.throw(TaxRulesError, /no VAT rate for the member state AT/);
  });
});
