import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, hkdfSync, sign, verify, type KeyObject } from 'node:crypto';

/**
 * Signed licence files for the self-hosted engine, in the manner of Keygen's: the licence document is encoded once
 * (base64url of its JSON bytes) and the Ed25519 signature covers exactly those bytes, so no JSON canonicalisation is
 * needed and a verifier needs only the public key. Ed25519 signatures are deterministic: the same document and key
 * always give the same file. Nothing here throws on a bad file: verification answers a reason.
 */

export const LICENCE_FORMAT = 'relaycast-licence/1';

export interface LicenceDocument {
  format: typeof LICENCE_FORMAT;
  licenceKey: string;
  subscriptionId: string;
  customerId: string;
  plan: { plan_id: string; period?: string };
  modules: { name: string; limit: number }[];
  quantity: number;
  /** The licence's serial on its subscription: each paid period or change issues the next one. */
  serial: number;
  issuedAt: string;
  /** The engine stops accepting it after this (the paid time's end plus the grace; 9999-… for no end). */
  validUntil: string;
  /**
   * Paid with demo payments (PAYMENTS=demo: no money moved). Such a file is signed with the demo key, never the
   * licence key, so an engine that trusts only the licence key refuses it; and no verifier accepts it, whatever key.
   */
  demo?: true;
}

export type LicenceVerdict =
  | { valid: true; licence: LicenceDocument }
  | { valid: false; reason: 'MALFORMED' | 'WRONG_KEY' | 'TAMPERED' | 'EXPIRED' | 'DEMO'; licence?: LicenceDocument };

const BEGIN = '-----BEGIN RELAYCAST LICENCE-----';
const END = '-----END RELAYCAST LICENCE-----';
const MAX_FILE = 64 * 1024;
const SIGNED_PREFIX = 'licence/';

/** A short, stable id of a public key: the first 16 hex digits of the SHA-256 of its SPKI DER. */
export function licenceKeyId(publicKey: KeyObject): string {
  return createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16);
}

export function signLicence(doc: LicenceDocument, privateKey: KeyObject): string {
  const enc = Buffer.from(JSON.stringify(doc), 'utf8').toString('base64url');
  const sig = sign(null, Buffer.from(SIGNED_PREFIX + enc, 'ascii'), privateKey).toString('base64url');
  const body = Buffer.from(JSON.stringify({ enc, sig, alg: 'ed25519', kid: licenceKeyId(createPublicKey(privateKey)) }), 'utf8').toString('base64');
  return `${BEGIN}\n${body.match(/.{1,64}/g)!.join('\n')}\n${END}\n`;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
const isText = (v: unknown, max = 512): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** The document's shape, checked field by field (a verifier must not trust what it has not checked). */
function asDocument(value: unknown): LicenceDocument | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const d = value as Record<string, unknown>;
  const plan = d.plan as Record<string, unknown> | undefined;
  const modules = d.modules;
  const ok =
    d.format === LICENCE_FORMAT &&
    isText(d.licenceKey) &&
    isText(d.subscriptionId, 128) &&
    isText(d.customerId, 128) &&
    typeof plan === 'object' && plan !== null && isText(plan.plan_id, 64) && (plan.period === undefined || isText(plan.period, 64)) &&
    Array.isArray(modules) && modules.length <= 64 &&
    modules.every((m) => typeof m === 'object' && m !== null && isText((m as Record<string, unknown>).name, 64) && isCount((m as Record<string, unknown>).limit)) &&
    isCount(d.quantity) && (d.quantity as number) >= 1 &&
    isCount(d.serial) && (d.serial as number) >= 1 &&
    typeof d.issuedAt === 'string' && ISO.test(d.issuedAt) &&
    typeof d.validUntil === 'string' && ISO.test(d.validUntil) &&
    (d.demo === undefined || d.demo === true);
  return ok ? (d as unknown as LicenceDocument) : null;
}

/**
 * Reads a licence file and checks it against `publicKey` at `now`. A demo licence (its document says `demo`) is never
 * valid: `DEMO`. With `demoKey` (the server's own check) a file signed by it is a genuine demo licence; without it (an
 * engine, the offline verifier) a file that says demo is refused as `DEMO` whoever signed it.
 */
