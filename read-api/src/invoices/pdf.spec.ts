import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { CreditNoteView, InvoiceView } from '@relaycast/contracts';
import { creditNotePdf, invoicePdf } from './pdf.js';

/**
 * What the invoice and credit-note PDFs say (issue 35, docs/tax.md "Invoices and credit notes"), read back with
 * poppler's `pdftotext -layout`, in English and Russian. The documents are those billing-core/src/invoice/tax.spec.ts
 * works out by hand: the seller in Estonia (EE100931558), the unlimited plan's month at $79.00 net, paid on 1 March 2026.
 *
 * - A German consumer: VAT 19 % ⌊7900 × 0.19 + ½⌋ = $15.01, total $94.01; in euros at the latest ECB rate held (1.0938
 *   dollars for a euro, of 11 October 2024: stale) ⌊1501 / 1.0938 + ½⌋ = €13.72. Its credit note CN-000001 gives back
 *   $9.40: VAT ⌊1501 × 940 / 9401 + ½⌋ = $1.50, net $7.90, €1.37.
 * - A German business with DE136695976: reverse charge, $79.00, no VAT, both VAT numbers; refunded in full: $79.00 back,
 *   no VAT.
 */

const MAR_1 = '2026-03-01T10:00:00.000Z';
const SELLER = { id: 'relaycast', name: 'Relaycast OÜ', address: 'Narva mnt 5\n10117 Tallinn\nEstonia', registrationNumber: '14123456', vatNumber: 'EE100931558' };
const EVA = { userId: 'user-1', name: 'Eva Muster', address: 'Hauptstraße 1\n10115 Berlin', country: 'DE' };
const MONTH_LINE = {
  kind: 'period' as const,
  description: 'Self-hosted unlimited licence (monthly) — service period 2026-03-01 to 2026-04-01',
  amount: 7900,
  planId: 'unlimited' as const,
  planPeriod: 'monthly' as const,
  quantity: 1,
  modules: [],
  periodStart: MAR_1,
  periodEnd: '2026-04-01T10:00:00.000Z',
};
const STALE_EURO = { rate: '1.0938', published: '2024-10-11', stale: true };

const consumerInvoice: InvoiceView = {
  number: 'INV-000001', seq: 1, book: 'real', issuedAt: '2026-03-01T10:00:01.000Z', paidAt: MAR_1, captureId: 'CAP-1', paypalOrderID: 'ORDER-1',
  subscriptionId: 'sub-1', userId: 'user-1', subscriptionName: 'Subscription 2026-03-01', currency: 'USD', total: 9401, lines: [MONTH_LINE],
  tax: { net: 7900, taxLines: [{ kind: 'vat', country: 'DE', rate: '0.19', amount: 1501 }], tax: 1501, gross: 9401, customerType: 'consumer', sellerVatNumber: 'EE100931558', notices: [], euro: { ...STALE_EURO, tax: 1372 } },
  seller: SELLER, customer: EVA, credited: 940, creditNotes: [{ number: 'CN-000001', amount: 940, issuedAt: '2026-03-05T09:00:00.000Z', reason: 'REFUND' }],
};
const consumerNote: CreditNoteView = {
  number: 'CN-000001', seq: 1, book: 'real', issuedAt: '2026-03-05T09:00:00.000Z', invoiceNumber: 'INV-000001', reason: 'REFUND', refundedAt: '2026-03-05T09:00:00.000Z',
  captureId: 'CAP-1', refundId: 'RF-1', subscriptionId: 'sub-1', userId: 'user-1', currency: 'USD', amount: 940,
  tax: { net: 790, taxLines: [{ kind: 'vat', country: 'DE', rate: '0.19', amount: 150 }], tax: 150, gross: 940, euro: { ...STALE_EURO, tax: 137 } },
  seller: SELLER, customer: EVA,
};
const MUSTER = { userId: 'user-2', name: 'Eva Muster', company: 'Muster GmbH', address: 'Hauptstraße 1\n10115 Berlin', country: 'DE', vatNumber: 'DE136695976' };
const businessInvoice: InvoiceView = {
  ...consumerInvoice, number: 'INV-000002', seq: 2, userId: 'user-2', captureId: 'CAP-2', paypalOrderID: 'ORDER-2', total: 7900, credited: 7900,
  creditNotes: [{ number: 'CN-000002', amount: 7900, issuedAt: '2026-03-06T09:00:00.000Z', reason: 'REFUND' }],
  tax: { net: 7900, taxLines: [{ kind: 'reverse-charge', country: 'DE', rate: '0', amount: 0 }], tax: 0, gross: 7900, customerType: 'business', sellerVatNumber: 'EE100931558', customerVatNumber: 'DE136695976', notices: [] },
  customer: MUSTER,
};
const businessNote: CreditNoteView = {
  ...consumerNote, number: 'CN-000002', seq: 2, invoiceNumber: 'INV-000002', issuedAt: '2026-03-06T09:00:00.000Z', refundedAt: '2026-03-06T09:00:00.000Z', captureId: 'CAP-2', refundId: 'RF-2', userId: 'user-2', amount: 7900,
  tax: { net: 7900, taxLines: [{ kind: 'reverse-charge', country: 'DE', rate: '0', amount: 0 }], tax: 0, gross: 7900 },
  customer: MUSTER,
};

