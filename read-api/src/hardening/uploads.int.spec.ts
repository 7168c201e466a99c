import { expect } from 'chai';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createFileStorage } from '../services/file-storage.js';

/**
 * Issue 14, item 5: malformed multipart answered 500; non-ASCII file names were stored garbled (latin1); uploads
 * that crashed left `.partial` files for ever.
 */
describe('uploads: malformed bodies, names in any script, no leftovers', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  it('answers malformed multipart with a 400 naming the file field, never a 500', async () => {
    const admin = await server.admin();
    const bodies = [
      '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc', // no closing boundary
      'not multipart at all',
      '--XYZ\r\nContent-Disposition: form-data; name="file"\r\n', // cut in the headers
    ];
    for (const raw of bodies) {
      const res = await admin.post('/admin/files/upload', undefined, { raw, headers: { 'content-type': 'multipart/form-data; boundary=XYZ' } });
      expect(res.status, raw.slice(0, 30)).to.equal(400);
      expect(res.body.error.details[0].field).to.equal('file');
    }
    const noBoundary = await admin.post('/admin/files/upload', undefined, { raw: 'x', headers: { 'content-type': 'multipart/form-data' } });
    expect(noBoundary.status).to.equal(400);
  });

  it('keeps a UTF-8 file name as sent', async () => {
    const admin = await server.admin();
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' }), 'отчёт за март.png');
    const res = await admin.post('/admin/files/upload', undefined, { raw: form });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body.data.originalName).to.equal('отчёт за март.png');
  });

  it('removes partial files crashed uploads left behind (older than an hour) when the storage opens', () => {
    const root = join(server.dataDir, 'files-leftovers');
    mkdirSync(root, { recursive: true });
    const stale = join(root, '.0f0e0d0c-aaaa-bbbb-cccc-000000000001.partial');
    const fresh = join(root, '.0f0e0d0c-aaaa-bbbb-cccc-000000000002.partial');
    writeFileSync(stale, 'half');
    writeFileSync(fresh, 'being written');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(stale, twoHoursAgo, twoHoursAgo);
    createFileStorage(root);
    expect(existsSync(stale)).to.equal(false);
    expect(existsSync(fresh), 'an upload in progress (another process) is left alone').to.equal(true);
    expect(readdirSync(root)).to.deep.equal(['.0f0e0d0c-aaaa-bbbb-cccc-000000000002.partial']);
  });
});
