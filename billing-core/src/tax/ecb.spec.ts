import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dayOf, ECB_RATES, ecbRateForPeriodEnd, ecbRateOn, EcbFileError, EcbRateUnknownError, mergeEcbRates, parseEcbFile, vatInEuros, type EcbRateTable } from './ecb.js';
import { updateEcbRatesFile } from './ecb-cli.js';

/** The ECB's CSV as it serves it: newest first, a trailing comma, N/A where a currency had no rate. */
const CSV = `Date,USD,JPY,BGN,CYP,
2025-07-02,1.1787,169.72,1.9558,N/A,
2025-07-01,1.1783,169.58,1.9558,N/A,
2025-06-30,1.172,169.17,1.9558,N/A,
2025-06-27,1.1702,169.3,1.9558,N/A,
`;
/** The ECB's XML, the same days (single quotes, as eurofxref-hist.xml writes them). */
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
\t<Cube>
\t\t<Cube time='2025-07-02'><Cube currency='USD' rate='1.1787'/><Cube currency='JPY' rate='169.72'/></Cube>
\t\t<Cube time='2025-07-01'><Cube currency='USD' rate='1.1783'/><Cube currency='JPY' rate='169.58'/></Cube>
\t\t<Cube time='2025-06-30'><Cube currency='USD' rate='1.172'/></Cube>
\t\t<Cube time='2025-06-27'><Cube currency='USD' rate='1.1702'/></Cube>
\t</Cube>
</gesmes:Envelope>
`;
const table: EcbRateTable = { source: 'test', through: '2025-07-02', rates: { USD: { '2025-06-27': '1.1702', '2025-06-30': '1.172', '2025-07-01': '1.1783', '2025-07-02': '1.1787' } } };

describe('ECB rates: the VAT in euros at the rate of a day', () => {
  it('$15.01 of VAT on 2025-07-02 at 1.1787: €12.73 (1273.44)', () => {
    expect(vatInEuros(1501, 'USD', '2025-07-02T15:00:00.000Z', table)).to.deep.equal({ currency: 'USD', rate: '1.1787', published: '2025-07-02', euroCents: 1273 });
  });
  it('a Sunday takes Friday\'s rate, the last published on or before it: 2025-06-29 → 1.1702, €12.83 (1282.69)', () => {
    expect(vatInEuros(1501, 'USD', '2025-06-29', table)).to.deep.equal({ currency: 'USD', rate: '1.1702', published: '2025-06-27', euroCents: 1283 });
  });
  it('a day after the table is complete, or before its first rate: unknown, and nothing is guessed', () => {
    expect(ecbRateOn('USD', '2025-07-03', table)).to.equal(null);
    expect(ecbRateOn('USD', '2025-06-26', table)).to.equal(null);
    expect(ecbRateOn('GBP', '2025-07-01', table)).to.equal(null);
    expect(() => vatInEuros(1501, 'USD', '2025-07-03', table)).to.throw(EcbRateUnknownError, /complete to 2025-07-02.*npm run ecb-rates/);
  });
  it('euros are euros', () => expect(vatInEuros(1501, 'EUR', '2031-01-01', table)).to.deep.equal({ currency: 'EUR', rate: '1', published: '2031-01-01', euroCents: 1501 }));
  it('the day of an instant is its UTC day', () => {
    expect(dayOf('2025-07-01T23:30:00.000Z')).to.equal('2025-07-01');
    expect(dayOf('2025-07-01')).to.equal('2025-07-01');
  });

  it('the shipped table holds the ECB\'s own figures: 2 January 2024, $1.0956; Good Friday 2024 takes Maundy Thursday\'s 1.0811', () => {
    expect(vatInEuros(1501, 'USD', '2024-01-02', ECB_RATES)).to.include({ rate: '1.0956', euroCents: 1370 });
    expect(vatInEuros(1501, 'USD', '2024-03-29', ECB_RATES)).to.include({ rate: '1.0811', published: '2024-03-28', euroCents: 1388 });
    expect(ecbRateOn('USD', '2023-12-29', ECB_RATES)).to.equal(null);
  });
});

describe('ECB rates: the rate a quarter\'s VAT return converts at (VAT Directive art. 369h(2))', () => {
  it('the rate published on the last day of the period: 2024-Q3 ends on Monday 30 September 2024, 1.1196', () => {
    expect(ecbRateForPeriodEnd('USD', '2024-09-30', ECB_RATES)).to.deep.equal({ currency: 'USD', rate: '1.1196', published: '2024-09-30', day: '2024-09-30', stale: false });
  });
  it('none that day: the next published — 2024-Q1 ends on Easter Sunday, no rate on Good Friday or Easter Monday: Tuesday 2 April, 1.0749 (not Maundy Thursday\'s 1.0811)', () => {
    expect(ecbRateForPeriodEnd('USD', '2024-03-31', ECB_RATES)).to.deep.equal({ currency: 'USD', rate: '1.0749', published: '2024-04-02', day: '2024-03-31', stale: false });
    // 2024-Q2 ends on Sunday 30 June: Monday 1 July's 1.0745.
    expect(ecbRateForPeriodEnd('USD', '2024-06-30', ECB_RATES)).to.deep.equal({ currency: 'USD', rate: '1.0745', published: '2024-07-01', day: '2024-06-30', stale: false });
  });
  it('a period ending after the table is complete: the latest rate held (11 October 2024, 1.0938), said stale', () => {
    expect(ecbRateForPeriodEnd('USD', '2024-12-31', ECB_RATES)).to.deep.equal({ currency: 'USD', rate: '1.0938', published: '2024-10-11', day: '2024-12-31', stale: true });
    expect(ecbRateForPeriodEnd('USD', '2026-03-31', ECB_RATES)).to.deep.equal({ currency: 'USD', rate: '1.0938', published: '2024-10-11', day: '2026-03-31', stale: true });
  });
  it('the table complete to a Sunday whose Friday had the last rate: a period ending on that Saturday is not yet known (stale), one ending on Friday is', () => {
    const toSunday: EcbRateTable = { ...table, through: '2025-07-06', rates: { USD: { ...table.rates.USD, '2025-07-04': '1.1767' } } };
    expect(ecbRateForPeriodEnd('USD', '2025-07-05', toSunday)).to.deep.equal({ currency: 'USD', rate: '1.1767', published: '2025-07-04', day: '2025-07-05', stale: true });
    expect(ecbRateForPeriodEnd('USD', '2025-07-04', toSunday)).to.deep.equal({ currency: 'USD', rate: '1.1767', published: '2025-07-04', day: '2025-07-04', stale: false });
    expect(ecbRateForPeriodEnd('USD', '2025-06-28', toSunday)).to.deep.equal({ currency: 'USD', rate: '1.172', published: '2025-06-30', day: '2025-06-28', stale: false });
  });
  it('a period before the table\'s first rate, or a currency it does not hold: unknown; euros are euros', () => {
    expect(ecbRateForPeriodEnd('USD', '2023-12-31', ECB_RATES)).to.equal(null);
    expect(ecbRateForPeriodEnd('GBP', '2024-03-31', ECB_RATES)).to.equal(null);
    expect(ecbRateForPeriodEnd('EUR', '2024-03-31', ECB_RATES)).to.deep.equal({ currency: 'EUR', rate: '1', published: '2024-03-31', day: '2024-03-31', stale: false });
  });
});

describe('ECB rates: reading the ECB\'s files', () => {
  it('the CSV (eurofxref-hist.csv): every currency by day, N/A left out', () => {
    const file = parseEcbFile(CSV);
    expect(file.latest).to.equal('2025-07-02');
    expect(file.earliest).to.equal('2025-06-27');
    expect(Object.fromEntries(file.rates.get('USD')!)).to.deep.equal(table.rates.USD);
    expect(file.rates.get('JPY')!.get('2025-07-01')).to.equal('169.58');
    expect(file.rates.has('CYP')).to.equal(false);
  });
  it('the XML (eurofxref-hist.xml) reads the same', () => {
    const file = parseEcbFile(XML);
    expect(file.latest).to.equal('2025-07-02');
    expect(Object.fromEntries(file.rates.get('USD')!)).to.deep.equal(table.rates.USD);
  });
  it('a file that is not the ECB\'s is refused, saying where', () => {
    expect(() => parseEcbFile('date;usd\n')).to.throw(EcbFileError, /starts with "Date,"/);
    expect(() => parseEcbFile('Date,USD\n2025-13-45,1.1\n')).to.throw(EcbFileError, /line 2.*not a day/);
    expect(() => parseEcbFile('Date,USD\n2025-07-01,-1.1\n')).to.throw(EcbFileError, /line 2.*positive decimal/);
    expect(() => parseEcbFile('<html></html>')).to.throw(EcbFileError, /not an ECB XML/);
    expect(() => parseEcbFile('Date,USD\n')).to.throw(EcbFileError, /no rates/);
  });
  it('merging: rates added, the table complete to the file\'s latest day (or the day it was downloaded)', () => {
    const start: EcbRateTable = { source: 'test', through: '2025-06-27', rates: { USD: { '2025-06-27': '1.1702' } } };
    const merged = mergeEcbRates(start, parseEcbFile(CSV), { currencies: ['USD'] });
    expect(merged).to.deep.include({ added: 3, changed: 0 });
    expect(merged.table).to.deep.equal(table);
    expect(mergeEcbRates(start, parseEcbFile(CSV), { currencies: ['USD'], asOf: '2025-07-05' }).table.through).to.equal('2025-07-05');
  });
  it('merging a file that starts after a gap the ECB never leaves (over five days) is refused', () => {
    const old: EcbRateTable = { source: 'test', through: '2025-06-20', rates: { USD: { '2025-06-20': '1.15' } } };
    expect(() => mergeEcbRates(old, parseEcbFile(CSV), { currencies: ['USD'] })).to.throw(EcbFileError, /starts on 2025-06-27.*2025-06-20/);
    const fiveDays: EcbRateTable = { ...old, through: '2025-06-22' };
    expect(mergeEcbRates(fiveDays, parseEcbFile(CSV), { currencies: ['USD'] }).added).to.equal(4);
  });

  it('the command updates a data file from an ECB file, and leaves it whole when the file is not the ECB\'s', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ecb-'));
    try {
      const out = join(dir, 'rates.json');
      writeFileSync(out, JSON.stringify({ $comment: 'kept', source: 'test', through: '', rates: {} }));
      writeFileSync(join(dir, 'hist.xml'), XML);
      expect(updateEcbRatesFile({ input: join(dir, 'hist.xml'), out, since: '2025-06-30' })).to.deep.equal({ added: 3, changed: 0, through: '2025-07-02' });
      const written = JSON.parse(readFileSync(out, 'utf8'));
      expect(written).to.deep.equal({ $comment: 'kept', source: 'test', through: '2025-07-02', rates: { USD: { '2025-06-30': '1.172', '2025-07-01': '1.1783', '2025-07-02': '1.1787' } } });
      writeFileSync(join(dir, 'bad.csv'), 'not,a,rate,file\n');
      expect(() => updateEcbRatesFile({ input: join(dir, 'bad.csv'), out })).to.throw(EcbFileError);
      expect(JSON.parse(readFileSync(out, 'utf8'))).to.deep.equal(written);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
