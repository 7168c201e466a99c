import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { verifyLicence } from './index.js';

/**
 * Verifies a licence file offline, with nothing but the public key (GET /licence/public-key):
 *
 *   npx tsx billing-core/src/licence/cli.ts verify <licence-file> --public-key <public-key.pem> [--now <ISO time>]
 *
 * Exit 0: valid; 1: not valid (the reason is printed); 2: usage or unreadable input.
 */
const REASONS = {
  MALFORMED: 'not a Relaycast licence file (damaged or incomplete)',
  WRONG_KEY: 'signed with another key than this public key',
  TAMPERED: 'its contents were changed after it was signed',
  EXPIRED: 'its validity has ended',
  DEMO: 'a demo licence: paid with demo payments (no money moved), never valid on an engine',
} as const;

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('usage: licence verify <licence-file> --public-key <public-key.pem> [--now <ISO time>]');
  process.exit(2);
}

const [command, file, ...rest] = process.argv.slice(2);
if (command !== 'verify' || !file) usage();
const option = (name: string) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : undefined;
};
const keyPath = option('public-key') ?? usage('--public-key is required');
const now = option('now') ?? new Date().toISOString();
if (!Number.isFinite(Date.parse(now))) usage('--now must be an ISO-8601 time');

let text: string;
let publicKey;
try {
  text = readFileSync(file, 'utf8');
  publicKey = createPublicKey(readFileSync(keyPath, 'utf8'));
} catch (error) {
  usage(`cannot read the licence file or the public key: ${(error as Error).message}`);
}
const verdict = verifyLicence(text, publicKey, new Date(Date.parse(now)).toISOString());
const doc = verdict.licence;
if (doc) {
  console.log(`licence key    ${doc.licenceKey} (serial ${doc.serial})`);
  console.log(`subscription   ${doc.subscriptionId}, customer ${doc.customerId}`);
  console.log(`plan           ${doc.plan.plan_id}${doc.plan.period ? ` (${doc.plan.period})` : ''}, ${doc.quantity} unit(s)`);
  console.log(`modules        ${doc.modules.map((m) => `${m.name} ${m.limit}`).join(', ') || '—'}`);
  console.log(`valid until    ${doc.validUntil.startsWith('9999') ? 'no end' : doc.validUntil}`);
}
if (verdict.valid) {
  console.log('VALID: signed by Relaycast and in force');
  process.exit(0);
}
console.log(`NOT VALID: ${REASONS[verdict.reason]} (${verdict.reason})`);
process.exit(1);
