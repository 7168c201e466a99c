import express, { type Router } from 'express';
import { handleWebhook } from '@relaycast/billing-core';
import type { CommandMetadata } from '@relaycast/contracts';
import type { Runtime } from '../runtime.js';

export const PAYPAL_WEBHOOK_PATH = '/paypal/webhooks';

/**
 * POST /paypal/webhooks: the body is read raw (express.raw) so it goes back to PayPal's verify call exactly as
 * received, then billing-core's webhook workflow verifies and applies it. Answers: 401 unverified, 400 not an
 * event, 200 applied / unchanged / ignored (PayPal stops), 503 not resolvable yet or our store down (PayPal retries).
 */
export function mountPayPalWebhooks(router: Router, rt: Runtime): void {
  router.post(PAYPAL_WEBHOOK_PATH, express.raw({ type: () => true, limit: '512kb' }), async (req, res) => {
    const metadata: CommandMetadata = { now: rt.clock.now(), actorId: 'paypal-webhook', actorRole: 'SYSTEM', correlationId: String(req.id) };
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
    const rawBody = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    const result = await handleWebhook(rt.paymentDeps, { rawBody, headers, webhookConfigured: Boolean(rt.config.paypal.webhookId) }, metadata);
    rt.logger[result.outcome === 'ignored' ? 'warn' : 'info'](result, 'PayPal webhook');
    res.json({ data: result });
  });
}
