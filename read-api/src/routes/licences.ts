import express, { type Router } from 'express';
import { Type } from '@sinclair/typebox';
import { checkLicenceOnline, currentLicenceFile, licenceFileOf } from '@relaycast/billing-core';
import { ConflictError, ValidationError } from '@relaycast/contracts';
import { LicenceVerdictView } from '@relaycast/contracts';
import { authorize, defineRoute } from '../http/route.js';
import type { Runtime } from '../runtime.js';
import { visibleSubscription } from './subscription-access.js';

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
      const current = await currentLicenceFile(rt.paymentDeps, text, keysOf(rt), rt.clock.now());
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
      const { licenceKey, file } = await licenceFileOf(rt.paymentDeps, view._id, keysOf(rt));
      res.setHeader('Cache-Control', 'private, no-store');
      res.attachment(`relaycast-${licenceKey}.lic`);
      res.type('text/plain').send(file);
    } catch (error) {
      next(error);
    }
  });
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
      return { data: await checkLicenceOnline(rt.paymentDeps, body.licence, keysOf(rt), rt.clock.now()) };
    },
  }),
];
