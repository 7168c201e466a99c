import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type ApiClient, type TestServer } from '../../test/harness.js';
import { writeSiteFixture } from '../../test/site-fixture.js';

/**
 * The site's copy as editable content (issue 23, "One material replaced a whole public guide"): an administrator
 * overrides one section of a built-in page in one language — a draft, previewed, then published — and visitors get
 * it in the page's HTML from the server, with every other section as it was; a revert brings the default back.
 * The site is a fixture built from the real locale files with a stand-in renderer (test/site-fixture.ts).
 */

const LOCALES = join(import.meta.dirname, '..', '..', '..', 'web', 'src', 'locales');
type Article = { hero: { title: string }; sections: { id: string; title: string; blocks: Record<string, unknown>[] }[] };
const article = (lang: 'en' | 'ru', ns: string) => JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8')) as Article;
const titleOf = (a: Article, id: string) => a.sections.find((s) => s.id === id)!.title;
/** Text as the renderer writes it into HTML. */
const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The texts a page embeds for hydration (its #i18n-data script). */
function embedded(html: string): Record<string, Record<string, Article>> {
  const json = /<script id="i18n-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('no #i18n-data in the page');
  return JSON.parse(json) as Record<string, Record<string, Article>>;
}

describe('section overrides: one section of a built-in page, per language, draft → preview → publish → revert', function () {
  this.timeout(60_000);
  let server: TestServer;
  let root: string;
  let admin: ApiClient;
  const en = article('en', 'page-how-to-use');
  const ru = article('ru', 'page-how-to-use');
  const connect = { url: '/how-to-use', locale: 'en', section: 'sections/connect' } as const;
  const OVERRIDE_TITLE = '3. Connect your encoder over SRT';
  const OVERRIDE_P = 'Create an input, copy its SRT address, and paste it into OBS under Settings → Stream.';

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'relaycast-site-'));
    server = await startTestServer({ env: { WEB_DIST: await writeSiteFixture(root) } });
    admin = await server.admin();
  });
  after(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('lists the built-in pages and a page’s sections with their default texts in the chosen language', async () => {
    const pages = await admin.post('/admin/content/pages', { locale: 'en' });
    expect(pages.status).to.equal(200);
    expect(pages.body.data.map((p: { url: string }) => p.url)).to.deep.equal(['/how-to-use', '/faq', '/news', '/pricing']);
    // Named by its search title up to the colon ("How to use Relaycast: from installation to …").
    expect(pages.body.data[0]).to.deep.include({ url: '/how-to-use', title: 'How to use Relaycast', published: 0, drafts: 0, added: 0 });
    expect(pages.body.data[3]).to.deep.include({ url: '/pricing', title: 'Pricing' });
    const page = await admin.post('/admin/content/page', { url: '/how-to-use', locale: 'ru' });
    expect(page.status).to.equal(200);
    const keys = page.body.data.sections.map((s: { key: string }) => s.key);
    expect(keys).to.include.members(['meta', 'hero', 'sections/choose', 'sections/install', 'sections/connect', 'sections/outputs', 'sections/embed', 'sections/operate', 'related']);
    const section = page.body.data.sections.find((s: { key: string }) => s.key === 'sections/connect');
    expect(section).to.deep.include({ title: titleOf(ru, 'connect'), anchor: 'connect', state: 'default' });
    expect(section.texts[0]).to.deep.equal({ path: 'title', default: titleOf(ru, 'connect') });
    expect(section.texts[1]).to.deep.equal({ path: 'blocks.0.p', default: ru.sections.find((s) => s.id === 'connect')!.blocks[0]!.p });
    // Structure is not text: no ids, links, code or example names to edit.
    const choose = page.body.data.sections.find((s: { key: string }) => s.key === 'sections/choose');
    expect(choose.texts.map((t: { path: string }) => t.path).filter((p: string) => /(^|\.)(id|to|code|example)$/.test(p))).to.deep.equal([]);
  });

  it('a draft changes nothing visitors see; an administrator previews it, others get the published page', async () => {
    const saved = await admin.post('/admin/content/saveSection', { ...connect, texts: { title: OVERRIDE_TITLE, 'blocks.0.p': OVERRIDE_P } });
    expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
    expect(saved.body.data).to.deep.include({ key: 'sections/connect', state: 'draft' });
    expect(saved.body.data.texts[0]).to.deep.equal({ path: 'title', default: titleOf(en, 'connect'), draft: OVERRIDE_TITLE });

    const visitor = await server.client().get('/how-to-use');
    expect(visitor.status).to.equal(200);
    expect(visitor.body).to.include(`<h2>${esc(titleOf(en, 'connect'))}</h2>`).and.not.include(OVERRIDE_TITLE);
    const peek = await server.client().get('/how-to-use?preview');
    expect(peek.body).to.not.include(OVERRIDE_TITLE).and.not.include('data-testid="preview-notice"');
    const published = await server.client().post('/admin/entry/getEntriesByURL', { url: '/how-to-use', locale: 'en' });
    expect(published.body.data, 'the public call does not hand out drafts').to.deep.equal([]);

    const preview = await admin.get('/how-to-use?preview');
    expect(preview.status).to.equal(200);
    expect(preview.headers.get('cache-control')).to.equal('private, no-store');
    expect(preview.body).to.include('data-testid="preview-notice"').and.include(`<h2>${OVERRIDE_TITLE}</h2>`).and.include(`<p>${OVERRIDE_P}</p>`);
  });

  it('published: the page’s HTML from the server carries the override in that section only, in that language only', async () => {
    const res = await admin.post('/admin/content/publishSection', connect);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data).to.deep.include({ state: 'published' });
    expect(res.body.data.publishedAt).to.be.a('string');

    const page = await server.client().get('/how-to-use');
    expect(page.status).to.equal(200);
    expect(page.headers.get('cache-control')).to.equal('no-cache');
    // The overridden section: its new title and paragraph, in the HTML (no script runs here).
    expect(page.body).to.include(`<section id="connect"><h2>${OVERRIDE_TITLE}</h2><p>${OVERRIDE_P}</p>`);
    expect(page.body).to.not.include(`<h2>${esc(titleOf(en, 'connect'))}</h2>`);
    // Every other section and the hero as they were.
    expect(page.body).to.include(`<h1>${esc(en.hero.title)}</h1>`);
    for (const id of ['choose', 'install', 'outputs', 'embed', 'operate']) expect(page.body).to.include(`<section id="${id}"><h2>${esc(titleOf(en, id))}</h2>`);
    // The texts hydration uses are the same: no default copy flashes back.
    const texts = embedded(page.body).en!['page-how-to-use']!;
    expect(texts.sections.find((s) => s.id === 'connect')!.title).to.equal(OVERRIDE_TITLE);
    expect(texts.sections.find((s) => s.id === 'install')).to.deep.equal(en.sections.find((s) => s.id === 'install'));

    const russian = await server.client().get('/ru/how-to-use');
    expect(russian.body).to.include(`<h2>${esc(titleOf(ru, 'connect'))}</h2>`).and.not.include(OVERRIDE_TITLE);
    expect(embedded(russian.body).ru!['page-how-to-use']).to.deep.equal(ru);

    // Client-side navigation loads the page's texts as a file: with the override, asked for again each time.
    const json = await server.client().get('/locales/en/page-how-to-use.json?v=1');
    expect(json.headers.get('cache-control')).to.equal('no-cache');
    expect((JSON.parse(json.body) as Article).sections.find((s) => s.id === 'connect')!.title).to.equal(OVERRIDE_TITLE);
    const ruJson = await server.client().get('/locales/ru/page-how-to-use.json?v=1');
    expect(JSON.parse(ruJson.body)).to.deep.equal(ru);

    const listed = await server.client().post('/admin/entry/getEntriesByURL', { url: '/how-to-use', locale: 'en' });
    expect(listed.body.data.map((e: { section: string; template: unknown }) => [e.section, e.template])).to.deep.equal([
      ['sections/connect', [{ property_i18n: 'title', defaultValue: OVERRIDE_TITLE, dataType: 'STRING', formEntityType: 'TEXTAREA' }, { property_i18n: 'blocks.0.p', defaultValue: OVERRIDE_P, dataType: 'STRING', formEntityType: 'TEXTAREA' }]],
    ]);
    expect(listed.body.data[0]).to.not.have.property('published');
  });

  it('caching: a 304 while the page is the same; after a new publication a new ETag and the new text, compressed too', async () => {
    const first = await server.client().get('/how-to-use', { headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.get('etag')!;
    expect(etag).to.match(/^W\/"[\w-]{27}"$/);
    expect(first.headers.get('content-encoding')).to.equal('br');
    expect((await server.client().get('/how-to-use', { headers: { 'if-none-match': etag } })).status).to.equal(304);

    const second = 'Create an input and copy its address into your encoder: SRT first, RTMP if it has no SRT.';
    expect((await admin.post('/admin/content/saveSection', { ...connect, texts: { title: OVERRIDE_TITLE, 'blocks.0.p': second } })).status).to.equal(200);
    // A newer draft: visitors keep the published text, the section says it has unpublished changes.
    expect((await server.client().get('/how-to-use', { headers: { 'if-none-match': etag } })).status).to.equal(304);
    const listed = await admin.post('/admin/content/pages', { locale: 'en' });
    expect(listed.body.data[0]).to.deep.include({ url: '/how-to-use', published: 1, drafts: 1 });
    expect((await admin.post('/admin/content/page', { url: '/how-to-use', locale: 'en' })).body.data.sections.find((s: { key: string }) => s.key === 'sections/connect').state).to.equal('changed');

    expect((await admin.post('/admin/content/publishSection', connect)).status).to.equal(200);
    for (const encoding of ['br', 'gzip', 'identity']) {
      const again = await server.client().get('/how-to-use', { headers: { 'if-none-match': etag, 'accept-encoding': encoding } });
      expect(again.status, encoding).to.equal(200);
      expect(again.headers.get('etag')).to.not.equal(etag);
      expect(again.body, encoding).to.include(`<p>${second}</p>`).and.not.include(OVERRIDE_P);
    }
  });

  it('a material for the whole page (before section overrides) is added after the page’s sections, sanitised', async () => {
    const material = await admin.post('/admin/entry/create', {
      entry_type: 'MATERIAL',
      category: 'TUTORIALS',
      url: '/how-to-use',
      locale: 'en',
      template: [
        { property_i18n: 'title', defaultValue: 'Notes from the support team', dataType: 'STRING', formEntityType: 'TEXT' },
        {
          property_i18n: 'body',
          // HTML copied from the live site may carry an island's marks: it stays text, not a part the browser hydrates.
          defaultValue: '<p id="note">Ask us <img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">anything</a></p><div data-island="header" data-island-id="i0" data-props="{}">Copied</div>',
          dataType: 'STRING',
          formEntityType: 'EDITOR',
        },
      ],
    });
    expect(material.status).to.equal(201);
    const page = await server.client().get('/how-to-use');
    const added = `<section id="material-${material.body.data._id}"><h2>Notes from the support team</h2><div class="cms-body"><p id="note">Ask us <img src="x"><a>anything</a></p><div>Copied</div></div></section>`;
    expect(page.body).to.include(added);
    for (const id of ['choose', 'install', 'outputs', 'embed', 'operate']) expect(page.body).to.include(`<section id="${id}">`);
    expect(page.body.indexOf('<section id="operate">')).to.be.below(page.body.indexOf(added));
    const view = await admin.post('/admin/content/page', { url: '/how-to-use', locale: 'en' });
    expect(view.body.data.added).to.deep.equal([{ _id: material.body.data._id, title: 'Notes from the support team' }]);
    expect((await server.client().get('/ru/how-to-use')).body).to.not.include('Notes from the support team');
    expect((await admin.post('/admin/entry/remove', { _id: material.body.data._id })).status).to.equal(200);
  });

  it('revert: the section shows its default copy again, for visitors and in the editor', async () => {
    const res = await admin.post('/admin/content/revertSection', connect);
    expect(res.status).to.equal(200);
    expect(res.body.data).to.deep.include({ state: 'default' });
    expect(res.body.data.texts[0]).to.deep.equal({ path: 'title', default: titleOf(en, 'connect') });
    const page = await server.client().get('/how-to-use');
    expect(page.body).to.include(`<h2>${esc(titleOf(en, 'connect'))}</h2>`).and.not.include(OVERRIDE_TITLE);
    expect(page.body, 'the prerendered page itself').to.equal(readFileSync(join(root, 'dist', 'how-to-use', 'index.html'), 'utf8'));
    expect((await admin.post('/admin/content/revertSection', connect)).status, 'nothing left to revert').to.equal(404);
    expect((await admin.post('/admin/content/publishSection', connect)).status, 'nothing to publish').to.equal(404);
    // Saved again after a revert: a new draft under the same id.
    expect((await admin.post('/admin/content/saveSection', { ...connect, texts: { title: OVERRIDE_TITLE } })).body.data.state).to.equal('draft');
    expect((await admin.post('/admin/content/revertSection', connect)).status).to.equal(200);
  });

  it('refuses, naming the field: a page, a section or a text that is not there, an empty text, a lost placeholder, no change', async () => {
    const refusal = async (body: unknown) => {
      const res = await admin.post('/admin/content/saveSection', body);
      expect(res.status, JSON.stringify(res.body)).to.equal(400);
      return res.body.error.details[0] as { field: string; rule?: string };
    };
    expect(await refusal({ ...connect, url: '/nowhere', texts: { title: 'x' } })).to.deep.include({ field: 'url', rule: 'notAPage' });
    expect(await refusal({ ...connect, url: '/ru/how-to-use', texts: { title: 'x' } })).to.deep.include({ field: 'url', rule: 'notAPage' });
    expect(await refusal({ ...connect, section: 'sections/nowhere', texts: { title: 'x' } })).to.deep.include({ field: 'section', rule: 'notASection' });
    expect(await refusal({ ...connect, texts: { 'blocks.9.p': 'x' } })).to.deep.include({ field: 'texts["blocks.9.p"]', rule: 'notEditable' });
    expect(await refusal({ ...connect, texts: { id: 'elsewhere' } })).to.deep.include({ field: 'texts.id', rule: 'notEditable' });
    expect(await refusal({ ...connect, texts: { title: '   ' } })).to.deep.include({ field: 'texts.title', rule: 'empty' });
    expect(await refusal({ ...connect, texts: { title: titleOf(en, 'connect') } })).to.deep.include({ field: 'texts', rule: 'sameAsDefault' });
    expect(await refusal({ ...connect, texts: {} })).to.deep.include({ field: 'texts' });
    expect(await refusal({ ...connect, locale: 'de', texts: { title: 'x' } })).to.deep.include({ field: 'locale' });
    expect(await refusal({ ...connect, texts: { title: 'x'.repeat(10_001) } })).to.deep.include({ field: 'texts.title', rule: 'maxLength' });
    const lost = await refusal({ url: '/pricing', locale: 'en', section: 'billedAnnually', texts: { billedAnnually: 'Billed once a year.' } });
    expect(lost).to.deep.include({ field: 'texts.billedAnnually', rule: 'placeholders' });
    const kept = await admin.post('/admin/content/saveSection', { url: '/pricing', locale: 'en', section: 'billedAnnually', texts: { billedAnnually: 'One payment a year: {{total}}.' } });
    expect(kept.status).to.equal(200);
    // Section overrides are edited here only: the materials form's update refuses them.
    const materials = await admin.post('/admin/entry/getAll', { entry_type: 'MATERIAL' });
    const override = materials.body.data.find((m: { section?: string }) => m.section === 'billedAnnually');
    expect(override).to.deep.include({ url: '/pricing', locale: 'en' });
    const update = await admin.post('/admin/entry/update', { _id: override._id, entry_type: 'MATERIAL', url: '/faq', template: override.template });
    expect(update.status).to.equal(400);
    expect(update.body.error.details[0]).to.deep.include({ field: '_id', rule: 'sectionOverride' });
  });
});