export function verifyLicence(fileText: string, publicKey: KeyObject, now: string, options: { demoKey?: KeyObject } = {}): LicenceVerdict {
  if (typeof fileText !== 'string' || fileText.length > MAX_FILE) return { valid: false, reason: 'MALFORMED' };
  const text = fileText.trim();
  if (!text.startsWith(BEGIN) || !text.endsWith(END)) return { valid: false, reason: 'MALFORMED' };
  const body = text.slice(BEGIN.length, -END.length).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return { valid: false, reason: 'MALFORMED' };
  let envelope: { enc?: unknown; sig?: unknown; alg?: unknown; kid?: unknown };
  let licence: LicenceDocument | null;
  try {
    envelope = JSON.parse(Buffer.from(body, 'base64').toString('utf8')) as typeof envelope;
    if (!isText(envelope.enc, MAX_FILE) || !isText(envelope.sig, 200) || envelope.alg !== 'ed25519' || !isText(envelope.kid, 64)) return { valid: false, reason: 'MALFORMED' };
    if (!/^[A-Za-z0-9_-]+$/.test(envelope.enc) || !/^[A-Za-z0-9_-]+$/.test(envelope.sig)) return { valid: false, reason: 'MALFORMED' };
    licence = asDocument(JSON.parse(Buffer.from(envelope.enc, 'base64url').toString('utf8')));
  } catch {
    return { valid: false, reason: 'MALFORMED' };
  }
  if (!licence) return { valid: false, reason: 'MALFORMED' };
  let genuine = false;
  try {
    genuine = verify(null, Buffer.from(SIGNED_PREFIX + envelope.enc, 'ascii'), publicKey, Buffer.from(envelope.sig, 'base64url'));
  } catch {
    genuine = false;
  }
  if (!genuine) {
    const demoSigned = options.demoKey !== undefined && signedBy(envelope.enc, envelope.sig, options.demoKey);
    if (demoSigned || (options.demoKey === undefined && licence.demo === true)) return { valid: false, reason: 'DEMO', licence };
    return { valid: false, reason: envelope.kid === licenceKeyId(publicKey) ? 'TAMPERED' : 'WRONG_KEY' };
  }
  if (licence.demo === true) return { valid: false, reason: 'DEMO', licence };
  if (licence.validUntil <= now) return { valid: false, reason: 'EXPIRED', licence };
  return { valid: true, licence };
}

function signedBy(enc: string, sig: string, key: KeyObject): boolean {
  try {
    return verify(null, Buffer.from(SIGNED_PREFIX + enc, 'ascii'), key, Buffer.from(sig, 'base64url'));
  } catch {
    return false;
  }
}

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  keyId: string;
  publicKeyPem: string;
}

/** An Ed25519 signing key from a PKCS#8 PEM, base64 of a PKCS#8 DER, or base64 (or hex) of a raw 32-byte seed. */
export function loadSigningKey(text: string): SigningKey {
  const value = text.trim();
  let privateKey: KeyObject;
  if (value.includes('-----BEGIN')) privateKey = createPrivateKey(value);
  else {
    const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
    privateKey =
      bytes.length === 32
        ? createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), bytes]), format: 'der', type: 'pkcs8' })
        : createPrivateKey({ key: bytes, format: 'der', type: 'pkcs8' });
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('LICENCE_SIGNING_KEY must be an Ed25519 private key');
  const publicKey = createPublicKey(privateKey);
  return { privateKey, publicKey, keyId: licenceKeyId(publicKey), publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

/**
 * The demo key: the key demo licences are signed with, never the licence key. Derived from the licence key (HKDF-SHA256
 * over its PKCS#8 bytes, info "relaycast demo licences v1"), so every process with LICENCE_SIGNING_KEY has the same one
 * and none is configured or kept apart; its public key says nothing about the licence key's.
 */
export function demoSigningKeyOf(licenceKey: SigningKey): SigningKey {
  const der = licenceKey.privateKey.export({ format: 'der', type: 'pkcs8' });
  return loadSigningKey(Buffer.from(hkdfSync('sha256', der, 'relaycast-licence', 'relaycast demo licences v1', 32)).toString('hex'));
}

/** A licence file: a demo licence signed with the demo key, any other with the licence key. */
export function signLicenceFile(doc: LicenceDocument, keys: { licence: SigningKey; demo: SigningKey }): string {
  return signLicence(doc, (doc.demo === true ? keys.demo : keys.licence).privateKey);
}

export function generateSigningKeyPem(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}
