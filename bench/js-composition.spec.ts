import { expect } from 'chai';
import { SourceMapGenerator } from 'source-map-js';
import { minifiedBytesByOwner, ownerOf } from './js-composition.js';

describe('bench: first-load JS composition', () => {
  it('names the package or the site folder a source belongs to', () => {
    expect(ownerOf('../../node_modules/react-dom/cjs/react-dom-client.production.js')).to.equal('react-dom');
    expect(ownerOf('../../node_modules/@reduxjs/toolkit/dist/redux-toolkit.modern.mjs')).to.equal('@reduxjs/toolkit');
    expect(ownerOf('../../node_modules/a/node_modules/immer/dist/immer.mjs')).to.equal('immer');
    expect(ownerOf('../../../work/main/web/src/features/ui/Header.tsx')).to.equal('web/src/features/ui');
    expect(ownerOf('../src/app/App.tsx')).to.equal('other');
    expect(ownerOf('/x/web/src/app/App.tsx')).to.equal('web/src/app');
    expect(ownerOf('/x/web/src/app/shell/ui/AppLink.tsx')).to.equal('web/src/app/shell');
    expect(ownerOf('../../contracts/src/constants/web.ts')).to.equal('contracts');
    expect(ownerOf('/home/contracts/src/main/billing-core/src/pricing.ts')).to.equal('billing-core');
    expect(ownerOf('/home/contracts/main/web/src/app/App.tsx')).to.equal('web/src/app');
  });

  it('gives each mapping segment the bytes up to the next segment of its line, the rest to "unmapped"', () => {
    // Line 1: "AAAA" from react-dom (0–3), "BBBBBB" from the site (4–9); line 2: "////" before any mapping,
    // then "CC" from react-dom; the newline itself is unmapped.
    const code = 'AAAABBBBBB\n////CC';
    const map = new SourceMapGenerator({ file: 'x.js' });
    map.addMapping({ generated: { line: 1, column: 0 }, original: { line: 1, column: 0 }, source: 'node_modules/react-dom/index.js' });
    map.addMapping({ generated: { line: 1, column: 4 }, original: { line: 1, column: 0 }, source: '/r/web/src/features/ui/Header.tsx' });
    map.addMapping({ generated: { line: 2, column: 4 }, original: { line: 2, column: 0 }, source: 'node_modules/react-dom/index.js' });
    const bytes = minifiedBytesByOwner(code, JSON.parse(map.toString()));
    expect(Object.fromEntries(bytes)).to.deep.equal({ 'react-dom': 6, 'web/src/features/ui': 6, unmapped: 5 });
  });

  it('counts bytes, not characters (a Cyrillic letter is two)', () => {
    const map = new SourceMapGenerator({ file: 'x.js' });
    map.addMapping({ generated: { line: 1, column: 0 }, original: { line: 1, column: 0 }, source: 'node_modules/i18next/i.js' });
    expect(Object.fromEntries(minifiedBytesByOwner('"Да"', JSON.parse(map.toString())))).to.deep.equal({ i18next: 6 });
  });
});
