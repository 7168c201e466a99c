/** The embeddable VOD player and the conference room (client-only routes served by spa.html). */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { ROOT, startHarness, visit, type Harness } from './support/site.js';

const FIXTURES = path.join(ROOT, 'e2e/fixtures/hls');
const entry = (props: Record<string, string>) => ({
  data: [{ _id: 'e1', entry_type: 'MATERIAL', template: Object.entries(props).map(([k, v]) => ({ property_i18n: k, defaultValue: v, dataType: 'STRING', formEntityType: 'TEXT' })) }],
});

describe('embeds', function () {
  let h: Harness;
  let context: BrowserContext;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h?.close());
  afterEach(async () => context?.close());

  it('the player refuses to play without embedEnabled=true&playerEnabled=true', async () => {
    context = await h.context();
    const page = await context.newPage();
    await visit(page, '/vod-group-player/abc?embedEnabled=true');
    await page.waitForSelector('[data-state="disabled"]');
    expect(await page.textContent('h1')).to.equal('This player is not embeddable');
  });

  it('the player says clearly when the stream does not exist', async () => {
    context = await h.context();
    const page = await context.newPage();
    await visit(page, '/vod-group-player/unknown-id?embedEnabled=true&playerEnabled=true');
    await page.waitForSelector('[data-state="missing"]');
    expect(await page.textContent('[data-state="missing"]')).to.include('unknown-id');
  });

  it('the player plays the entry\'s HLS stream with hls.js', async () => {
    context = await h.context();
    await context.route('**/admin/entry/getEntriesByURL', (route) => route.fulfill({ json: entry({ hls_url: '/streams/demo/index.m3u8', title: 'Demo stream' }) }));
    await context.route('**/streams/demo/*', (route) => {
      const file = path.basename(new URL(route.request().url()).pathname);
      route.fulfill({ body: readFileSync(path.join(FIXTURES, file)), contentType: file.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t' });
    });
    const page = await context.newPage();
    await visit(page, '/vod-group-player/demo?embedEnabled=true&playerEnabled=true');
    await page.waitForSelector('[data-player-state="ready"]');
    expect(await page.getAttribute('video', 'aria-label')).to.equal('Demo stream');
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2, undefined, { timeout: 15000 });
  });

  it('the player shows an offline message with a retry when the stream cannot be loaded', async () => {
    context = await h.context();
    await context.route('**/admin/entry/getEntriesByURL', (route) => route.fulfill({ json: entry({ hls_url: '/streams/gone/index.m3u8' }) }));
    const page = await context.newPage();
    await visit(page, '/ru/vod-group-player/gone?embedEnabled=true&playerEnabled=true');
    await page.waitForSelector('[data-state="offline"]', { timeout: 20000 });
    expect(await page.textContent('[data-state="offline"] h1')).to.equal('Трансляция не в эфире');
    expect(await page.locator('[data-state="offline"] button').count()).to.equal(1);
  });

  it('the conference room says when no engine is configured and previews camera and microphone', async () => {
    context = await h.context({ permissions: ['camera', 'microphone'] });
    const page = await context.newPage();
    await visit(page, '/conferences/room-42');
    await page.waitForSelector('[data-engine="missing"]');
    expect(await page.textContent('h1')).to.equal('Room room-42');
    const state = page.getByTestId('preview-state');
    expect(await state.getAttribute('data-state')).to.equal('idle');
    await page.getByRole('button', { name: 'Check camera and microphone' }).click();
    await page.waitForSelector('[data-testid="preview-state"][data-state="live"]');
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="camera-preview"]');
      return !!v && v.srcObject instanceof MediaStream && v.videoWidth > 0;
    });
    await page.waitForFunction(() => Number(document.querySelector('[role="meter"]')?.getAttribute('aria-valuenow')) > 0);
    await page.getByRole('button', { name: 'Stop the preview' }).click();
    expect(await state.getAttribute('data-state')).to.equal('idle');
  });

  it('with an engine configured, the room offers to join it', async () => {
    context = await h.context();
    await context.route('**/admin/entry/getEntriesByURL', (route) => route.fulfill({ json: entry({ engine_url: 'https://engine.example.com:8443', name: 'Editorial' }) }));
    const page = await context.newPage();
    await visit(page, '/conferences/ed-1');
    await page.waitForSelector('[data-engine="configured"]');
    expect(await page.textContent('h1')).to.equal('Editorial');
    expect(await page.getByRole('link', { name: 'Join the room' }).getAttribute('href')).to.equal('https://engine.example.com:8443/conferences/ed-1');
  });
});
