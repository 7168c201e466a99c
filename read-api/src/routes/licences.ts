import type { Router } from 'express';
import { Type } from '@sinclair/typebox';
import { licenceDocumentOf, loadSubscription, signLicence, verifyLicence } from '@relaycast/billing-core';
import { ConflictError, NotFoundError } from '@relaycast/contracts';
import { authorize, defineRoute } from '../http/route.js';
import type { Runtime } from '../runtime.js';
import { visibleSubscription } from './subscription-access.js';

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

  router.get('/subscriptions/licence', async (req, res, next) => {
    try {
      authorize('customer', req.auth.user);
      const id = typeof req.query.id === 'string' ? req.query.id : '';
      const view = await visibleSubscription(rt, req.auth.user, id, 'read');
      const { sub } = await loadSubscription(rt.paymentDeps, view._id);
      const doc = licenceDocumentOf(sub);
      if (!doc) throw new NotFoundError('This subscription has no licence yet: it is issued with the first payment');
      if (sub.licence?.revoked) throw new ConflictError('This subscription’s licence was revoked (cancelled, paused, refunded or unpaid); nothing to download');
      res.setHeader('Cache-Control', 'private, no-store');
      res.attachment(`relaycast-${doc.licenceKey}.lic`);
      res.type('text/plain').send(signLicence(doc, rt.licenceKey.privateKey));
    } catch (error) {
      next(error);
    }
  });
}

export const licenceRoutes = [
  defineRoute({
    path: '/licence/verify',
    query: true,
    access: 'public',
    tag: 'Licences',
    summary:
      'Check a licence file online: its signature and date (as the engine does offline), and whether it is still the subscription’s licence or was revoked or replaced since. Answers valid, a reason, and what the file says.',
    body: Type.Object({ licence: Type.String({ minLength: 1, maxLength: 65_536 }) }, { additionalProperties: false }),
    async handle({ body, rt }) {
      const verdict = verifyLicence(body.licence, rt.licenceKey.publicKey, rt.clock.now());
      if (!verdict.valid) return { data: { valid: false, reason: verdict.reason, ...(verdict.licence ? { licence: verdict.licence } : {}) } };
      const current = await loadSubscription(rt.paymentDeps, verdict.licence.subscriptionId).then(
        ({ sub }) => sub.licence,
        () => undefined,
      );
      // Signed by us but no longer standing: the subscription was removed, its licence revoked, or a later one replaced it.
      if (!current || current.licenceKey !== verdict.licence.licenceKey) return { data: { valid: false, reason: 'REVOKED', licence: verdict.licence } };
      if (current.revoked && current.serial >= verdict.licence.serial) return { data: { valid: false, reason: 'REVOKED', licence: verdict.licence } };
      if (current.serial > verdict.licence.serial) {
        // An earlier file stands only within what the current licence grants (a renewal); one that grants more — more
        // units, or beyond the current end (a refund, a downgrade) — is replaced: offline it runs to its date, online no.
        const within = verdict.licence.validUntil <= current.validUntil && verdict.licence.quantity <= current.quantity &&
          verdict.licence.modules.every((m) => m.limit <= (current.modules.find((c) => c.name === m.name)?.limit ?? -1));
        if (!within) return { data: { valid: false, reason: 'SUPERSEDED', currentSerial: current.serial, licence: verdict.licence } };
        return { data: { valid: true, superseded: true, currentSerial: current.serial, licence: verdict.licence } };
      }
      return { data: { valid: true, licence: verdict.licence } };
    },
  }),
];
