import { expect } from 'chai';
import type { InvoiceView } from '@relaycast/contracts';
import { appT } from '../../test/texts.js';
import en from '../../locales/en/account.json' with { type: 'json' };
import ru from '../../locales/ru/account.json' with { type: 'json' };
import { countryName, countryOptions, invoicePurpose } from './invoiceText.js';

const SELLER = { id: 'relaycast', name: 'Relaycast', address: '' };
const invoice = (lines: InvoiceView['lines']): InvoiceView => ({
  number: 'INV-000001', seq: 1, book: 'real', issuedAt: '2026-03-01T00:00:00.000Z', paidAt: '2026-03-01T00:00:00.000Z', captureId: 'C1', paypalOrderID: 'O1',
  subscriptionId: 'sub-1', userId: 'u-1', subscriptionName: 'Main', currency: 'USD', total: 1000, lines, seller: SELLER, customer: { userId: 'u-1', name: 'Ada' },
  credited: 0, creditNotes: [],
});
const purpose = (lang: 'en' | 'ru', i: InvoiceView) => {
  return invoicePurpose(i, appT(lang, { [lang]: { account: lang === 'en' ? en : ru } }, 'account'), lang);
};

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
