import { expect } from 'chai';
import { appT } from '../../test/texts.js';
import en from '../../locales/en/common.json' with { type: 'json' };
import ru from '../../locales/ru/common.json' with { type: 'json' };
import { percentOf, taxLineText, taxNoticeTexts } from './tax.js';

const t = (lang: 'en' | 'ru') => appT(lang, { [lang]: { common: lang === 'en' ? en : ru } }, 'common');

describe('tax as people read it (EN, RU): the server’s lines in words, no codes on screen', () => {
  it('rates as percentages, exactly from their decimal strings', () => {
    expect(percentOf('0.19', 'en')).to.equal('19');
    expect(percentOf('0.2', 'en')).to.equal('20');
    expect(percentOf('0.255', 'en')).to.equal('25.5');
    expect(percentOf('0.255', 'ru')).to.equal('25,5');
    expect(percentOf('0.08125', 'en')).to.equal('8.125');
    expect(percentOf('0', 'en')).to.equal('0');
  });

  it('a German consumer’s line, a reverse charge, a customer outside the EU', () => {
    expect(taxLineText({ kind: 'vat', country: 'DE', rate: '0.19' }, t('en'), 'en')).to.equal('VAT 19 % (Germany)');
    expect(taxLineText({ kind: 'vat', country: 'DE', rate: '0.19' }, t('ru'), 'ru')).to.equal('НДС 19 % (Германия)');
    expect(taxLineText({ kind: 'reverse-charge', country: 'DE', rate: '0' }, t('en'), 'en')).to.equal('Reverse charge: VAT to be accounted for by the recipient');
    expect(taxLineText({ kind: 'reverse-charge', country: 'DE', rate: '0' }, t('ru'), 'ru')).to.equal('Обратное начисление: НДС уплачивает получатель');
    expect(taxLineText({ kind: 'outside-scope', country: 'US', rate: '0' }, t('en'), 'en')).to.equal('No EU VAT (United States)');
    // A price kept from before taxes: the VAT is inside it.
    expect(taxLineText({ kind: 'vat', country: 'FI', rate: '0.255' }, t('ru'), 'ru', true)).to.equal('в т. ч. НДС 25,5 % (Финляндия)');
  });

  it('notices worded for the customer; the seller’s own configuration notice and “no country” are not the customer’s to read', () => {
    expect(taxNoticeTexts(['vatNumberFailedCheck'], t('en'))).to.deep.equal(['This VAT number failed its check: VAT is charged as to a consumer. Check the number; if it is right, write to us.']);
    expect(taxNoticeTexts(['countryConflict'], t('ru'))[0]).to.match(/^Страна в ваших платёжных реквизитах и страна вашего аккаунта PayPal различаются/);
    expect(taxNoticeTexts(['sellerVatNumberMissing', 'noCountry'], t('en'))).to.deep.equal([]);
    for (const lang of ['en', 'ru'] as const) {
      for (const notice of ['vatNumberFailedCheck', 'vatNumberNotRegistered', 'vatNumberUnchecked', 'countryConflict'] as const) {
        expect(taxNoticeTexts([notice], t(lang))[0], `${lang} ${notice}`).to.not.match(/^tax\.|notices\./);
      }
    }
  });
});
