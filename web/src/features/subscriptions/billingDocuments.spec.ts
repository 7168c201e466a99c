import { expect } from 'chai';
import type { CreditNoteView, InvoiceView } from '@relaycast/contracts';
import { appT } from '../../test/texts.js';
import en from '../../locales/en/account.json' with { type: 'json' };
import ru from '../../locales/ru/account.json' with { type: 'json' };
import { countryName, countryOptions, documentTax, invoicePurpose, ratePercent } from './invoiceText.js';

const SELLER = { id: 'relaycast', name: 'Relaycast', address: '' };
const invoice = (lines: InvoiceView['lines']): InvoiceView => ({
  number: 'INV-000001', seq: 1, book: 'real', issuedAt: '2026-03-01T00:00:00.000Z', paidAt: '2026-03-01T00:00:00.000Z', captureId: 'C1', paypalOrderID: 'O1',
  subscriptionId: 'sub-1', userId: 'u-1', subscriptionName: 'Main', currency: 'USD', total: 1000, lines, seller: SELLER, customer: { userId: 'u-1', name: 'Ada' },
  credited: 0, creditNotes: [],
});
const tOf = (lang: 'en' | 'ru') => appT(lang, { [lang]: { account: lang === 'en' ? en : ru } }, 'account');
const purpose = (lang: 'en' | 'ru', i: InvoiceView) => invoicePurpose(i, tOf(lang), lang);

describe('what the account says an invoice was for, and countries by name (EN, RU): no codes on screen', () => {
  const period = invoice([{ kind: 'period', description: 'Builder licence, 2 units', amount: 1000, planId: 'constructor', quantity: 2, periodStart: '2026-03-01T00:00:00.000Z', periodEnd: '2026-04-01T00:00:00.000Z' }]);
  it('a service period of the builder licence', () => {
    expect(purpose('en', period)).to.equal('Builder licence (units: 2): 1 Mar 2026 – 1 Apr 2026');
    expect(purpose('ru', period)).to.equal('Лицензия конструктора (единиц: 2): 1 мар. 2026 г. – 1 апр. 2026 г.');
  });
  it('the balance of a change of plan, the unlimited plan, and account credit', () => {
    expect(purpose('en', invoice([{ kind: 'balance', description: 'x', amount: 500, planId: 'constructor', quantity: 3 }]))).to.equal('Builder licence (units: 3): balance after a change of plan');
    expect(purpose('ru', invoice([{ kind: 'period', description: 'x', amount: 500, planId: 'unlimited', planPeriod: 'annual', quantity: 1, periodStart: '2026-03-01T00:00:00.000Z', periodEnd: '2027-03-01T00:00:00.000Z' }]))).to.equal(
      'Безлимитная self-hosted (Ежегодно): 1 мар. 2026 г. – 1 мар. 2027 г.',
    );
    expect(purpose('en', invoice([{ kind: 'credit', description: 'x', amount: 500 }]))).to.equal('Account credit, used towards the next payments');
  });
  it('countries: every ISO code named in the reader’s language', () => {
    expect(countryName('GB', 'en')).to.equal('United Kingdom');
    expect(countryName('DE', 'ru')).to.equal('Германия');
    const options = countryOptions('en');
    expect(options).to.have.length(249);
    expect(options.filter((o) => o.name === o.code)).to.deep.equal([]);
  });
});

/**
 * The tax of a document as the account shows it (issue 35; the PDF states the same): the German consumer's month of
 * billing-core/src/invoice/tax.spec.ts — $79.00 + VAT 19 % $15.01 = $94.01, €13.72 at the latest ECB rate held
 * (1.0938, 11 October 2024) — its credit note of $9.40 ($7.90 + $1.50, €1.37), and a reverse-charged business.
 */
