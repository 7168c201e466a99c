/**
 * Issue 15: the built assets are compressed once at build time (web/scripts/precompress.ts: Brotli 11, gzip 9) and
 * served as such to browsers that accept them, with the year-long immutable caching of hashed files.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startAppServer, type AppServer } from './support/app-server.js';

const dist = fileURLToPath(new URL('../web/dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Record<string, { file: string; css?: string[] }>;
const entry = manifest['index.html']!.file; // assets/index-<hash>.js

describe('precompressed assets (real server)', function () {
  this.timeout(120_000);
  let app: AppServer;
  before(async () => {
    app = await startAppServer();
  });
  after(async () => app?.close());

  for (const [acceptEncoding, encoding, suffix] of [
    ['gzip, deflate, br, zstd', 'br', '.br'],
    ['gzip, deflate', 'gzip', '.gz'],
  ] as const) {
    it(`sends the build's ${encoding} file to a browser accepting "${acceptEncoding}"`, async () => {
      const res = await fetch(`${app.baseUrl}/${entry}`, { headers: { 'accept-encoding': acceptEncoding } });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-encoding')).to.equal(encoding);
      expect(res.headers.get('content-type')).to.match(/^(text|application)\/javascript; charset=utf-8$/i);
      expect(res.headers.get('vary')).to.match(/accept-encoding/i);
      expect(res.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
      // The precompressed file itself, not an on-the-fly compression of the original.
      expect(Number(res.headers.get('content-length'))).to.equal(statSync(`${dist}${entry}${suffix}`).size);
      expect(await res.text()).to.equal(readFileSync(`${dist}${entry}`, 'utf8'));
    });
  }

  it('respects a refusal: br;q=0 with * gets gzip, gzip;q=0 with br;q=0 gets the file as it is', async () => {
    const gzipOnly = await fetch(`${app.baseUrl}/${entry}`, { headers: { 'accept-encoding': '*, br;q=0' } });
    expect(gzipOnly.headers.get('content-encoding')).to.equal('gzip');
    const neither = await fetch(`${app.baseUrl}/${entry}`, { headers: { 'accept-encoding': 'gzip;q=0, br;q=0' } });
    expect(neither.headers.get('content-encoding')).to.equal(null);
    expect(await neither.text()).to.equal(readFileSync(`${dist}${entry}`, 'utf8'));
  });

  it('sends the file as it is to a client that accepts no compression', async () => {
    const res = await fetch(`${app.baseUrl}/${entry}`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-encoding')).to.equal(null);
    expect(Number(res.headers.get('content-length'))).to.equal(statSync(`${dist}${entry}`).size);
  });

  it('pages, the sitemap and locale texts go out compressed (Brotli 10 or gzip 9), the same text as uncompressed', async () => {
    for (const path of ['/', '/ru/pricing', '/sitemap.xml', '/locales/ru/common.json', '/no-such-page']) {
      const plain = await fetch(`${app.baseUrl}${path}`, { headers: { 'accept-encoding': 'identity' } });
      const text = await plain.text();
      expect(plain.headers.get('content-encoding'), path).to.equal(null);
      for (const [acceptEncoding, encoding] of [['gzip, deflate, br, zstd', 'br'], ['gzip', 'gzip']] as const) {
        const res = await fetch(`${app.baseUrl}${path}`, { headers: { 'accept-encoding': acceptEncoding } });
        expect(res.status, path).to.equal(plain.status);
        expect(res.headers.get('content-encoding'), path).to.equal(encoding);
        expect(res.headers.get('vary'), path).to.match(/accept-encoding/i);
        expect(res.headers.get('content-type'), path).to.equal(plain.headers.get('content-type'));
        expect(res.headers.get('content-type'), path).to.match(/; charset=utf-8$/);
        expect(await res.text(), path).to.equal(text);
      }
    }
    // Brotli at quality 10: the home page's HTML under its gzip -9 size (measured: 14.4 vs 16.5 KB, 87 %).
    const br = Number((await fetch(`${app.baseUrl}/`, { headers: { 'accept-encoding': 'br' } })).headers.get('content-length'));
    const gz = Number((await fetch(`${app.baseUrl}/`, { headers: { 'accept-encoding': 'gzip' } })).headers.get('content-length'));
    expect(br).to.be.above(0);
    expect(br / gz).to.be.below(0.9);
  });

  it('answers 404 for an asset that does not exist, compressed or not', async () => {
    for (const acceptEncoding of ['br', 'identity']) {
      const res = await fetch(`${app.baseUrl}/assets/no-such-file-1234.js`, { headers: { 'accept-encoding': acceptEncoding } });
      expect(res.status).to.equal(404);
    }
  });

  it('serves every file the build wrote to assets/ (the server accepts only names shaped like the build’s)', async () => {
    const names = readdirSync(`${dist}assets`);
    expect(names.length).to.be.above(10);
    const refused: string[] = [];
    for (const name of names) {
      const res = await fetch(`${app.baseUrl}/assets/${encodeURIComponent(name)}`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
      if (res.status !== 200) refused.push(`${name}: ${res.status}`);
    }
    expect(refused).to.deep.equal([]);
  });

  it('an asset name with escaped characters is the same file, with its type; malformed escapes, traversal and NUL are a JSON 404', async () => {
    const escaped = `/${entry.replace(/\.js$/, '%2Ejs')}`; // assets/index-<hash>%2Ejs
    for (const acceptEncoding of ['br', 'identity']) {
      const res = await fetch(`${app.baseUrl}${escaped}`, { headers: { 'accept-encoding': acceptEncoding } });
      expect(res.status, `${escaped} (${acceptEncoding})`).to.equal(200);
      expect(res.headers.get('content-type'), `${escaped} (${acceptEncoding})`).to.match(/^text\/javascript; charset=utf-8$/i);
      expect(await res.text()).to.equal(readFileSync(`${dist}${entry}`, 'utf8'));
      for (const odd of ['/assets/%E0%A4%A', '/assets/..%2f..%2fpackage.json', '/assets/..%2froutes.json', '/assets/a%00b.js', '/assets/']) {
        const bad = await fetch(`${app.baseUrl}${odd}`, { headers: { 'accept-encoding': acceptEncoding } });
        expect(bad.status, `${odd} (${acceptEncoding})`).to.equal(404);
        expect(bad.headers.get('content-type')).to.match(/^application\/json/);
        expect(((await bad.json()) as { error: { code: string } }).error.code).to.equal('NOT_FOUND');
      }
    }
  });
});
