import express, { type Router } from 'express';
import { Type } from '@sinclair/typebox';
import { licenceDocumentOf, licenceStanding, loadSubscription, paidWithDemoMoney, signLicenceFile, subscriptionDecider, verifyLicence, type ExistingSubscription } from '@relaycast/billing-core';
import { ConflictError, NotFoundError, ValidationError } from '@relaycast/contracts';
import { LicenceVerdictView } from '@relaycast/contracts';
import { authorize, defineRoute } from '../http/route.js';
import type { Runtime } from '../runtime.js';
import { visibleSubscription } from './subscription-access.js';

/**
 * The subscription's current licence as a signed file's document: a demo licence (said in the document, signed with
 * the demo key) when demo money paid into it — demo money never becomes a real entitlement.
 */
async function currentDocument(rt: Runtime, sub: ExistingSubscription) {
  const demo = paidWithDemoMoney(await rt.events.readStream(subscriptionDecider.streamId(sub.id)));
  return licenceDocumentOf(sub, { demo });
}
const keysOf = (rt: Runtime) => ({ licence: rt.licenceKey, demo: rt.demoLicenceKey });

/**
 * Signed licences: the public key engines verify with (offline), the current licence file of a subscription (its
 * customer or an administrator downloads it), and an online check that also knows about revocations.
 */
export function mountLicences(router: Router, rt: Runtime): void {
  router.get('/licence/public-key', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('X-Licence-Key-Id', rt.licenceKey.keyId);
    res.type('application/x-pem-file').send(rt.licenceKey.publicKeyPem);
  });

  // Engines fetch the current file online with the one they hold (no customer credentials in the engine): a renewal,
  // a grace after a missed payment, a paid change — the file the subscription carries now, or 409 and why not.
  router.post('/licence/current', express.json({ limit: '80kb' }), async (req, res, next) => {
    try {
      const text = (req.body as { licence?: unknown } | undefined)?.licence;
      if (typeof text !== 'string' || text.length === 0 || text.length > 65_536) throw ValidationError.field('licence', 'must be the text of a licence file (at most 64 KiB)');
      const current = await currentFileFor(rt, text);
      if ('refused' in current) throw new ConflictError(`No current licence file: ${current.refused} (${current.reason})`);
      res.setHeader('Cache-Control', 'no-store');
      res.type('text/plain').send(current.file);
    } catch (error) {
      next(error);
    }
  });

  router.get('/subscriptions/licence', async (req, res, next) => {
    try {
      authorize('customer', req.auth.user);
      const id = typeof req.query.id === 'string' ? req.query.id : '';
      const view = await visibleSubscription(rt, req.auth.user, id, 'read');
      const { sub } = await loadSubscription(rt.paymentDeps, view._id);
      const doc = await currentDocument(rt, sub);
      if (!doc) throw new NotFoundError('This subscription has no licence yet: it is issued with the first payment');
      if (sub.licence?.revoked) throw new ConflictError('This subscription’s licence was revoked (cancelled, paused, refunded or unpaid); nothing to download');
      res.setHeader('Cache-Control', 'private, no-store');
      res.attachment(`relaycast-${doc.licenceKey}.lic`);
      res.type('text/plain').send(signLicenceFile(doc, keysOf(rt)));
    } catch (error) {
      next(error);
    }
  });
}

/** The file an engine presents names the licence; the current one of the same key is handed back (or why not). */
async function currentFileFor(rt: Runtime, fileText: string): Promise<{ file: string } | { refused: string; reason: string }> {
  const verdict = verifyLicence(fileText, rt.licenceKey.publicKey, rt.clock.now(), { demoKey: rt.demoLicenceKey.publicKey });
  // An expired file of ours still names its licence: that is exactly when an engine asks for the current one. A demo
  // licence is no engine's: nothing is handed back for it.
  const genuine = verdict.valid || verdict.reason === 'EXPIRED' ? verdict.licence : undefined;
  if (!verdict.valid && verdict.reason === 'DEMO') return { refused: 'a demo licence (demo payments: no money moved) is never valid on an engine', reason: 'DEMO' };
  if (!genuine) return { refused: 'the file is not a genuine licence of this server', reason: verdict.valid ? 'MALFORMED' : verdict.reason };
  let sub = await loadSubscription(rt.paymentDeps, genuine.subscriptionId).then(({ sub }) => sub, () => null);
  let doc = sub ? await currentDocument(rt, sub) : null;
  // The last file issued grants more than the coverage now entitles to (issued under an earlier rule): the clock's
  // licence refresh issues the right one now, and that is the current file.
  if (sub && doc && licenceStanding(sub, doc, rt.clock.now()).valid === false && !sub.licence?.revoked) {
    const now = rt.clock.now();
    await rt.paymentDeps.execute(subscriptionDecider, sub.id, { type: 'RefreshLicence', data: {}, metadata: { now, actorId: 'licence-check', actorRole: 'SYSTEM', correlationId: `licence-current-${sub.id}`, causationId: null } });
    sub = (await loadSubscription(rt.paymentDeps, sub.id)).sub;
    doc = await currentDocument(rt, sub);
  }
  if (!sub || !doc || doc.licenceKey !== genuine.licenceKey) return { refused: 'this licence no longer exists', reason: 'REVOKED' };
  if (sub.licence?.revoked || doc.validUntil <= rt.clock.now()) return { refused: 'no licence is current: the subscription is paused, cancelled or unpaid', reason: 'REVOKED' };
  if (doc.demo) return { refused: 'the subscription was paid with demo payments (no money moved): its licence is a demo licence', reason: 'DEMO' };
  return { file: signLicenceFile(doc, keysOf(rt)) };
}

export const licenceRoutes = [
  defineRoute({
    path: '/licence/verify',
    answer: LicenceVerdictView,
    storeless: true,
    query: true,
    access: 'public',
    tag: 'Licences',
    summary:
      'Check a licence file online: its signature and date (as the engine does offline), and whether it is still the subscription’s licence or was revoked or replaced since. Answers valid, a reason, and what the file says. A demo licence (paid with demo payments: no money moved) answers reason DEMO, never valid.',
    body: Type.Object({ licence: Type.String({ minLength: 1, maxLength: 65_536 }) }, { additionalProperties: false }),
    async handle({ body, rt }) {
      // A demo licence (signed with the demo key, or saying demo whoever signed it) answers DEMO: never valid.
      const verdict = verifyLicence(body.licence, rt.licenceKey.publicKey, rt.clock.now(), { demoKey: rt.demoLicenceKey.publicKey });
      if (!verdict.valid) return { data: { valid: false, reason: verdict.reason, ...(verdict.licence ? { licence: verdict.licence } : {}) } };
      const sub = await loadSubscription(rt.paymentDeps, verdict.licence.subscriptionId).then(({ sub }) => sub, () => null);
      // Signed by us; whether it still stands is billing-core's rule (revoked, replaced, or beyond what is entitled now).
      return { data: { ...licenceStanding(sub, verdict.licence, rt.clock.now()), licence: verdict.licence } };
    },
  }),
];
