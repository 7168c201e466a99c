import { expect } from 'chai';
import { applyOverrides, placeholdersOf, sectionsOf } from './sections.js';

const bundle = {
  meta: { title: 'How to use', description: 'A walkthrough' },
  hero: { eyebrow: 'Getting started', title: 'How to use Relaycast', lead: 'From an empty server to a stream.' },
  readingTime: true,
  vatNote: 'Billed annually: {{total}} a year.',
  sections: [
    { id: 'install', title: '2. Install', blocks: [{ p: 'Run the script.' }, { code: 'curl … | sh', lang: 'bash', title: 'Install on Debian' }, { example: 'player-embed' }] },
    { id: 'connect', title: '3. Connect', blocks: [{ ul: ['SRT first', 'RTMP otherwise'] }, { table: { head: ['Option', 'Price'], rows: [['Cloud', 'From $0.27']] } }, { figure: '/img/x.svg', alt: 'A diagram' }] },
  ],
  related: [{ label: 'API documentation', to: '/api-docs' }],
};

describe('sections of a page’s texts', () => {
  it('top-level parts, list elements by id, top-level strings; only prose is text', () => {
    expect(sectionsOf(bundle).map((s) => [s.key, s.anchor ?? null, s.texts.map((t) => t.path)])).to.deep.equal([
      ['meta', null, ['title', 'description']],
      ['hero', null, ['eyebrow', 'title', 'lead']],
      ['vatNote', null, ['vatNote']],
      ['sections/install', 'install', ['title', 'blocks.0.p', 'blocks.1.title']],
      ['sections/connect', 'connect', ['title', 'blocks.0.ul.0', 'blocks.0.ul.1', 'blocks.1.table.head.0', 'blocks.1.table.head.1', 'blocks.1.table.rows.0.0', 'blocks.1.table.rows.0.1', 'blocks.2.alt']],
      ['related', null, ['0.label']],
    ]);
  });

  it('overrides change the texts they name in their section only, skip what the default no longer has, and copy', () => {
    const out = applyOverrides(bundle, [
      { section: 'sections/connect', texts: { title: '3. Connect over SRT', 'blocks.1.table.rows.0.1': 'From $0.05', 'blocks.9.p': 'gone', 'blocks.2.figure': '/img/evil.svg' } },
      { section: 'vatNote', texts: { vatNote: 'Once a year: {{total}}.' } },
      { section: 'sections/nowhere', texts: { title: 'x' } },
    ]);
    const sections = out.sections as typeof bundle.sections;
    expect(sections[1]).to.deep.equal({ id: 'connect', title: '3. Connect over SRT', blocks: [{ ul: ['SRT first', 'RTMP otherwise'] }, { table: { head: ['Option', 'Price'], rows: [['Cloud', 'From $0.05']] } }, { figure: '/img/x.svg', alt: 'A diagram' }] });
    expect(sections[0]).to.deep.equal(bundle.sections[0]);
    expect(out.vatNote).to.equal('Once a year: {{total}}.');
    expect(out.hero).to.deep.equal(bundle.hero);
    expect(bundle.sections[1]!.title).to.equal('3. Connect');
  });

  it('names the placeholders a text carries', () => {
    expect(placeholdersOf('Billed annually: {{total}} a year, {{ count }} units, {{total}}.')).to.deep.equal(['count', 'total']);
    expect(placeholdersOf('No braces')).to.deep.equal([]);
  });
});
