import { ConflictError, NotFoundError } from '@relaycast/contracts';
import { loadSubscription, type PaymentDeps } from '../payments/context.js';
import { subscriptionDecider, type ExistingSubscription } from '../subscription/index.js';
import { licenceDocumentOf, paidWithDemoMoney } from './document.js';
import { signLicenceFile, verifyLicence, type LicenceDocument, type SigningKey } from './index.js';
import { licenceStanding } from './standing.js';

/**
 * The licence use cases the HTTP API offers (docs/licences.md): a subscription's current file to download, the
 * current file for the one an engine holds, and the online check. The keys are the process's; every rule is here.
 */

export interface LicenceKeys {
  licence: SigningKey;
  demo: SigningKey;
}

type Deps = Pick<PaymentDeps, 'events' | 'execute'>;

const subscriptionOrNull = (deps: Deps, id: string) => loadSubscription(deps as PaymentDeps, id).then(({ sub }) => sub, () => null);

/**
 * The subscription's current licence as a signed file's document: a demo licence (said in the document, signed with
 * the demo key) when demo money paid into it — demo money never becomes a real entitlement.
 */
async function currentDocument(deps: Deps, sub: ExistingSubscription): Promise<LicenceDocument | null> {
  const demo = paidWithDemoMoney(await deps.events.readStream(subscriptionDecider.streamId(sub.id)));
  return licenceDocumentOf(sub, { demo });
}

/** The file a customer or an administrator downloads: 404 before the first coverage, 409 once revoked. */
export async function licenceFileOf(deps: Deps, subscriptionId: string, keys: LicenceKeys): Promise<{ licenceKey: string; file: string }> {
  const { sub } = await loadSubscription(deps as PaymentDeps, subscriptionId);
  const doc = await currentDocument(deps, sub);
  if (!doc) throw new NotFoundError('This subscription has no licence yet: it is issued with the first payment');
  if (sub.licence?.revoked) throw new ConflictError('This subscription’s licence was revoked (cancelled, paused, refunded or unpaid); nothing to download');
  return { licenceKey: doc.licenceKey, file: signLicenceFile(doc, keys) };
}

/**
 * The file an engine presents names the licence; the current one of the same key is handed back (or why not). An
 * expired file of ours still names its licence: that is exactly when an engine asks. A demo licence is no engine's.
 */
export async function currentLicenceFile(deps: Deps, fileText: string, keys: LicenceKeys, now: string): Promise<{ file: string } | { refused: string; reason: string }> {
  const verdict = verifyLicence(fileText, keys.licence.publicKey, now, { demoKey: keys.demo.publicKey });
  const genuine = verdict.valid || verdict.reason === 'EXPIRED' ? verdict.licence : undefined;
  if (!verdict.valid && verdict.reason === 'DEMO') return { refused: 'a demo licence (demo payments: no money moved) is never valid on an engine', reason: 'DEMO' };
  if (!genuine) return { refused: 'the file is not a genuine licence of this server', reason: verdict.valid ? 'MALFORMED' : verdict.reason };
  let sub = await subscriptionOrNull(deps, genuine.subscriptionId);
  let doc = sub ? await currentDocument(deps, sub) : null;
  // The last file issued grants more than the coverage now entitles to (issued under an earlier rule): the clock's
  // licence refresh issues the right one now, and that is the current file.
  if (sub && doc && licenceStanding(sub, doc, now).valid === false && !sub.licence?.revoked) {
    await deps.execute(subscriptionDecider, sub.id, { type: 'RefreshLicence', data: {}, metadata: { now, actorId: 'licence-check', actorRole: 'SYSTEM', correlationId: `licence-current-${sub.id}`, causationId: null } });
    sub = (await loadSubscription(deps as PaymentDeps, sub.id)).sub;
    doc = await currentDocument(deps, sub);
  }
  if (!sub || !doc || doc.licenceKey !== genuine.licenceKey) return { refused: 'this licence no longer exists', reason: 'REVOKED' };
  if (sub.licence?.revoked || doc.validUntil <= now) return { refused: 'no licence is current: the subscription is paused, cancelled or unpaid', reason: 'REVOKED' };
  if (doc.demo) return { refused: 'the subscription was paid with demo payments (no money moved): its licence is a demo licence', reason: 'DEMO' };
  return { file: signLicenceFile(doc, keys) };
}

/**
 * The online check: the signature and date (as an engine checks offline), then whether the file still stands — not
 * revoked, not replaced, nothing beyond what the subscription entitles to now. A demo licence answers DEMO.
 */
export async function checkLicenceOnline(deps: Deps, fileText: string, keys: LicenceKeys, now: string) {
  const verdict = verifyLicence(fileText, keys.licence.publicKey, now, { demoKey: keys.demo.publicKey });
  if (!verdict.valid) return { valid: false as const, reason: verdict.reason, ...(verdict.licence ? { licence: verdict.licence } : {}) };
  const sub = await subscriptionOrNull(deps, verdict.licence.subscriptionId);
  return { ...licenceStanding(sub, verdict.licence, now), licence: verdict.licence };
}
