import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { createI18n } from '../app/i18n.js';
import small from './i18next.js';
import { matchPath } from './router.js';
import { matchPath as routerMatchPath } from 'react-router';
import { ALL_PAGES } from '../app/pages.js';

const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../locales');
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const lang of readdirSync(localesDir).filter((d) => /^[a-z]{2}$/.test(d))) {
  for (const file of readdirSync(path.join(localesDir, lang)).filter((f) => f.endsWith('.json'))) {
    (resources[lang] ??= {})[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(path.join(localesDir, lang, file), 'utf8')) as Record<string, unknown>;
  }
}

/** Every key path to a text in a namespace, with the placeholders each text names. */
function texts(obj: unknown, prefix = ''): { key: string; names: string[] }[] {
  if (typeof obj === 'string') return [{ key: prefix, names: [...obj.matchAll(/\{\{-?\s*([^},\s]+)\s*\}\}/g)].map((m) => m[1]!) }];
  if (obj === null || typeof obj !== 'object') return [];
  return Object.entries(obj).flatMap(([k, v]) => texts(v, prefix ? `${prefix}.${k}` : k));
}

describe('public pages: the small i18next and router stand-ins (src/public)', () => {
  it('give every text of every namespace, in both languages, exactly as i18next does (with and without its values)', () => {
    let compared = 0;
    for (const [lang, namespaces] of Object.entries(resources)) {
      const real = createI18n(lang as 'en' | 'ru', resources);
      const mine = small.createInstance();
      void mine.init({ lng: lang, resources, defaultNS: 'common' });
      for (const [ns, content] of Object.entries(namespaces)) {
        const realT = real.getFixedT(lang, ['common', ns]);
        const myT = mine.getFixedT(lang, ['common', ns]);
        for (const { key, names } of texts(content)) {
          const values = Object.fromEntries(names.map((n, i) => [n, `v${i}`]));
          expect(myT(key), `${lang}/${ns}:${key}`).to.equal(realT(key));
          expect(myT(key, values), `${lang}/${ns}:${key} with values`).to.equal(realT(key, values));
          expect(myT(`${ns}:${key}`), `${lang} ${ns}:${key}`).to.equal(realT(`${ns}:${key}`));
          compared++;
        }
      }
      expect(mine.getFixedT(lang, 'common')('no.such.key')).to.equal(real.getFixedT(lang, 'common')('no.such.key'));
      expect(mine.getFixedT(lang, 'common')('no.such.key', { defaultValue: 'Fallback {{x}}', x: 1 })).to.equal(real.getFixedT(lang, 'common')('no.such.key', { defaultValue: 'Fallback {{x}}', x: 1 }));
    }
    expect(compared).to.be.greaterThan(1000);
  });

  it('match every route of the table as React Router does', () => {
    const paths = ['/', '/pricing', '/products/multi-streaming', '/products/x/y', '/api-docs/video-players', '/vod-group-player/abc', '/conferences/42', '/admin/users/7/edit', '/user/subscriptions', '/auth/sign-in', '/nope', '/PRICING'];
    for (const route of ALL_PAGES) {
      for (const p of [...paths, route.path]) {
        const a = routerMatchPath({ path: route.path, end: true }, p);
        const b = matchPath({ path: route.path, end: true }, p);
        expect(b === null, `${route.path} vs ${p}`).to.equal(a === null);
        if (a && b) expect(b.params, `${route.path} vs ${p}`).to.deep.equal({ ...a.params });
      }
    }
  });
});
