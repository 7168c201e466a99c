import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');

/**
 * Prices written in the texts follow the language's own format, as format.ts writes computed ones: Russian "5 $",
 * "0,05 $" (never "$5" or "от $0,05" beside a computed "0,05 $"), English "$5", "$0.05".
 */
describe('prices written in the locale texts', () => {
  const files = (lang: string) => readdirSync(path.join(LOCALES, lang)).filter((f) => f.endsWith('.json'));

  it('Russian texts write the amount before the dollar sign, with a decimal comma', () => {
    const wrong: string[] = [];
    for (const file of files('ru')) {
      const text = readFileSync(path.join(LOCALES, 'ru', file), 'utf8');
      for (const m of text.matchAll(/\$\s?\d[\d\s,.]*|\d+\.\d+\s?\$/g)) wrong.push(`${file}: ${m[0]}`);
    }
    expect(wrong).to.deep.equal([]);
  });

  it('English texts write the dollar sign first, with a decimal point', () => {
    const wrong: string[] = [];
    for (const file of files('en')) {
      const text = readFileSync(path.join(LOCALES, 'en', file), 'utf8');
      for (const m of text.matchAll(/\d\s?\$(?![{\w])|\$\d+,\d{2}\b/g)) wrong.push(`${file}: ${m[0]}`);
    }
    expect(wrong).to.deep.equal([]);
  });
});
