import { expect } from 'chai';
import { readingMinutes, wordsIn } from './readingTime.js';

describe('reading time', () => {
  it('counts the words people read: not code, links, ids or names of examples', () => {
    const sections = [
      { id: 'install', title: 'Install the engine', blocks: [{ p: 'Run the script, then open the dashboard.' }, { code: 'curl -fsSL https://example.com | sh', lang: 'bash' }, { example: 'player-embed' }] },
      { id: 'links', title: 'Next', blocks: [{ ul: ['Read [the guide](/how-to-use) — twice'] }] },
    ];
    // "Install the engine" 3, the paragraph 7, "Next" 1, the list item 4 ("—" is no word)
    expect(wordsIn(sections)).to.equal(15);
  });

  it('minutes at 200 words a minute in English, 180 in Russian, added sections included, at least one', () => {
    const prose = (n: number) => [{ id: 's', title: '', blocks: [{ p: Array.from({ length: n }, () => 'word').join(' ') }] }];
    expect(readingMinutes(prose(10), [], 'en')).to.equal(1);
    expect(readingMinutes(prose(500), [], 'en')).to.equal(3); // 2.5 rounds up
    expect(readingMinutes(prose(500), [], 'ru')).to.equal(3); // 2.8
    expect(readingMinutes(prose(300), [{ id: 'm1', title: 'Added', description: 'One more', bodyHtml: `<p>${'word '.repeat(97)}</p>` }], 'en')).to.equal(2);
  });
});
