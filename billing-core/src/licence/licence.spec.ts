import { expect } from 'chai';
import { generateKeyPairSync, sign } from 'node:crypto';
import { createPublicKey, verify } from 'node:crypto';
import { LICENCE_FORMAT, demoSigningKeyOf, generateSigningKeyPem, loadSigningKey, signLicence, signLicenceFile, verifyLicence, type LicenceDocument } from './index.js';

// RFC 8032, section 7.1, TEST 1: the secret key (seed) and the public key it must give.
const RFC_SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';
const RFC_PUBLIC = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
// sha256 of the SPKI DER (302a300506032b6570032100 ‖ public key), first 16 hex digits, computed with sha256sum.
const RFC_KEY_ID = '06e3fd8fda29bb60';

const DOC: LicenceDocument = {
  format: LICENCE_FORMAT,
  licenceKey: 'ABCDE-FGHJK-LMNPQ-RSTUV-WXYZ2',
  subscriptionId: 'sub-1',
  customerId: 'user-1',
  plan: { plan_id: 'constructor' },
  modules: [{ name: 'streams', limit: 10 }],
  quantity: 10,
  serial: 3,
  issuedAt: '2026-03-31T10:00:00.000Z',
  validUntil: '2026-05-07T10:00:00.000Z',
};
const NOW = '2026-04-15T00:00:00.000Z';

/** Re-encodes a file's document with a change, keeping the original signature and key id. */
function withChangedDocument(file: string, change: (d: LicenceDocument) => LicenceDocument): string {
  const body = file.split('\n').slice(1, -2).join('');
  const envelope = JSON.parse(Buffer.from(body, 'base64').toString('utf8')) as { enc: string };
  const doc = JSON.parse(Buffer.from(envelope.enc, 'base64url').toString('utf8')) as LicenceDocument;
  const forged = { ...envelope, enc: Buffer.from(JSON.stringify(change(doc))).toString('base64url') };
  return `-----BEGIN RELAYCAST LICENCE-----\n${Buffer.from(JSON.stringify(forged)).toString('base64')}\n-----END RELAYCAST LICENCE-----\n`;
}

