import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRODUCT_FAQ_RANGE, PRODUCT_SLUGS } from '@relaycast/contracts/constants';
import { ALL_PAGES } from '../app/pages.js';
import { matchPage } from '../app/routing.js';
import { EXAMPLES } from '../features/content/docs/examples.js';

const dir = path.dirname(fileURLToPath(import.meta.url));
type Json = unknown;
function load(lang: string): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const f of readdirSync(path.join(dir, lang))) out[f.replace(/\.json$/, '')] = JSON.parse(readFileSync(path.join(dir, lang, f), 'utf8'));
  return out;
}
const en = load('en');
const ru = load('ru');

/** The shape of a JSON value: keys of objects, length of arrays, kind of leaves. */
function shape(v: Json, at = ''): string[] {
  if (Array.isArray(v)) return [`${at}[${v.length}]`, ...v.flatMap((x, i) => shape(x, `${at}[${i}]`))];
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => shape(x, `${at}.${k}`));
  return [`${at}:${typeof v}`];
}
function strings(v: Json): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (v && typeof v === 'object') return Object.values(v).flatMap(strings);
  return [];
}
function get(v: Json, ...keys: string[]): Json {
  return keys.reduce<Json>((o, k) => (o && typeof o === 'object' ? (o as Record<string, Json>)[k] : undefined), v);
}

describe('locale files', () => {
  it('English and Russian have the same namespaces and the same structure', () => {
    expect(Object.keys(ru).sort()).to.deep.equal(Object.keys(en).sort());
    for (const ns of Object.keys(en)) expect(shape(ru[ns]), ns).to.deep.equal(shape(en[ns]));
  });

  it('every route has its namespaces with a title and a meta description of search-friendly length', () => {
    for (const page of ALL_PAGES) {
      for (const lang of [en, ru]) {
        for (const ns of page.ns) expect(lang[ns], `${page.id}: ${ns}`).to.be.an('object');
        const meta = get(lang[page.ns[0] ?? ''], 'meta');
        const title = String(get(meta, 'title') ?? '');
        const description = String(get(meta, 'description') ?? '');
        expect(title.length, `${page.id} title`).to.be.within(5, 80);
        if (page.prerender) expect(description.length, `${page.id} description "${description}"`).to.be.within(70, 200);
      }
    }
  });

  it('contains real text: no placeholders, lorem ipsum or TODOs, and Russian files are in Russian', () => {
    for (const [lang, files] of [['en', en], ['ru', ru]] as const) {
      for (const [ns, data] of Object.entries(files)) {
        const text = strings(data).join('\n');
        expect(text, `${lang}/${ns}`).not.to.match(/PLACEHOLDER|lorem ipsum|TODO|TBD/i);
        if (lang === 'ru' && ns !== 'embeds') expect(/[а-яё]/i.test(text), `${lang}/${ns} has Cyrillic`).to.equal(true);
      }
    }
  });

  it('product FAQs have between 4 and 13 entries, and each product page has feature blocks with image text', () => {
    const counts = PRODUCT_SLUGS.map((slug) => (get(en[`product-${slug}`], 'faq', 'items') as unknown[]).length);
    for (const n of counts) expect(n).to.be.within(PRODUCT_FAQ_RANGE.min, PRODUCT_FAQ_RANGE.max);
    expect(Math.min(...counts)).to.equal(4);
    expect(Math.max(...counts)).to.equal(13);
    for (const slug of PRODUCT_SLUGS) {
      const items = get(en[`product-${slug}`], 'texts', 'items') as { alt: string }[];
      expect(items).to.have.length(3);
      for (const item of items) expect(item.alt.length).to.be.greaterThan(20);
    }
  });

  it('internal links in texts point at real pages, and referenced examples exist', () => {
    for (const files of [en, ru]) {
      for (const [ns, data] of Object.entries(files)) {
        for (const s of strings(data)) {
          for (const m of s.matchAll(/\]\((\/[^)#?]*)/g)) {
            expect(matchPage(m[1] ?? '').route.id, `${ns}: link ${m[1]}`).not.to.equal('not-found');
          }
        }
        for (const m of JSON.stringify(data).matchAll(/"to":"(\/[^"#?]*)/g)) {
          expect(matchPage(m[1] ?? '').route.id, `${ns}: to ${m[1]}`).not.to.equal('not-found');
        }
        for (const m of JSON.stringify(data).matchAll(/"(?:example|id)":"([a-z-]+-(?:create|embed|hlsjs|settings|link))"/g)) {
          expect(EXAMPLES, `${ns}: example ${m[1]}`).to.have.property(m[1] ?? '');
        }
      }
    }
  });
});

describe('page descriptions', () => {
  it('every meta description fits a search result (at most 160 characters)', () => {
    const long: string[] = [];
    for (const lang of ['en', 'ru']) {
      for (const file of readdirSync(`${dir}/${lang}`)) {
        const meta = (JSON.parse(readFileSync(`${dir}/${lang}/${file}`, 'utf8')) as { meta?: { description?: string } }).meta;
        if (meta?.description && meta.description.length > 160) long.push(`${lang}/${file}: ${meta.description.length}`);
      }
    }
    expect(long).to.deep.equal([]);
  });
});