describe('templates: a drop-down or radio group without options is refused', function () {
  this.timeout(30_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  it('at create and at update, naming the property', async () => {
    const admin = await server.admin();
    const name = { property_i18n: 'name', defaultValue: 'Levels', dataType: 'STRING', formEntityType: 'TEXT' };
    const select = { property_i18n: 'level', defaultValue: '', dataType: 'STRING', formEntityType: 'SELECT' };
    const refused = await admin.post('/admin/entry/create', { entry_type: 'TEMPLATE', template: [name, select] });
    expect(refused.status).to.equal(400);
    expect(refused.body.error.details).to.deep.equal([{ field: 'template[1].property_option_items', message: 'must offer at least one option', rule: 'noOptions' }]);
    const empty = await admin.post('/admin/entry/create', { entry_type: 'TEMPLATE', template: [name, { ...select, formEntityType: 'RADIO', property_option_items: [] }] });
    expect(empty.body.error.details[0].field).to.equal('template[1].property_option_items');
    const created = await admin.post('/admin/entry/create', { entry_type: 'TEMPLATE', template: [name, { ...select, property_option_items: [{ label: 'One', value: 'one' }] }] });
    expect(created.status).to.equal(201);
    const update = await admin.post('/admin/entry/update', { _id: created.body.data._id, entry_type: 'TEMPLATE', template: [name, select] });
    expect(update.status).to.equal(400);
    expect(update.body.error.details[0].field).to.equal('template[1].property_option_items');
  });
});
