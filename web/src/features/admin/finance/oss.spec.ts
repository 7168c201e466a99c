import { expect } from 'chai';
import type { TFunction } from '../../../app/shell/texts.js';
import en from '../../../locales/en/finance.json' with { type: 'json' };
import ru from '../../../locales/ru/finance.json' with { type: 'json' };
import {
  correctionSectionWord,
  countryName,
  documentsWord,
  exchangeSentences,
  filingDeadline,
  lastEndedQuarter,
  ossCountryGroups,
  previousQuarter,
  quarterDays,
  quarterEnded,
  quarterOfDay,
  quarterWord,
  quarterYears,
  rateWord,
  untaxedWord,
} from './oss.js';
import type { FinanceOssReportView } from './types.js';

const NBSP = '\u00a0';

/** A t() over a namespace's JSON, with i18next's interpolation and defaultValue, for checking words without React. */
function tOf(texts: unknown): TFunction {
  const t = (key: string, options: Record<string, unknown> = {}) => {
    const found = key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), texts);
    const text = typeof found === 'string' ? found : ((options.defaultValue as string | undefined) ?? key);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
  };
  return t as unknown as TFunction;
}
const tEn = tOf(en);
const tRu = tOf(ru);

type Line = FinanceOssReportView['oss']['lines'][number];
const line = (country: string, rate: string, taxable: number, vat: number, euro?: { taxable: number; vat: number }): Line => ({
  country,
  rate,
  currency: 'USD',
  taxable,
  vat,
  invoices: { count: 1, taxable, vat },
  creditNotes: { count: 0, taxable: 0, vat: 0 },
  ...(euro ? { euro } : {}),
});

