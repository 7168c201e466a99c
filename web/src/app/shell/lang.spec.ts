import { expect } from 'chai';
import { wantedLanguage } from './layout/useAppEffects.js';
import { langFromPath, localizePath, normalizeLanguage, preferredLanguage, resolveLanguage, stripLang } from './lang.js';

describe('language normaliser', () => {
  it('maps regional aliases to their base language', () => {
    expect(normalizeLanguage('ru-RU')).to.equal('ru');
    expect(normalizeLanguage('en-GB')).to.equal('en');
    expect(normalizeLanguage('en_US')).to.equal('en');
    expect(normalizeLanguage('de-AT')).to.equal('de');
    expect(normalizeLanguage('pt-PT')).to.equal('pt');
  });

  it('keeps zh-CN (and other distinct regional codes) distinct', () => {
    expect(normalizeLanguage('zh-CN')).to.equal('zh-CN');
    expect(normalizeLanguage('zh-cn')).to.equal('zh-CN');
    expect(normalizeLanguage('zh-TW')).to.equal('zh-TW');
    expect(normalizeLanguage('pt-BR')).to.equal('pt-BR');
    expect(normalizeLanguage('zh-Hans-CN')).to.equal('zh-CN');
    expect(normalizeLanguage('zh-HK')).to.equal('zh-TW');
  });

  it('resolves legacy codes and falls back to English for unknown or empty tags', () => {
    expect(normalizeLanguage('iw')).to.equal('he');
    expect(normalizeLanguage('nb-NO')).to.equal('no');
    expect(normalizeLanguage('xx-YY')).to.equal('en');
    expect(normalizeLanguage('klingon')).to.equal('en');
    expect(normalizeLanguage('')).to.equal('en');
    expect(normalizeLanguage(undefined)).to.equal('en');
  });

  it('resolves the interface language: only en and ru are spoken, everything else is English', () => {
    expect(resolveLanguage('ru-UA')).to.equal('ru');
    expect(resolveLanguage('zh-CN')).to.equal('en');
    expect(resolveLanguage('de')).to.equal('en');
  });

  it('picks the first preferred browser language the site speaks', () => {
    expect(preferredLanguage(['de-DE', 'ru-RU', 'en'])).to.equal('ru');
    expect(preferredLanguage(['en-GB', 'ru'])).to.equal('en');
    expect(preferredLanguage(['de', 'fr'])).to.equal(null);
    expect(preferredLanguage([])).to.equal(null);
  });
});

describe('language in URLs', () => {
  it('English at the seed paths, Russian under /ru', () => {
    expect(localizePath('/products/multi-streaming', 'ru')).to.equal('/ru/products/multi-streaming');
    expect(localizePath('/', 'ru')).to.equal('/ru');
    expect(localizePath('/ru/faq', 'en')).to.equal('/faq');
    expect(localizePath('/ru', 'en')).to.equal('/');
    expect(localizePath('/ru/faq', 'ru')).to.equal('/ru/faq');
    expect(stripLang('/ru/api-docs/video-players')).to.equal('/api-docs/video-players');
    expect(stripLang('/rules')).to.equal('/rules');
    expect(langFromPath('/ru')).to.equal('ru');
    expect(langFromPath('/ru/news')).to.equal('ru');
    expect(langFromPath('/rules')).to.equal('en');
  });

  it('a first view follows the saved choice, else the browser language from English pages only', () => {
    expect(wantedLanguage('en', null, ['ru-RU'])).to.equal('ru');
    expect(wantedLanguage('en', null, ['en-US'])).to.equal(null);
    expect(wantedLanguage('ru', null, ['en-US'])).to.equal(null);
    expect(wantedLanguage('ru', 'en', ['ru-RU'])).to.equal('en');
    expect(wantedLanguage('en', 'en', ['ru-RU'])).to.equal(null);
    expect(wantedLanguage('en', 'de', ['ru-RU'])).to.equal('ru');
  });
});
