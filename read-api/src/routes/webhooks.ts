import express, { type Router } from 'express';
import { ipKeyGenerator, MemoryStore, type Options, type Store } from 'express-rate-limit';
import { handleWebhook, type WebhookGuard } from '@relaycast/billing-core';
import { AppError, UnauthorizedError, type CommandMetadata } from '@relaycast/contracts';
import type { Runtime } from '../runtime.js';
import { redisCounterStore } from '../http/write-quota.js';

export const PAYPAL_WEBHOOK_PATH = '/paypal/webhooks';

/** Forged deliveries (verification failed) tolerated from one sender in a window before its deliveries stop being verified. */
export const WEBHOOK_FORGERIES_PER_WINDOW = 10;
/** Verification calls in a window: PayPal sends far fewer; beyond this the deliveries wait (PayPal retries them). */
export const WEBHOOK_VERIFICATIONS_PER_WINDOW = 600;
const WINDOW_MS = 10 * 60 * 1000;
/** A transmission older than this, or this far in the future, is not a delivery PayPal is making now. */
const TRANSMISSION_SKEW_MS = 24 * 60 * 60 * 1000;

const HOSTS = /^(api|api-m)(\.sandbox)?\.paypal\.com$/;

/**
 * The checks that cost nothing: PayPal's transmission headers present and well formed, its certificate on a PayPal
 * host (or on PAYPAL_BASE_URL's, where the stand-in or the demo sandbox answers), a transmission of the last day.
 */
function checkHeaders(rt: Runtime, headers: Record<string, string | undefined>): void {
  const refuse = (why: string): never => {
    throw new UnauthorizedError(`Not a PayPal webhook delivery: ${why}`);
  };
  const id = headers['paypal-transmission-id'];
  const sig = headers['paypal-transmission-sig'];
  const time = headers['paypal-transmission-time'];
  const cert = headers['paypal-cert-url'];
  const algo = headers['paypal-auth-algo'];
  if (!id || !sig || !time || !cert || !algo) refuse('the PayPal-Transmission-* headers are missing');
  if (id!.length > 64 || sig!.length > 2048 || algo!.length > 32 || !/^[A-Za-z0-9-]+$/.test(id!)) refuse('a transmission header is malformed');
  const at = Date.parse(time!);
  if (!Number.isFinite(at) || Math.abs(Date.now() - at) > TRANSMISSION_SKEW_MS) refuse('the transmission time is not recent');
  let url: URL | null = null;
  try {
    url = new URL(cert!);
  } catch {
    refuse('the certificate URL is not a URL');
  }
  const base = rt.config.paypal.baseUrl ? new URL(rt.config.paypal.baseUrl) : null;
  const ours = base !== null && url!.origin === base.origin;
  if (!ours && (url!.protocol !== 'https:' || !HOSTS.test(url!.hostname))) refuse('the certificate is not PayPal’s');
}

function counter(rt: Runtime, name: string): Store {
  const store = redisCounterStore(rt, name) ?? new MemoryStore();
  void store.init?.({ windowMs: WINDOW_MS } as Options);
  return store;
}

/**
 * POST /paypal/webhooks: the body is read raw (express.raw) so it goes back to PayPal's verify call exactly as
 * received, then billing-core's webhook workflow verifies and applies it. Before PayPal is asked anything, the
 * delivery's own checks and two limits (counted in Redis when configured): forged deliveries in ten minutes, and
 * verification calls in ten minutes. Answers: 401 unverified or not PayPal's, 400 not an event, 429 a limit spent
 * (PayPal retries), 200 applied / unchanged / ignored (PayPal stops), 503 not resolvable yet or our store down.
 */
export function mountPayPalWebhooks(router: Router, rt: Runtime): void {
  const forged = counter(rt, 'webhook-forged');
  const verified = counter(rt, 'webhook-verifications');
  const hits = (store: Store, key: string) => Promise.resolve(store.get?.(key)).then((info) => info?.totalHits ?? 0, () => 0);
  // Forged deliveries are counted per sender (an attacker's address stops, PayPal's deliveries go on); the
  // verification calls in all, so that many senders together cannot spend PayPal's quota either.
  const guardFor = (sender: string): WebhookGuard => ({
    checkHeaders: (headers) => checkHeaders(rt, headers),
    async beforeVerify() {
      if ((await hits(forged, sender)) >= WEBHOOK_FORGERIES_PER_WINDOW || (await hits(verified, 'all')) >= WEBHOOK_VERIFICATIONS_PER_WINDOW) {
        throw new AppError('RATE_LIMITED', 'Too many webhook deliveries to verify right now; PayPal retries later');
      }
      await Promise.resolve(verified.increment('all')).catch(() => undefined);
    },
    async verifyFailed() {
      await Promise.resolve(forged.increment(sender)).catch(() => undefined);
    },
  });
  router.post(PAYPAL_WEBHOOK_PATH, express.raw({ type: () => true, limit: '512kb' }), async (req, res) => {
    const metadata: CommandMetadata = { now: rt.clock.now(), actorId: 'paypal-webhook', actorRole: 'SYSTEM', correlationId: String(req.id) };
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
    const rawBody = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    // The sender as the sign-in limit counts it: the address the proxy saw (TRUST_PROXY), an IPv6 sender by its /56.
    const sender = req.ip ? ipKeyGenerator(req.ip) : 'unknown';
    const result = await handleWebhook(rt.paymentDeps, { rawBody, headers, webhookConfigured: Boolean(rt.config.paypal.webhookId) }, metadata, guardFor(sender));
    rt.logger[result.outcome === 'ignored' ? 'warn' : 'info'](result, 'PayPal webhook');
    res.json({ data: result });
  });
}