const REVERSE_CHARGE_EN = 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC). Seller’s VAT no. EE100931558; customer’s VAT no. DE136695976.';
const REVERSE_CHARGE_RU = 'Обратное начисление: НДС исчисляет и уплачивает получатель (статья 196 Директивы Совета 2006/112/ЕС). Номер плательщика НДС продавца: EE100931558; покупателя: DE136695976.';

describe('invoice and credit-note PDFs with VAT, in English and Russian (pdftotext)', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'relaycast-pdf-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** The PDF's text as laid out: `rows`, each line with its columns joined by " | "; `flat`, every run of spaces one. */
  function read(pdf: Buffer): { rows: string[]; flat: string } {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    return { rows: text.split('\n').map((l) => l.trim().replace(/\s{2,}/g, ' | ')).filter(Boolean), flat: text.replace(/\s+/g, ' ') };
  }

  it('a German consumer’s invoice, English: both parties, the line before VAT, net / VAT 19 % (Germany) / VAT / gross, the VAT in euros at the latest ECB rate held, said so', async () => {
    const { rows, flat } = read(await invoicePdf(consumerInvoice, 'en'));
    for (const shown of ['Relaycast OÜ', 'VAT no. EE100931558', 'Registration no. 14123456', 'INVOICE', 'BILL TO', 'Eva Muster', 'Hauptstraße 1', '10115 Berlin', 'Germany']) expect(flat, shown).to.include(shown);
    for (const fact of ['Invoice number INV-000001', 'Date of issue 1 March 2026', 'Payment received 1 March 2026, by PayPal', 'Currency USD (US Dollar)']) expect(flat, fact).to.include(fact);
    expect(rows).to.include.members([
      'DESCRIPTION | AMOUNT',
      'Total excluding VAT | $79.00',
      'VAT 19 % (Germany) | $15.01',
      'Total VAT | $15.01',
      'Total including VAT | $94.01',
      'VAT in EUR at the ECB reference rate of 11 October 2024 | €13.72',
    ]);
    // The line's amount stands beside its first line.
    expect(flat.replace(' $79.00 ', ' ')).to.include('Self-hosted unlimited licence (monthly) — service period 1 March 2026 to 1 April 2026');
    expect(rows.filter((r) => r.startsWith('Self-hosted unlimited licence'))).to.have.length(1).and.satisfy((r: string[]) => r[0]!.endsWith(' | $79.00'));
    expect(flat).to.include('ECB reference rate of 11 October 2024: 1 EUR = 1.0938 USD, the latest rate we held on the date of this document.');
    expect(flat).to.include('Paid in full by PayPal on 1 March 2026: nothing is due on this invoice.');
    expect(flat).to.include('Credit notes against this invoice: CN-000001 ($9.40, 5 March 2026). Credited in all: $9.40.');
    expect(flat).to.not.include('No tax charged').and.not.include('Reverse charge');
  });

  it('the same invoice in Russian: СЧЁТ, НДС 19 % (Германия), the line worded from its facts, dates and money as Russian writes them', async () => {
    const { rows, flat } = read(await invoicePdf(consumerInvoice, 'ru'));
    for (const shown of ['СЧЁТ', 'ПЛАТЕЛЬЩИК', 'Номер НДС EE100931558', 'Рег. номер 14123456', 'Германия']) expect(flat, shown).to.include(shown);
    for (const fact of ['Номер счёта INV-000001', 'Дата выставления 1 марта 2026 г.', 'Оплата получена 1 марта 2026 г., через PayPal', 'Подписка Подписка от 1 мар. 2026 г.', 'Валюта USD (доллар США)']) expect(flat, fact).to.include(fact);
    expect(rows).to.include.members(['НАИМЕНОВАНИЕ | СУММА', 'Итого без НДС | 79,00 $', 'НДС 19 % (Германия) | 15,01 $', 'Итого НДС | 15,01 $', 'Итого с НДС | 94,01 $', 'НДС в евро по курсу ЕЦБ на 11 октября 2024 г. | 13,72 €']);
    expect(flat.replace(' 79,00 $ ', ' ')).to.include('Безлимитная лицензия self-hosted (помесячно) — период обслуживания с 1 марта 2026 г. по 1 апреля 2026 г.');
    expect(flat).to.include('Справочный курс ЕЦБ на 11 октября 2024 г.: 1 EUR = 1,0938 USD — последний курс, который был у нас на дату этого документа.');
    expect(flat).to.include('Кредит-ноты к этому счёту: CN-000001 (9,40 $, 5 марта 2026 г.). Всего возвращено: 9,40 $.');
    expect(flat).to.not.match(/INVOICE|Total|VAT no\./);
  });

  it('its credit note CN-000001, both languages: refers to INV-000001, $9.40 given back split into $7.90 net and $1.50 VAT 19 % (Germany), €1.37', async () => {
    const en = read(await creditNotePdf(consumerNote, consumerInvoice, 'en'));
    for (const fact of ['CREDIT NOTE', 'Credit note number CN-000001', 'Date of issue 5 March 2026', 'Refers to invoice INV-000001 of 1 March 2026', 'Reason Refund', 'Money returned 5 March 2026, by PayPal']) expect(en.flat, fact).to.include(fact);
    expect(en.flat.replace(' −$7.90 ', ' ')).to.include('Refund of the payment on invoice INV-000001 (invoice total $94.01), excluding VAT');
    expect(en.rows).to.include.members(['Total excluding VAT | −$7.90', 'VAT 19 % (Germany) | −$1.50', 'Total VAT | −$1.50', 'Total credited including VAT | −$9.40', 'VAT in EUR at the ECB reference rate of 11 October 2024 | −€1.37']);
    expect(en.flat).to.include('The amount was returned to the PayPal account that paid invoice INV-000001.');

    const ru = read(await creditNotePdf(consumerNote, consumerInvoice, 'ru'));
    for (const fact of ['КРЕДИТ-НОТА', 'Номер кредит-ноты CN-000001', 'К счёту INV-000001 от 1 марта 2026 г.', 'Причина Возврат']) expect(ru.flat, fact).to.include(fact);
    expect(ru.flat).to.include('Возврат платежа по счёту INV-000001 (сумма счёта 94,01 $), без НДС −7,90 $');
    expect(ru.rows).to.include.members(['Итого без НДС | −7,90 $', 'НДС 19 % (Германия) | −1,50 $', 'Итого НДС | −1,50 $', 'Итого возвращено с НДС | −9,40 $', 'НДС в евро по курсу ЕЦБ на 11 октября 2024 г. | −1,37 €']);
  });

  it('a reverse-charged German business, both languages: $79.00, VAT 0 % (Germany): reverse charge, Article 196 with both VAT numbers; its credit note says it again', async () => {
    const en = read(await invoicePdf(businessInvoice, 'en'));
    for (const shown of ['Muster GmbH', 'VAT no. DE136695976', 'VAT no. EE100931558']) expect(en.flat, shown).to.include(shown);
    expect(en.rows).to.include.members(['Total excluding VAT | $79.00', 'VAT 0 % (Germany): reverse charge | $0.00', 'Total VAT | $0.00', 'Total including VAT | $79.00']);
    expect(en.flat).to.include(REVERSE_CHARGE_EN);
    expect(en.flat, 'no VAT, so no VAT in euros').to.not.include('EUR');

    const ru = read(await invoicePdf(businessInvoice, 'ru'));
    expect(ru.rows).to.include.members(['Итого без НДС | 79,00 $', 'НДС 0 % (Германия): обратное начисление | 0,00 $', 'Итого с НДС | 79,00 $']);
    expect(ru.flat).to.include(REVERSE_CHARGE_RU).and.include('Номер НДС DE136695976');

    const note = read(await creditNotePdf(businessNote, businessInvoice, 'en'));
    expect(note.rows).to.include.members(['Total excluding VAT | −$79.00', 'VAT 0 % (Germany): reverse charge | $0.00', 'Total credited including VAT | −$79.00']);
    expect(note.flat).to.include(REVERSE_CHARGE_EN);
    expect(read(await creditNotePdf(businessNote, businessInvoice, 'ru')).flat).to.include(REVERSE_CHARGE_RU);
  });

  it('outside the scope (a US customer), a period paid from account credit alone, a failed VAT number and VAT carved out of a kept price', async () => {
    const us: InvoiceView = {
      ...consumerInvoice, total: 7900, credited: 0, creditNotes: [], customer: { userId: 'user-3', name: 'Sam Smith', country: 'US' },
      tax: { net: 7900, taxLines: [{ kind: 'outside-scope', country: 'US', rate: '0', amount: 0 }], tax: 0, gross: 7900, customerType: 'consumer', sellerVatNumber: 'EE100931558', notices: [] },
    };
    const outside = read(await invoicePdf(us, 'en'));
    expect(outside.rows).to.include('No VAT (United States): outside the scope of EU VAT | $0.00');
    expect(outside.flat).to.include('Not subject to EU VAT: the place of supply is outside the EU.');
    expect(read(await invoicePdf(us, 'ru')).flat).to.include('Без НДС (Соединенные Штаты): вне сферы действия НДС ЕС').and.include('Не облагается НДС ЕС: место оказания услуг находится за пределами ЕС.');

    // tax.spec.ts: $79.00 + $15.01 VAT paid with $94.01 of account credit: nothing captured.
    const fromCredit: InvoiceView = { ...consumerInvoice, total: 0, credited: 0, creditNotes: [], lines: [MONTH_LINE, { kind: 'creditApplied', description: 'Account credit used ($94.01 received earlier)', amount: -9401 }] };
    const credit = read(await invoicePdf(fromCredit, 'en'));
    expect(credit.rows).to.include.members(['Total including VAT | $94.01', 'Account credit used (received earlier) | −$94.01', 'Amount paid | $0.00']);
    expect(credit.flat).to.include('Payment received 1 March 2026, from account credit').and.include('Paid in full from account credit on 1 March 2026').and.not.include('PayPal order');
    const creditRu = read(await invoicePdf(fromCredit, 'ru'));
    expect(creditRu.rows).to.include.members(['Зачтены средства со счёта (полученные ранее) | −94,01 $', 'Оплачено | 0,00 $']);

    // A number with wrong check digits: VAT as to a consumer, and why. A price kept from before taxes: the VAT inside it.
    const failed: InvoiceView = { ...consumerInvoice, customer: { ...EVA, vatNumber: 'DE136695977' }, tax: { ...consumerInvoice.tax!, notices: ['vatNumberFailedCheck', 'sellerVatNumberMissing'] } };
    const failedText = read(await invoicePdf(failed, 'en')).flat;
    expect(failedText).to.include('The VAT number DE136695977 did not pass its check: VAT is charged as to a consumer.').and.not.include('sellerVatNumberMissing');
    const carved: InvoiceView = { ...consumerInvoice, total: 7900, tax: { ...consumerInvoice.tax!, net: 6639, taxLines: [{ kind: 'vat', country: 'DE', rate: '0.19', amount: 1261 }], tax: 1261, gross: 7900, included: true, euro: { ...STALE_EURO, tax: 1153 } } };
    const carvedText = read(await invoicePdf(carved, 'en'));
    expect(carvedText.rows).to.include.members(['Total excluding VAT | $66.39', 'VAT 19 % (Germany) | $12.61', 'Total including VAT | $79.00', 'VAT in EUR at the ECB reference rate of 11 October 2024 | €11.53']);
    expect(carvedText.flat).to.include('The VAT is included in the price paid.');
  });

  it('an invoice and a credit note without tax (before taxes) print as before: "No tax charged", the total paid; in Russian, that no tax was charged', async () => {
    const { tax: _invoiceTax, ...untaxed } = { ...consumerInvoice, total: 7900, credited: 0, creditNotes: [] };
    const en = read(await invoicePdf(untaxed, 'en'));
    expect(en.rows).to.include('Total paid | $79.00');
    expect(en.flat).to.include('No tax charged: no VAT, sales tax or other tax was computed on this document; the amounts are the amounts paid.').and.not.include('Total excluding VAT');
    expect(read(await invoicePdf(untaxed, 'ru')).flat).to.include('Налог не начислен: НДС, налог с продаж и другие налоги в этом документе не исчислялись').and.include('Итого оплачено 79,00 $');
    const { tax: _noteTax, ...untaxedNote } = consumerNote;
    const note = read(await creditNotePdf(untaxedNote, untaxed, 'en'));
    expect(note.rows).to.include('Total credited | −$9.40');
    expect(note.flat).to.include('Refund of the payment on invoice INV-000001 (invoice total $79.00) −$9.40').and.include('No tax charged');
  });
});