describe('the tax of invoices and credit notes in the account (EN, RU)', () => {
  const euro = { rate: '1.0938', published: '2024-10-11', stale: true };
  const seller = { id: 'relaycast', name: 'Relaycast OÜ', address: 'Tallinn', vatNumber: 'EE100931558' };
  const consumer: InvoiceView = {
    ...invoice([{ kind: 'period', description: 'x', amount: 7900, planId: 'unlimited', planPeriod: 'monthly' }]),
    total: 9401, seller, customer: { userId: 'u-1', name: 'Eva Muster', country: 'DE' },
    tax: { net: 7900, taxLines: [{ kind: 'vat', country: 'DE', rate: '0.19', amount: 1501 }], tax: 1501, gross: 9401, customerType: 'consumer', sellerVatNumber: 'EE100931558', notices: [], euro: { ...euro, tax: 1372 } },
  };
  it('a German consumer’s invoice: net, VAT 19 % (Germany), total with VAT; the VAT in euros at the latest rate held, said so', () => {
    expect(documentTax(consumer, tOf('en'), 'en')).to.deep.equal({
      rows: [{ label: 'Net', amount: '$79.00' }, { label: 'VAT 19 % (Germany)', amount: '$15.01' }, { label: 'Total incl. VAT', amount: '$94.01' }],
      notes: ['VAT in EUR at the ECB reference rate of 11 Oct 2024 (1 EUR = 1.0938 USD): €13.72. That is the latest ECB rate we held on the date of the document.'],
    });
    expect(documentTax(consumer, tOf('ru'), 'ru')).to.deep.equal({
      rows: [{ label: 'Без НДС', amount: '79,00\u00a0$' }, { label: 'НДС 19 % (Германия)', amount: '15,01\u00a0$' }, { label: 'Итого с НДС', amount: '94,01\u00a0$' }],
      notes: ['НДС в евро по справочному курсу ЕЦБ на 11 окт. 2024 г. (1 EUR = 1,0938 USD): 13,72\u00a0€. Это последний курс ЕЦБ, который был у нас на дату документа.'],
    });
  });
  it('paid from account credit: the credit used beneath the total', () => {
    const fromCredit = { ...consumer, total: 0, lines: [...consumer.lines, { kind: 'creditApplied' as const, description: 'x', amount: -9401 }] };
    expect(documentTax(fromCredit, tOf('en'), 'en').rows.at(-1)).to.deep.equal({ label: 'Account credit used', amount: '-$94.01' });
  });
  it('its credit note: $7.90 and $1.50 given back, €1.37', () => {
    const note: CreditNoteView = {
      number: 'CN-000001', seq: 1, book: 'real', issuedAt: '2026-03-05T00:00:00.000Z', invoiceNumber: 'INV-000001', reason: 'REFUND', refundedAt: '2026-03-05T00:00:00.000Z', captureId: 'C1', refundId: 'R1',
      subscriptionId: 'sub-1', userId: 'u-1', currency: 'USD', amount: 940, seller, customer: consumer.customer,
      tax: { net: 790, taxLines: [{ kind: 'vat', country: 'DE', rate: '0.19', amount: 150 }], tax: 150, gross: 940, euro: { ...euro, tax: 137 } },
    };
    const { rows, notes } = documentTax(note, tOf('en'), 'en');
    expect(rows).to.deep.equal([{ label: 'Net', amount: '-$7.90' }, { label: 'VAT 19 % (Germany)', amount: '-$1.50' }]);
    expect(notes[0]).to.match(/: -€1\.37\./);
  });
  it('a reverse-charged business: VAT 0 %, the Article 196 wording with both VAT numbers; a document without tax says none was charged', () => {
    const business: InvoiceView = {
      ...consumer, total: 7900, customer: { userId: 'u-2', name: 'Muster GmbH', country: 'DE', vatNumber: 'DE136695976' },
      tax: { net: 7900, taxLines: [{ kind: 'reverse-charge', country: 'DE', rate: '0', amount: 0 }], tax: 0, gross: 7900, customerType: 'business', sellerVatNumber: 'EE100931558', customerVatNumber: 'DE136695976', notices: [] },
    };
    const en = documentTax(business, tOf('en'), 'en');
    expect(en.rows[1]).to.deep.equal({ label: 'VAT 0 % (Germany): reverse charge', amount: '$0.00' });
    expect(en.notes).to.deep.equal(['Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC). Seller’s VAT no. EE100931558; customer’s VAT no. DE136695976.']);
    expect(documentTax(business, tOf('ru'), 'ru').notes[0]).to.equal('Обратное начисление: НДС исчисляет и уплачивает получатель (статья 196 Директивы Совета 2006/112/ЕС). Номер плательщика НДС продавца: EE100931558; покупателя: DE136695976.');
    expect(documentTax(invoice([{ kind: 'period', description: 'x', amount: 1000 }]), tOf('ru'), 'ru')).to.deep.equal({ rows: [], notes: ['Налог не начислен.'] });
  });
  it('rates as percentages: 19 %, 25.5 % / 25,5 %, 0 %', () => {
    expect([ratePercent('0.19', 'en'), ratePercent('0.255', 'en'), ratePercent('0.255', 'ru'), ratePercent('0', 'ru'), ratePercent('0.081', 'en')]).to.deep.equal(['19 %', '25.5 %', '25,5 %', '0 %', '8.1 %']);
  });
});
