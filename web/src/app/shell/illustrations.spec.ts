import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { illustrationFiles, illustrationInRussian } from '../../../scripts/illustrations-ru.js';
import { illustration } from './illustrations.js';

const imgDir = fileURLToPath(new URL('../../../public/img/', import.meta.url));
const pictures = illustrationFiles(imgDir);
const texts = (svg: string) => [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe('illustrations in Russian', () => {
  it('every illustration has a Russian version: no text is left without its Russian form', () => {
    expect(pictures.length).to.be.above(20);
    for (const file of pictures) expect(() => illustrationInRussian(readFileSync(path.join(imgDir, file), 'utf8'), file), file).not.to.throw();
  });

  it('the home picture says its words in Russian and keeps protocol names', () => {
    const ru = texts(illustrationInRussian(readFileSync(path.join(imgDir, 'home-hero.svg'), 'utf8')));
    expect(ru).to.include.members(['Соцсети', 'Записи · VOD', 'ЭНКОДЕР', 'Relaycast', 'SRT · RTMP · HLS', 'HLS']);
    expect(ru).not.to.include('Social platforms');
  });

  it('escapes what it puts back, and refuses a text nobody translated', () => {
    expect(illustrationInRussian('<svg><text x="1">Pay</text><text>&lt;iframe src="x"&gt;</text></svg>')).to.equal('<svg><text x="1">Оплатить</text><text>&lt;iframe src="x"&gt;</text></svg>');
    expect(() => illustrationInRussian('<svg><text>Brand new words</text></svg>', 'new.svg')).to.throw(/new\.svg: no Russian text for "Brand new words"/);
  });

  it('Russian pages ask for the .ru.svg, English ones for the original', () => {
    expect(illustration('/img/products/multi-streaming/cover.svg', 'ru')).to.equal('/img/products/multi-streaming/cover.ru.svg');
    expect(illustration('/img/home-hero.svg', 'en')).to.equal('/img/home-hero.svg');
  });
});

describe('illustrations in Russian: pills', () => {
  it('a badge sized for its English label is widened for the Russian one, its label kept centred', () => {
    const en = '<rect width="69" height="28" rx="14" fill="#f00"/><text x="34.5" y="19" text-anchor="middle">● REC</text>';
    // "● ЗАПИСЬ": 8 characters × 11 px + 24 px of padding.
    expect(illustrationInRussian(en)).to.equal('<rect width="112" height="28" rx="14" fill="#f00"/><text x="56" y="19" text-anchor="middle">● ЗАПИСЬ</text>');
  });

  it("a player's tag is widened the same way; a pill already wide enough is left as it is", () => {
    const tag = '<rect x="18" y="18" width="74" height="24" rx="6" fill="#f00"/><text x="28" y="35">REPLAY</text>';
    expect(illustrationInRussian(tag)).to.equal('<rect x="18" y="18" width="86" height="24" rx="6" fill="#f00"/><text x="28" y="35">ПОВТОР</text>');
    const wide = '<rect width="168" height="28" rx="14" fill="#00f"/><text x="84" y="19">Pay</text>';
    expect(illustrationInRussian(wide)).to.equal('<rect width="168" height="28" rx="14" fill="#00f"/><text x="84" y="19">Оплатить</text>');
  });
});
