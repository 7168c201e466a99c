import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { act, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../app/i18n.js';
import { i18nextTexts } from '../app/seams.js';
import { LangContext, useT } from '../app/shell/hooks.js';
import { TextsProvider, useTexts, type Resources, type TFunction } from '../app/shell/texts.js';
import { inPage } from '../test/islands.js';
import { embeddedTexts } from './texts.js';

const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../locales');
const site: Resources = {};
for (const lang of readdirSync(localesDir).filter((d) => /^[a-z]{2}$/.test(d))) {
  for (const file of readdirSync(path.join(localesDir, lang)).filter((f) => f.endsWith('.json'))) {
    (site[lang] ??= {})[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(path.join(localesDir, lang, file), 'utf8')) as Record<string, unknown>;
  }
}

/** Every key path to a text in a namespace, with the placeholders each text names. */
function texts(obj: unknown, prefix = ''): { key: string; names: string[] }[] {
  if (typeof obj === 'string') return [{ key: prefix, names: [...obj.matchAll(/\{\{-?\s*([^},\s]+)\s*\}\}/g)].map((m) => m[1]!) }];
  if (obj === null || typeof obj !== 'object') return [];
  return Object.entries(obj).flatMap(([k, v]) => texts(v, prefix ? `${prefix}.${k}` : k));
}

type Implementation = (resources: Resources, lang: 'en' | 'ru', children: ReactNode) => ReactNode;
const IMPLEMENTATIONS: [string, Implementation][] = [
  [
    'i18next (the app)',
    (resources, lang, children) => (
      <I18nextProvider i18n={createI18n(lang, resources)}>
        <TextsProvider value={i18nextTexts}>
          <LangContext.Provider value={lang}>{children}</LangContext.Provider>
        </TextsProvider>
      </I18nextProvider>
    ),
  ],
  [
    'the embedded texts (the islands)',
    (resources, lang, children) => (
      <TextsProvider value={embeddedTexts(resources)}>
        <LangContext.Provider value={lang}>{children}</LangContext.Provider>
      </TextsProvider>
    ),
  ],
];

/** What `ask` reads through useT(namespaces) (and the namespace itself), in each implementation. */
function read<T>(resources: Resources, lang: 'en' | 'ru', namespaces: string | string[] | undefined, ask: (t: TFunction, bundle: (ns: string) => unknown) => T): T[] {
  return IMPLEMENTATIONS.map(([, wrap]) => {
    let out: T | undefined;
    function Probe() {
      const { t } = useT(namespaces);
      const texts = useTexts();
      out = ask(t, (ns) => texts.useNamespace(ns, lang));
      return null;
    }
    renderToString(wrap(resources, lang, <Probe />));
    return out as T;
  });
}

describe('the texts seam: the islands’ implementation against i18next and react-i18next', () => {
  it('gives every text of every namespace, in both languages, as the app does: with and without its values, by `ns:key`, in its namespace or another', () => {
    let compared = 0;
    for (const [lang, namespaces] of Object.entries(site) as ['en' | 'ru', Resources[string]][]) {
      for (const [ns, content] of Object.entries(namespaces)) {
        const keys = texts(content);
        const ask = (t: TFunction) =>
          keys.flatMap(({ key, names }) => {
            const values = Object.fromEntries(names.map((n, i) => [n, `v${i}`]));
            return [t(key), t(key, values), t(`${ns}:${key}`), t(key, { ns }), t(key, { ns: ['nowhere', ns] })];
          });
        // The namespace as the component's own, and from a component of the common namespace (which has its own keys).
        const [app, islands] = read(site, lang, [ns, 'common'], ask);
        expect(islands, `${lang}/${ns}`).to.deep.equal(app);
        const [appCommon, islandsCommon] = read(site, lang, undefined, ask);
        expect(islandsCommon, `${lang}/${ns} from common`).to.deep.equal(appCommon);
        const [appBundle, islandsBundle] = read(site, lang, ns, (_t, bundle) => bundle(ns));
        expect(islandsBundle, `${lang}/${ns} as a whole`).to.equal(appBundle);
        compared += keys.length;
      }
    }
    expect(compared).to.be.greaterThan(3000);
  });

  it('picks plural forms, fills placeholders, falls back and defaults as i18next does', () => {
    const resources: Resources = {
      en: {
        p: { item_one: '{{count}} item', item_other: '{{count}} items', empty: '', 'flat.key': 'flat', flat: { deep: 'deep' }, who: 'Hello {{ user.name }}, {{missing}}', raw: '<b>{{html}}</b>' },
        other: { only: 'from other' },
      },
      ru: {
        p: { item_one: '{{count}} предмет', item_few: '{{count}} предмета', item_many: '{{count}} предметов', item_other: '{{count}} предмета (дробь)', plain: 'без форм' },
        other: {},
      },
    };
    const ask = (t: TFunction) => [
      ...[0, 1, 2, 5, 11, 21, 22, 25, 101, 1.5].flatMap((count) => [t('item', { count }), t('plain', { count })]),
      t('empty'),
      t(['empty', 'flat.key']),
      t(['missing', 'flat.deep']),
      t('flat.key'),
      t('who', { user: { name: 'Ada' } }),
      t('raw', { html: '<i>x</i>' }),
      t('absent'),
      t('other:absent'),
      t('absent', { defaultValue: 'Default {{n}}', n: 3 }),
      t('only'),
      t('other:only'),
    ];
    for (const lang of ['en', 'ru'] as const) {
      const [app, islands] = read(resources, lang, ['p', 'other'], ask);
      expect(islands, lang).to.deep.equal(app);
    }
    // Written out: the Russian forms by number, a key with no text saying itself (the last of several), the second
    // namespace not searched.
    const [, islands] = read(resources, 'ru', ['p', 'other'], (t) => [1, 3, 5, 21, 1.5].map((count) => t('item', { count })).concat(t('absent'), t(['a', 'b']), t('only')));
    expect(islands).to.deep.equal(['1 предмет', '3 предмета', '5 предметов', '21 предмет', '1.5 предмета (дробь)', 'absent', 'b', 'only']);
  });

  it('keeps one t while its namespaces and language stay (effects may list it)', () =>
    inPage('/faq', '', async () => {
      for (const [name, wrap] of IMPLEMENTATIONS) {
        const seen: TFunction[] = [];
        let rerender = () => {};
        function Probe() {
          const [, setTick] = useState(0);
          rerender = () => setTick((n) => n + 1);
          seen.push(useT(['page-faq', 'common']).t);
          return null;
        }
        const root = createRoot(document.createElement('div'));
        act(() => root.render(wrap(site, 'en', <Probe />)));
        act(() => rerender());
        act(() => root.unmount());
        expect(seen.length, name).to.equal(2);
        expect(seen[1], name).to.equal(seen[0]);
      }
    }));
});
