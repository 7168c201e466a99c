import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LICENCE_FORMAT, demoSigningKeyOf, generateSigningKeyPem, loadSigningKey, signLicence, type LicenceDocument } from './index.js';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const DOC: LicenceDocument = {
  format: LICENCE_FORMAT, licenceKey: 'KEY-CLI-0001', subscriptionId: 'sub-cli', customerId: 'user-cli', plan: { plan_id: 'constructor' },
  modules: [{ name: 'streams', limit: 2 }], quantity: 2, serial: 1, issuedAt: '2026-03-31T10:00:00.000Z', validUntil: '2026-05-07T10:00:00.000Z',
};

describe('the offline licence verifier (CLI)', function () {
  this.timeout(30_000);
  let dir: string;
  const key = loadSigningKey(generateSigningKeyPem());
  const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { encoding: 'utf8' });
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'relaycast-licence-'));
    writeFileSync(join(dir, 'public.pem'), key.publicKeyPem);
    writeFileSync(join(dir, 'other.pem'), loadSigningKey(generateSigningKeyPem()).publicKeyPem);
    writeFileSync(join(dir, 'good.lic'), signLicence(DOC, key.privateKey));
    writeFileSync(join(dir, 'demo.lic'), signLicence({ ...DOC, demo: true }, demoSigningKeyOf(key).privateKey));
    writeFileSync(join(dir, 'tampered.lic'), signLicence(DOC, key.privateKey).replace(/\n([A-Za-z0-9+/]{20})/, (_m, g: string) => `\n${g.slice(0, 19)}${g[19] === 'A' ? 'B' : 'A'}`));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 0 and shows the licence when it is valid', () => {
    const res = run('verify', join(dir, 'good.lic'), '--public-key', join(dir, 'public.pem'), '--now', '2026-04-01T00:00:00Z');
    expect(res.status, res.stderr).to.equal(0);
    expect(res.stdout).to.include('KEY-CLI-0001').and.include('VALID').and.include('streams 2');
  });

  it('exits 1 for a tampered file, another key, or an expired licence', () => {
    const tampered = run('verify', join(dir, 'tampered.lic'), '--public-key', join(dir, 'public.pem'), '--now', '2026-04-01T00:00:00Z');
    expect(tampered.status).to.equal(1);
    expect(tampered.stdout).to.match(/NOT VALID/);
    const other = run('verify', join(dir, 'good.lic'), '--public-key', join(dir, 'other.pem'), '--now', '2026-04-01T00:00:00Z');
    expect(other.status).to.equal(1);
    expect(other.stdout).to.include('(WRONG_KEY)');
    const expired = run('verify', join(dir, 'good.lic'), '--public-key', join(dir, 'public.pem'), '--now', '2026-06-01T00:00:00Z');
    expect(expired.status).to.equal(1);
    expect(expired.stdout).to.include('(EXPIRED)');
  });

  it('exits 1 for a demo licence and says so (DEMO): paid with demo payments, never valid on an engine', () => {
    const demo = run('verify', join(dir, 'demo.lic'), '--public-key', join(dir, 'public.pem'), '--now', '2026-04-01T00:00:00Z');
    expect(demo.status).to.equal(1);
    expect(demo.stdout).to.include('NOT VALID: a demo licence').and.include('(DEMO)').and.include('KEY-CLI-0001');
  });

  it('exits 2 on bad usage', () => {
    expect(run('verify', join(dir, 'good.lic')).status).to.equal(2);
    expect(run('verify', join(dir, 'missing.lic'), '--public-key', join(dir, 'public.pem')).status).to.equal(2);
  });
});
