import { expect } from 'chai';
import { MESSAGE_TEMPLATES } from '@relaycast/contracts';
import { wordsIn } from './index.js';
import { DOCUMENT_WORDS } from './documents.js';

/** The server's own words through i18next: plural forms by each language's rules, and every text in both languages. */
describe('server words (i18next, EN and RU)', () => {
  const en = wordsIn('en');
  const ru = wordsIn('ru');

  it('months: 1 month / 2 months; 1 месяц / 2 месяца / 5 месяцев, and 21 месяц, 22 месяца, 11 месяцев', () => {
    expect([1, 2, 12].map((count) => en.t('months', { count }))).to.deep.equal(['1 month', '2 months', '12 months']);
    expect([1, 2, 5, 11, 21, 22, 25].map((count) => ru.t('months', { count }))).to.deep.equal(['1 месяц', '2 месяца', '5 месяцев', '11 месяцев', '21 месяц', '22 месяца', '25 месяцев']);
  });

  it('days and licence units: 7 days / 7 дней, 1 licence unit / 3 единицы лицензии / 20 единиц лицензии', () => {
    expect([1, 7].map((count) => en.t('days', { count }))).to.deep.equal(['1 day', '7 days']);
    expect([1, 3, 7].map((count) => ru.t('days', { count }))).to.deep.equal(['1 день', '3 дня', '7 дней']);
    expect([1, 3].map((count) => en.t('units', { count }))).to.deep.equal(['1 licence unit', '3 licence units']);
    expect([1, 3, 20].map((count) => ru.t('units', { count }))).to.deep.equal(['1 единица лицензии', '3 единицы лицензии', '20 единиц лицензии']);
  });

  it('every month, every 12 months; каждый месяц, каждые 3 месяца, каждые 12 месяцев', () => {
    expect([en.t('everyMonth'), en.t('everyMonths', { count: 12 })]).to.deep.equal(['every month', 'every 12 months']);
    expect([ru.t('everyMonth'), ru.t('everyMonths', { count: 3 }), ru.t('everyMonths', { count: 12 })]).to.deep.equal(['каждый месяц', 'каждые 3 месяца', 'каждые 12 месяцев']);
  });

  it('a value with its own full stop ends the sentence (a Russian date), else the text’s stop does', () => {
    expect(ru.t('mail:cancellation-scheduled.subject', { subscription: 'A', date: '8 марта 2026 г.' })).to.equal('«A» будет отменена 8 марта 2026 г.');
    expect(en.t('pausedAdmin', { subscription: 'A', until: '' })).to.equal('A was paused by our team.');
    expect(ru.t('pausedAdmin', { subscription: 'A', until: ' до 8 марта 2026 г.' })).to.equal('Подписка «A» приостановлена нашей командой до 8 марта 2026 г.');
  });

  it('every phrase e-mails use exists in both languages — a text equal to its key (“unsubscribe”) included — and a missing one throws', () => {
    for (const key of ['reasonNoWallet', 'reasonDeclined', 'trialNextPay', 'annualNextWallet', 'annualNextPay', 'pausedUntil', 'accountAction', 'cancelledUnpaid', 'cancelledTakenBack', 'adminWho', 'userWho', 'footerSettings', 'demo', 'unsubscribe']) {
      for (const w of [en, ru]) expect(w.t(key, { date: 'D', amount: 'A' }), `${w.lang} ${key}`).to.be.a('string').that.is.not.empty;
    }
    expect(en.t('unsubscribe')).to.equal('unsubscribe');
    expect(() => en.t('noSuchPhrase')).to.throw(/no text noSuchPhrase in en/);
  });

  it('a placeholder without a value is a bug, thrown (not sent as “{name}”)', () => {
    expect(() => en.t('mail:payment-received.subject', { amount: '$10' })).to.throw(/no value for \{subscription\}/);
  });

  it('each message has its subject, heading and paragraphs in both languages, and the unsubscribe page its words', () => {
    for (const template of MESSAGE_TEMPLATES) {
      for (const w of [en, ru]) {
        for (const part of ['subject', 'preview', 'heading']) expect(w.has(`mail:${template}.${part}`), `${w.lang} ${template}.${part}`).to.equal(true);
        expect(w.has(`mail:${template}.paragraphs`), `${w.lang} ${template}.paragraphs`).to.equal(true);
      }
    }
    expect(ru.t('pages:unsubscribe.done', { email: 'a@b.c' })).to.equal('Готово: напоминания на a@b.c больше не придут. Включить их снова можно в профиле.');
  });

  it('invoices and credit notes: every text in both languages with the same placeholders; “3 единицы”, “5 единиц”', () => {
    const flat = (words: object, prefix = ''): Record<string, string> =>
      Object.fromEntries(Object.entries(words).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k.replace(/_(one|few|many|other)$/, '')}`, v]] : Object.entries(flat(v, `${k}.`)))));
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
    const en = flat(DOCUMENT_WORDS.en);
    const ru = flat(DOCUMENT_WORDS.ru);
    expect(Object.keys(ru).sort()).to.deep.equal(Object.keys(en).sort());
    for (const key of Object.keys(en)) expect(placeholders(ru[key]!), key).to.deep.equal(placeholders(en[key]!));
    expect([3, 5, 21].map((count) => wordsIn('ru').t('documents:units', { count }))).to.deep.equal(['3 единицы', '5 единиц', '21 единица']);
  });
});