describe('finance: the OSS report’s screen model (oss.ts)', () => {
  it('quarters: of a day, their days, the one before, the last ended (the one a return is filed for), the filing deadline', () => {
    expect(quarterOfDay('2026-02-14')).to.equal('2026-Q1');
    expect(quarterOfDay('2026-04-01')).to.equal('2026-Q2');
    expect(quarterOfDay('2026-12-31')).to.equal('2026-Q4');
    expect(quarterDays('2024-Q1')).to.deep.equal({ from: '2024-01-01', to: '2024-03-31' });
    expect(quarterDays('2024-Q3')).to.deep.equal({ from: '2024-07-01', to: '2024-09-30' });
    expect(previousQuarter('2024-Q1')).to.equal('2023-Q4');
    expect(previousQuarter('2024-Q4')).to.equal('2024-Q3');
    expect(lastEndedQuarter('2026-04-20')).to.equal('2026-Q1');
    expect(lastEndedQuarter('2026-01-05')).to.equal('2025-Q4');
    expect(filingDeadline('2024-Q1')).to.equal('2024-04-30');
    expect(filingDeadline('2024-Q2')).to.equal('2024-07-31');
    expect(filingDeadline('2024-Q4')).to.equal('2025-01-31');
    expect(quarterEnded('2026-Q1', '2026-03-31')).to.equal(false);
    expect(quarterEnded('2026-Q1', '2026-04-01')).to.equal(true);
    expect(quarterYears('2026-03-01')).to.deep.equal([2026, 2025, 2024, 2023, 2022, 2021]);
  });

  it('a quarter in words, in both languages', () => {
    expect(quarterWord('2024-Q1', tEn, 'en')).to.equal('Q1 2024 (1 Jan 2024 – 31 Mar 2024)');
    expect(quarterWord('2024-Q1', tRu, 'ru')).to.equal('1-й квартал 2024 г. (1 янв. 2024 г. – 31 мар. 2024 г.)');
  });

  it('countries in the reader’s language (Intl.DisplayNames), rates as percentages', () => {
    expect(countryName('DE', 'en')).to.equal('Germany');
    expect(countryName('DE', 'ru')).to.equal('Германия');
    expect(countryName('GR', 'en')).to.equal('Greece');
    expect(countryName('EE', 'ru')).to.equal('Эстония');
    expect(rateWord('0.19', 'en')).to.equal('19%');
    expect(rateWord('0.19', 'ru')).to.equal(`19${NBSP}%`);
    expect(rateWord('0.255', 'en')).to.equal('25.5%');
    expect(rateWord('0.255', 'ru')).to.equal(`25,5${NBSP}%`);
    expect(rateWord('0', 'en')).to.equal('0%');
  });

  it('the table: lines grouped per member state, the states in the order of their names in the reader’s language, each with its euros', () => {
    const report = {
      oss: {
        lines: [line('DE', '0.07', 1000, 70, { taxable: 930, vat: 65 }), line('DE', '0.19', 7110, 1351, { taxable: 6615, vat: 1257 }), line('FR', '0.2', 7900, 1580, { taxable: 7350, vat: 1470 }), line('AT', '0.2', 500, 100, { taxable: 465, vat: 93 })],
        countries: [
          { country: 'AT', taxable: 465, vat: 93 },
          { country: 'DE', taxable: 7545, vat: 1322 },
          { country: 'FR', taxable: 7350, vat: 1470 },
        ],
        total: { taxable: 15360, vat: 2885 },
      },
    };
    const en = ossCountryGroups(report, 'en');
    expect(en.map((g) => [g.name, g.lines.map((l) => l.rate), g.euro])).to.deep.equal([
      ['Austria', ['0.2'], { taxable: 465, vat: 93 }],
      ['France', ['0.2'], { taxable: 7350, vat: 1470 }],
      ['Germany', ['0.07', '0.19'], { taxable: 7545, vat: 1322 }],
    ]);
    expect(ossCountryGroups(report, 'ru').map((g) => g.name)).to.deep.equal(['Австрия', 'Германия', 'Франция']);
  });

  it('the exchange rate in words: the quarter’s last day’s, the next one published, or stale — said as a warning', () => {
    const report = {
      to: '2024-03-31',
      unconverted: [] as string[],
      exchangeRates: [{ currency: 'USD', rate: '1.0749', published: '2024-04-02', day: '2024-03-31', stale: false }],
    };
    expect(exchangeSentences(report, tEn, 'en')).to.deep.equal([
      { text: 'Euros at the ECB reference rate for the quarter’s last day, 31 Mar 2024: the ECB published none that day, so the next one, of 2 Apr 2024: 1 euro = 1.0749 USD.', stale: false },
    ]);
    expect(exchangeSentences(report, tRu, 'ru')[0]!.text).to.equal('Евро — по справочному курсу ЕЦБ для последнего дня квартала, 31 мар. 2024 г.: в этот день ЕЦБ курс не публиковал, поэтому взят следующий, от 2 апр. 2024 г.: 1 евро = 1,0749 USD.');
    const onDay = { ...report, to: '2024-09-30', exchangeRates: [{ currency: 'USD', rate: '1.1196', published: '2024-09-30', day: '2024-09-30', stale: false }] };
    expect(exchangeSentences(onDay, tEn, 'en')).to.deep.equal([{ text: 'Euros at the ECB reference rate of the quarter’s last day, 30 Sept 2024: 1 euro = 1.1196 USD.', stale: false }]);
    const stale = { to: '2026-03-31', unconverted: ['GBP'], exchangeRates: [{ currency: 'USD', rate: '1.0938', published: '2024-10-11', day: '2026-03-31', stale: true }] };
    expect(exchangeSentences(stale, tEn, 'en')).to.deep.equal([
      { text: 'The ECB rates held stop before the rate for the quarter’s last day (31 Mar 2026): the euros are at the latest rate held, of 11 Oct 2024 (1 euro = 1.0938 USD), and will change. Have the ECB rates updated before filing this return.', stale: true },
      { text: 'No ECB rate is held for GBP for 31 Mar 2026: its lines have no euros and are not in the euro totals. Have the ECB rates updated before filing this return.', stale: true },
    ]);
    expect(exchangeSentences(stale, tRu, 'ru').map((s) => s.stale)).to.deep.equal([true, true]);
    expect(exchangeSentences(stale, tRu, 'ru')[0]!.text).to.match(/^Хранимые курсы ЕЦБ заканчиваются .* 11 окт\. 2024 г\. \(1 евро = 1,0938 USD\)/);
  });

  it('documents, reasons and parts of the report in words: never a code', () => {
    const counts = (invoices: number, creditNotes: number) => ({ invoices: { count: invoices }, creditNotes: { count: creditNotes } });
    expect(documentsWord(counts(2, 1), tEn)).to.equal('Invoices: 2, credit notes: 1');
    expect(documentsWord(counts(1, 0), tEn)).to.equal('Invoices: 1');
    expect(documentsWord(counts(0, 1), tEn)).to.equal('Credit notes: 1');
    expect(documentsWord(counts(3, 2), tRu)).to.equal('Счета: 3, кредит-ноты: 2');
    for (const [t, lang] of [[tEn, 'en'], [tRu, 'ru']] as const) {
      for (const reason of ['accountCredit', 'none']) expect(untaxedWord(reason, t), `${lang} ${reason}`).to.not.match(/^oss\.|accountCredit|^none$/);
      for (const section of ['oss', 'domestic', 'otherVat', 'reverseCharge']) expect(correctionSectionWord(section, t), `${lang} ${section}`).to.not.match(/^oss\.|otherVat|reverseCharge|^domestic$|^oss$/);
    }
    expect(untaxedWord('somethingNew', tEn)).to.equal(untaxedWord('none', tEn));
  });
});