describe('signed licences (Ed25519)', () => {
  const key = loadSigningKey(RFC_SEED);

  it('derives the RFC 8032 public key from its seed, and a stable key id', () => {
    expect(key.publicKey.export({ type: 'spki', format: 'der' }).subarray(12).toString('hex')).to.equal(RFC_PUBLIC);
    expect(key.keyId).to.equal(RFC_KEY_ID);
    expect(key.publicKeyPem).to.match(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('accepts a valid licence and answers what it says', () => {
    const verdict = verifyLicence(signLicence(DOC, key.privateKey), key.publicKey, NOW);
    expect(verdict).to.deep.equal({ valid: true, licence: DOC });
  });

  it('signs deterministically: the same licence and key give the same file', () => {
    expect(signLicence(DOC, key.privateKey)).to.equal(signLicence({ ...DOC }, key.privateKey));
    expect(signLicence(DOC, key.privateKey)).to.match(/^-----BEGIN RELAYCAST LICENCE-----\n([A-Za-z0-9+/=]{1,64}\n)+-----END RELAYCAST LICENCE-----\n$/);
  });

  it('refuses a tampered licence: a raised limit, a later date, a changed character of the file', () => {
    const file = signLicence(DOC, key.privateKey);
    expect(verifyLicence(withChangedDocument(file, (d) => ({ ...d, modules: [{ name: 'streams', limit: 99 }] })), key.publicKey, NOW)).to.deep.include({ valid: false, reason: 'TAMPERED' });
    expect(verifyLicence(withChangedDocument(file, (d) => ({ ...d, validUntil: '2099-01-01T00:00:00.000Z' })), key.publicKey, NOW)).to.deep.include({ valid: false, reason: 'TAMPERED' });
    // One character of the signature's base64 changed (inside the envelope): either no longer parses, or fails.
    const lines = file.split('\n');
    const flipped = lines.map((l, i) => (i === 2 ? l.slice(0, 10) + (l[10] === 'A' ? 'B' : 'A') + l.slice(11) : l)).join('\n');
    expect(verifyLicence(flipped, key.publicKey, NOW).valid).to.equal(false);
  });

  it('refuses an expired licence, saying what it was', () => {
    const verdict = verifyLicence(signLicence(DOC, key.privateKey), key.publicKey, '2026-05-07T10:00:00.000Z');
    expect(verdict).to.deep.equal({ valid: false, reason: 'EXPIRED', licence: DOC });
  });

  it('refuses a licence signed with another key', () => {
    const other = loadSigningKey(generateSigningKeyPem());
    expect(verifyLicence(signLicence(DOC, other.privateKey), key.publicKey, NOW)).to.deep.equal({ valid: false, reason: 'WRONG_KEY' });
  });

  it('refuses malformed files without throwing: garbage, empty, truncated, oversized, a wrong document shape', () => {
    const file = signLicence(DOC, key.privateKey);
    const malformed = [
      '',
      'garbage',
      file.slice(0, file.length / 2),
      `-----BEGIN RELAYCAST LICENCE-----\n${'A'.repeat(70_000)}\n-----END RELAYCAST LICENCE-----`,
      `-----BEGIN RELAYCAST LICENCE-----\n${Buffer.from('{"enc":1}').toString('base64')}\n-----END RELAYCAST LICENCE-----`,
      withChangedDocument(file, (d) => ({ ...d, quantity: -1 })),
      withChangedDocument(file, (d) => ({ ...d, validUntil: 'tomorrow' })),
    ];
    for (const text of malformed) expect(verifyLicence(text, key.publicKey, NOW), text.slice(0, 40)).to.deep.equal({ valid: false, reason: 'MALFORMED' });
    // A well-shaped document under a signature of something else is a forgery, not a format problem.
    const sig = sign(null, Buffer.from('something else'), key.privateKey).toString('base64url');
    const body = JSON.parse(Buffer.from(file.split('\n').slice(1, -2).join(''), 'base64').toString('utf8')) as Record<string, string>;
    const forged = `-----BEGIN RELAYCAST LICENCE-----\n${Buffer.from(JSON.stringify({ ...body, sig })).toString('base64')}\n-----END RELAYCAST LICENCE-----\n`;
    expect(verifyLicence(forged, key.publicKey, NOW)).to.deep.equal({ valid: false, reason: 'TAMPERED' });
  });

  it('loads the signing key from a PKCS#8 PEM, base64 PKCS#8 DER, or a seed in hex or base64, and refuses other keys', () => {
    const pem = key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const der = (key.privateKey.export({ type: 'pkcs8', format: 'der' }) as Buffer).toString('base64');
    for (const form of [pem, der, RFC_SEED, Buffer.from(RFC_SEED, 'hex').toString('base64')]) expect(loadSigningKey(form).keyId).to.equal(RFC_KEY_ID);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => loadSigningKey(rsa)).to.throw(/Ed25519/);
  });

  describe('demo licences (issue 31, item 3: demo money never becomes real)', () => {
    const demoKey = demoSigningKeyOf(key);
    const DEMO: LicenceDocument = { ...DOC, demo: true };
    const keys = { licence: key, demo: demoKey };

    it('are signed with a key of their own, derived from the licence key: the same every time, another key id', () => {
      expect(demoSigningKeyOf(loadSigningKey(RFC_SEED)).keyId).to.equal(demoKey.keyId);
      expect(demoKey.keyId).to.not.equal(key.keyId);
      expect(demoSigningKeyOf(loadSigningKey(generateSigningKeyPem())).keyId).to.not.equal(demoKey.keyId);
      const file = signLicenceFile(DEMO, keys);
      expect(file).to.equal(signLicence(DEMO, demoKey.privateKey));
      expect(signLicenceFile(DOC, keys)).to.equal(signLicence(DOC, key.privateKey));
    });

    it('an engine that trusts only the licence key refuses them: the docs’ few lines of Node, and verifyLicence (DEMO)', () => {
      const file = signLicenceFile(DEMO, keys);
      // docs/licences.md's engine check, as written there.
      const body = file.trim().split('\n').slice(1, -1).join('');
      const { enc, sig } = JSON.parse(Buffer.from(body, 'base64').toString('utf8')) as { enc: string; sig: string };
      expect(verify(null, Buffer.from('licence/' + enc, 'ascii'), createPublicKey(key.publicKeyPem), Buffer.from(sig, 'base64url'))).to.equal(false);
      expect(JSON.parse(Buffer.from(enc, 'base64url').toString('utf8')).demo, 'the signed document says so').to.equal(true);
      const offline = verifyLicence(file, key.publicKey, NOW);
      expect(offline).to.deep.equal({ valid: false, reason: 'DEMO', licence: DEMO });
    });

    it('with the demo key (the server’s own check): genuine demo files are DEMO, a tampered one is not genuine', () => {
      const file = signLicenceFile(DEMO, keys);
      expect(verifyLicence(file, key.publicKey, NOW, { demoKey: demoKey.publicKey })).to.deep.equal({ valid: false, reason: 'DEMO', licence: DEMO });
      const raised = withChangedDocument(file, (d) => ({ ...d, quantity: 1000 }));
      expect(verifyLicence(raised, key.publicKey, NOW, { demoKey: demoKey.publicKey })).to.deep.include({ valid: false, reason: 'WRONG_KEY' });
      // Saying demo is never valid, whoever signed it (the licence key never signs a demo document; were it made to).
      expect(verifyLicence(signLicence(DEMO, key.privateKey), key.publicKey, NOW)).to.deep.equal({ valid: false, reason: 'DEMO', licence: DEMO });
      // A real file stays valid with the demo key known.
      expect(verifyLicence(signLicenceFile(DOC, keys), key.publicKey, NOW, { demoKey: demoKey.publicKey }).valid).to.equal(true);
    });
  });
});
