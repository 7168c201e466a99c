/**
 * Issue 15: the built assets are compressed once at build time (web/scripts/precompress.ts: Brotli 11, gzip 9) and
 * served as such to browsers that accept them, with the year-long immutable caching of hashed files.
 */
import { expect } from 'chai';
import { readFileSync, statSync } from 'node:fs';
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

  it('sends the file as it is to a client that accepts no compression', async () => {
    const res = await fetch(`${app.baseUrl}/${entry}`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-encoding')).to.equal(null);
    expect(Number(res.headers.get('content-length'))).to.equal(statSync(`${dist}${entry}`).size);
  });

  it('answers 404 for an asset that does not exist, compressed or not', async () => {
    for (const acceptEncoding of ['br', 'identity']) {
      const res = await fetch(`${app.baseUrl}/assets/no-such-file-1234.js`, { headers: { 'accept-encoding': acceptEncoding } });
      expect(res.status).to.equal(404);
    }
  });
});
