import type { Resources } from '../../app/shell/texts.js';
import { expect } from 'chai';
import { hydratePage, inPage } from '../../test/islands.js';
import { renderHtml, testResources } from '../../test/render.js';
import type { ArticleContent } from '../ui/content/types.js';

/**
 * A page as the server sends it when administrators changed it (read-api/src/content): one section's texts replaced
 * and a material added after the sections, in the texts the page embeds. Hydrated with React's development build,
 * which reports any text or attribute that differs: none may, or visitors would see the default copy flash back.
 */
describe('a page with a section override and an added material hydrates as the server rendered it', function () {
  this.timeout(20000);

  it('/how-to-use: the new texts, the rest as built, the added section, and a reading time that counts them', async () => {
    const builtIn = testResources.en!['page-how-to-use'] as unknown as ArticleContent;
    const texts = structuredClone(builtIn) as ArticleContent & { cmsSections: unknown[] };
    texts.sections.find((s) => s.id === 'connect')!.title = '3. Connect your encoder over SRT';
    texts.sections.find((s) => s.id === 'connect')!.blocks[0] = { p: 'Create an input and paste its **SRT** address into OBS.' };
    texts.cmsSections = [{ id: 'm1', title: 'Notes from the support team', description: 'Read before your first show.', bodyHtml: `<p>${'Check the bitrate. '.repeat(150)}</p>` }];
    const resources: Resources = { ...testResources, en: { ...testResources.en, 'page-how-to-use': texts as never } };

    await inPage('/how-to-use', renderHtml('/how-to-use', resources), async ({ root, errors }) => {
      // As a browser does: the page's islands (its header and code blocks), with the texts the page embeds.
      const page = await hydratePage(root, '/how-to-use', resources);
      expect(page.recovered, String(page.recovered[0])).to.deep.equal([]);
      expect(page.hydrated, 'every island committed').to.equal(true);
      expect(errors.filter((e) => /hydrat|did not match|mismatch/i.test(e)), errors.join('\n')).to.deep.equal([]);
      const titles = [...root.querySelectorAll('.prose > section > h2, .prose [data-source="cms"] h2')].map((h) => h.textContent);
      expect(titles.slice(0, builtIn.sections.length)).to.deep.equal(builtIn.sections.map((s) => (s.id === 'connect' ? '3. Connect your encoder over SRT' : s.title)));
      expect(root.querySelector('#connect p')?.innerHTML).to.equal('Create an input and paste its <strong>SRT</strong> address into OBS.');
      expect(root.querySelector('#material-m1 h2')?.textContent).to.equal('Notes from the support team');
      const toc = [...root.querySelectorAll('.aside-nav ul:last-of-type a')].map((a) => a.getAttribute('href'));
      expect(toc.slice(-2)).to.deep.equal(['#operate', '#material-m1']);
      // The guide's own words (about 320) and the added section's 460, at 200 a minute.
      expect(root.querySelector('[data-testid="byline"]')?.textContent).to.equal('Reading time: about 4 min');
      page.unmount();
    });
  });
});
