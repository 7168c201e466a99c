import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { centsToDecimal, decimalToCents } from '@relaycast/contracts';
import { createFakePayPal } from '../../src/payments/fake-paypal/api.js';
import { debugId, paypalId, paypalTime } from '../../src/payments/fake-paypal/answers.js';
import { memoryState, type Money, type StoredAuthorization, type StoredCapture, type StoredOrder } from '../../src/payments/fake-paypal/state.js';
import { mountSdk, type BuyerAction } from './sdk.js';

/**
 * The PayPal stand-in for tests: the one fake PayPal (read-api/src/payments/fake-paypal — the REST API the demo
 * sandbox runs too) on a free loopback port, its state in memory, with what tests need around it:
 *
 *   GET  /checkoutnow?token=ID            the buyer at once approves and is sent back to return_url (no page)
 *   GET  /vaultapprove?approval_token_id  the buyer at once approves a vault setup token and is sent back
 *   GET  /sdk/js, POST /sdk/approve       the PayPal JS SDK for the browser (sdk.ts), the buyer's answer scripted
 *   POST /v1/notifications/verify-webhook-signature   SUCCESS when the test-known signature is present
 *
 * and its controls: plain methods (approve, failNext, delayNext, captureAmountFor, captureStatusFor, declineWallet,
 * refund, reverse…) and counters (captureCount, refundCount, walletCharges, requests). Nothing here is PayPal's code:
 * it is PayPal's documented protocol, so it proves our use of the real SDK, not PayPal's behaviour under load or its
 * fraud checks.
 */

export const STANDIN_CLIENT_ID = 'standin-client-id';
export const STANDIN_CLIENT_SECRET = 'standin-client-secret';
export const STANDIN_WEBHOOK_ID = 'WH-STANDIN-0001';
/** The transmission signature the stand-in's verify call accepts; anything else is a FAILURE. */
export const STANDIN_SIGNATURE = 'standin-valid-signature';

/** An order as tests read it: its captures and authorizations resolved. */
export type StandInOrder = Omit<StoredOrder, 'captureIds' | 'authorizationIds'> & { captures: StoredCapture[]; authorizations: StoredAuthorization[] };

/** Saved wallets as tests read and seed them: vault id → the payer's e-mail. */
export interface StandInWallets {
  get(vaultId: string): string | undefined;
  has(vaultId: string): boolean;
  set(vaultId: string, email: string): StandInWallets;
  keys(): IterableIterator<string>;
  readonly size: number;
}

export interface PayPalStandIn {
  url: string;
  /** The orders PayPal holds, as they are now. */
  readonly orders: ReadonlyMap<string, StandInOrder>;
  /** Every request, in order: method, path, the PayPal-Request-Id when one was sent, when it arrived (epoch ms), and whether it was limited (429). */
  requests: { method: string; path: string; requestId?: string; at: number; limited?: boolean; retryAfterSeconds?: number }[];
  /** Webhook events PayPal was asked to verify, as parsed from the verify call. */
  verifiedEvents: unknown[];
  /** The verify calls' bodies, byte for byte. */
  verifiedBodies: string[];
  /** The buyer approves the order (what the PayPal window does); from a PayPal account in `country` when given. */
  approve(orderId: string, country?: string | null): void;
  /**
   * The country of the PayPal account that approves from now on (`payer.address.country_code`), every approval — the
   * approve link, the JS SDK's window, `approve` — until changed; null: PayPal shows no address (the default).
   */
  buyerCountry(country: string | null): void;
  /** The buyer's next answers in the JS SDK's PayPal window, in order (afterwards: approve). */
  buyerNext(...actions: BuyerAction[]): void;
  /** Query strings of every load of the JS SDK (GET /sdk/js). */
  sdkLoads: URLSearchParams[];
  /** The next `n` requests whose path matches answer 500 (default: every path, including the token endpoint). */
  failNext(n: number, path?: RegExp): void;
  /** The next `n` matching requests are carried out at once but answered only after `ms`: a slow PayPal. */
  delayNext(n: number, ms: number, path?: RegExp): void;
  /** The next `n` matching requests are refused with 429 RATE_LIMIT_REACHED and `Retry-After: seconds` (not carried out). */
  rateLimitNext(n: number, retryAfterSeconds: number, path?: RegExp): void;
  /** The next `n` matching requests are carried out, then answered 500 (PayPal did the work; the caller does not know). */
  failAfterNext(n: number, path?: RegExp): void;
  /** Every answer comes `ms` later (PayPal's own latency: 300–800 ms in production); 0 to stop. */
  answerDelay(ms: number): void;
  /** PayPal captures this amount instead of the order's (a misbehaving or tampered payment). */
  captureAmountFor(orderId: string, value: string, currency?: string): void;
  /** The capture gets this status (PENDING, DECLINED…) instead of COMPLETED. */
  captureStatusFor(orderId: string, status: string): void;
  /** The next capture of this order is refused with 422 INSTRUMENT_DECLINED (the order stays approved). */
  declineInstrumentOnce(orderId: string): void;
  /** How many times money was actually captured for an order. */
  captureCount(orderId: string): number;
  /** Headers of a webhook PayPal would send; `valid: false` gives a signature the verify call rejects. */
  webhookHeaders(options?: { valid?: boolean }): Record<string, string>;
  /** A PayPal webhook event envelope around a resource. */
  webhookEvent(eventType: string, resource: Record<string, unknown>, resourceType?: string): { id: string; event_type: string; resource: Record<string, unknown> } & Record<string, unknown>;
  /** The capture resource PayPal sends with PAYMENT.CAPTURE.* events (with the order id in supplementary_data). */
  captureResource(orderId: string): Record<string, unknown>;
  /** A refund of (part of) a capture: records it, answers the refund resource PAYMENT.CAPTURE.REFUNDED carries. */
  refund(captureId: string, value?: string, options?: { withCustomId?: boolean }): Record<string, unknown>;
  /** PayPal reverses a capture (a chargeback): the refund-shaped resource PAYMENT.CAPTURE.REVERSED carries. */
  reverse(captureId: string): Record<string, unknown>;
  /** The dispute resource CUSTOMER.DISPUTE.* carries (Disputes v1), for a capture. */
  disputeResource(captureId: string, status: string, options?: { outcome?: string; disputeId?: string }): Record<string, unknown>;
  /** How many refunds PayPal made of a capture through the refund API. */
  refundCount(captureId: string): number;
  /** Saved wallets (vault id → payer e-mail). */
  wallets: StandInWallets;
  /** The next `n` merchant-initiated charges of this wallet (or of every wallet: '*') are declined. */
  declineWallet(vaultId: string, n?: number): void;
  /** How many merchant-initiated charges captured money from a wallet. */
  walletCharges(vaultId?: string): number;
  reset(): void;
  close(): Promise<void>;
}


interface Rule {
  remaining: number;
  path: RegExp;
}

function error(res: Response, status: number, name: string, message: string): void {
  res.status(status).json({ name, message, debug_id: debugId(), links: [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${name}`, rel: 'information_link', method: 'GET' }] });
}

export async function startPayPalStandIn(): Promise<PayPalStandIn> {
  const app = express();
  const store = memoryState();
  const st = () => store.state;
  const captureCounts = new Map<string, number>();
  const refundCounts = new Map<string, number>();
  const amountOverrides = new Map<string, Money>();
  const statusOverrides = new Map<string, string>();
  const instrumentDeclines = new Set<string>();
  const walletDeclines = new Map<string, number>();
  const walletChargeCounts = new Map<string, number>();
  const requests: PayPalStandIn['requests'] = [];
  const verifiedEvents: unknown[] = [];
  const verifiedBodies: string[] = [];
  let failures: (Rule & { status: number })[] = [];
  let delays: (Rule & { ms: number })[] = [];
  let limits: (Rule & { seconds: number })[] = [];
  let failuresAfter: Rule[] = [];
  let latency = 0;
  let base = '';
  const buyerActions: BuyerAction[] = [];
  let payerCountry: string | null = null;
  const sdkLoads: URLSearchParams[] = [];

  const fake = createFakePayPal({
    name: 'The stand-in',
    base: () => base,
    store,
    clientId: STANDIN_CLIENT_ID,
    clientSecret: STANDIN_CLIENT_SECRET,
    buyer: { email: 'buyer@example.com', givenName: 'Test', surname: 'Buyer' },
    verifyWebhook(body, raw) {
      verifiedEvents.push(body.webhook_event);
      verifiedBodies.push(raw);
      return body.transmission_sig === STANDIN_SIGNATURE && body.webhook_id === STANDIN_WEBHOOK_ID && typeof body.webhook_event === 'object';
    },
    controls: {
      buyerCountry: () => payerCountry ?? undefined,
      captureAmount: (orderId) => amountOverrides.get(orderId),
      captureStatus: (orderId) => statusOverrides.get(orderId),
      declineInstrument: (orderId) => instrumentDeclines.delete(orderId),
      declineWalletCharge(vaultId) {
        const key = walletDeclines.has(vaultId) ? vaultId : '*';
        const declines = walletDeclines.get(key) ?? 0;
        if (declines > 0) walletDeclines.set(key, declines - 1);
        return declines > 0;
      },
      captured: (orderId) => void captureCounts.set(orderId, (captureCounts.get(orderId) ?? 0) + 1),
      walletCharged: (vaultId) => void walletChargeCounts.set(vaultId, (walletChargeCounts.get(vaultId) ?? 0) + 1),
      refunded: (captureId) => void refundCounts.set(captureId, (refundCounts.get(captureId) ?? 0) + 1),
    },
  });

  const takeRule = <R extends Rule>(rules: R[], path: string): R | undefined => {
    const rule = rules.find((r) => r.remaining > 0 && r.path.test(path));
    if (rule) rule.remaining--;
    return rule;
  };

  // The tests' network between the product and PayPal: every request logged; refused, failed or slowed on demand.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const requestId = req.get('PayPal-Request-Id');
    const seen: PayPalStandIn['requests'][number] = { method: req.method, path: req.path, ...(requestId ? { requestId } : {}), at: Date.now() };
    requests.push(seen);
    const limit = takeRule(limits, req.path);
    if (limit) {
      seen.limited = true;
      seen.retryAfterSeconds = limit.seconds;
      res.setHeader('Retry-After', String(limit.seconds));
      return error(res, 429, 'RATE_LIMIT_REACHED', 'Too many requests. Blocked due to rate limiting.');
    }
    const failure = takeRule(failures, req.path);
    if (failure) return error(res, failure.status, 'INTERNAL_SERVER_ERROR', 'An internal server error occurred.');
    const send = res.send.bind(res);
    if (takeRule(failuresAfter, req.path)) {
      // The work is done; the answer is lost on the way back (a 500 in its place).
      res.send = ((_body: unknown) => {
        res.status(500).type('application/json');
        return send(JSON.stringify({ name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.', debug_id: debugId(), links: [] }));
      }) as Response['send'];
    }
    const delay = takeRule(delays, req.path);
    const wait = (delay?.ms ?? 0) + latency;
    if (wait > 0) {
      // The work is done now; only the answer is late (PayPal captured, the caller gave up waiting).
      const sendNow = res.send.bind(res);
      res.send = ((body: unknown) => {
        setTimeout(() => {
          if (!res.writableEnded && !res.destroyed) sendNow(body);
        }, wait);
        return res;
      }) as Response['send'];
    }
    next();
  });

  /** The buyer's side: the approve link approves at once and sends the buyer back to the shop. */
  app.get('/checkoutnow', (req, res) => {
    const order = st().orders[String(req.query.token ?? '')];
    if (!order) return void res.status(404).send('Unknown order');
    fake.approveOrder(order);
    if (!order.return_url) return void res.send('Approved');
    const back = new URL(order.return_url);
    back.searchParams.set('token', order.id);
    back.searchParams.set('PayerID', order.payer!.payer_id);
    res.redirect(302, back.toString());
  });

  /** The buyer approves a vault setup token (no payment) and is sent back. */
  app.get('/vaultapprove', (req, res) => {
    const token = st().setupTokens[String(req.query.approval_token_id ?? '')];
    if (!token) return void res.status(404).send('Unknown setup token');
    fake.approveSetupToken(token);
    if (!token.return_url) return void res.send('Approved');
    const back = new URL(token.return_url);
    back.searchParams.set('approval_token_id', token.id);
    res.redirect(302, back.toString());
  });

  mountSdk(app, () => base, {
    clientId: STANDIN_CLIENT_ID,
    loads: sdkLoads,
    nextBuyerAction: () => buyerActions.shift() ?? 'approve',
    approve(orderId) {
      const order = st().orders[orderId];
      if (!order) return null;
      fake.approveOrder(order);
      return order.payer?.payer_id ?? null;
    },
  });

  app.use(fake.router);
  app.use((req, res) => error(res, 404, 'RESOURCE_NOT_FOUND', `The stand-in does not implement ${req.method} ${req.path}`));

  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const orderView = (order: StoredOrder): StandInOrder => {
    const { captureIds, authorizationIds, ...rest } = order;
    return { ...rest, captures: captureIds.map((id) => st().captures[id]!), authorizations: authorizationIds.map((id) => st().authorizations[id]!) };
  };
  const captureOf = (captureId: string) => {
    const capture = st().captures[captureId];
    if (!capture) throw new Error(`stand-in: no capture ${captureId}`);
    return capture;
  };
  const wallets: StandInWallets = {
    get: (vaultId) => st().wallets[vaultId]?.payer.email_address,
    has: (vaultId) => vaultId in st().wallets,
    set(vaultId, email) {
      st().wallets[vaultId] = { payer: { payer_id: `PAYER${vaultId.slice(-8)}`, email_address: email, name: { given_name: 'Test', surname: 'Buyer' } }, create_time: paypalTime(), declineNext: 0 };
      return wallets;
    },
    keys: () => Object.keys(st().wallets)[Symbol.iterator](),
    get size() {
      return Object.keys(st().wallets).length;
    },
  };

  return {
    url: base,
    get orders() {
      return new Map(Object.values(st().orders).map((order) => [order.id, orderView(order)]));
    },
    requests,
    verifiedEvents,
    verifiedBodies,
    approve(orderId, country) {
      const order = st().orders[orderId];
      if (!order) throw new Error(`stand-in: no order ${orderId}`);
      fake.approveOrder(order, country);
    },
    buyerCountry(country) {
      payerCountry = country;
    },
    buyerNext(...actions) {
      buyerActions.push(...actions);
    },
    sdkLoads,
    failNext(n, path = /.*/) {
      failures.push({ remaining: n, path, status: 500 });
    },
    delayNext(n, ms, path = /.*/) {
      delays.push({ remaining: n, path, ms });
    },
    rateLimitNext(n, retryAfterSeconds, path = /.*/) {
      limits.push({ remaining: n, path, seconds: retryAfterSeconds });
    },
    failAfterNext(n, path = /.*/) {
      failuresAfter.push({ remaining: n, path });
    },
    answerDelay(ms) {
      latency = ms;
    },
    captureAmountFor(orderId, value, currency) {
      const order = st().orders[orderId];
      amountOverrides.set(orderId, { currency_code: currency ?? order?.amount.currency_code ?? 'USD', value });
    },
    captureStatusFor(orderId, status) {
      statusOverrides.set(orderId, status);
    },
    declineInstrumentOnce(orderId) {
      instrumentDeclines.add(orderId);
    },
    captureCount: (orderId) => captureCounts.get(orderId) ?? 0,
    webhookHeaders({ valid = true } = {}) {
      return {
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${base}/v1/notifications/certs/CERT-360caa42-fca2a594-standin`,
        'paypal-transmission-id': randomUUID(),
        'paypal-transmission-sig': valid ? STANDIN_SIGNATURE : 'forged-signature',
        'paypal-transmission-time': new Date().toISOString(),
      };
    },
    webhookEvent(eventType, resource, resourceType) {
      return {
        id: `WH-${paypalId()}-${paypalId()}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: resourceType ?? (eventType.startsWith('BILLING.SUBSCRIPTION') ? 'subscription' : eventType.startsWith('CUSTOMER.DISPUTE') ? 'dispute' : eventType === 'PAYMENT.CAPTURE.REFUNDED' || eventType === 'PAYMENT.CAPTURE.REVERSED' ? 'refund' : 'capture'),
        resource_version: '2.0',
        event_type: eventType,
        summary: `Stand-in ${eventType}`,
        resource,
        links: [{ href: `${base}/v1/notifications/webhooks-events/x`, rel: 'self', method: 'GET' }],
      };
    },
    captureResource(orderId) {
      const order = st().orders[orderId];
      const captureId = order?.captureIds[order.captureIds.length - 1];
      if (!order || !captureId) throw new Error(`stand-in: order ${orderId} has no capture`);
      return fake.answers.captureResource(captureOf(captureId));
    },
    refund(captureId, amountValue, { withCustomId = true } = {}) {
      const capture = captureOf(captureId);
      return fake.answers.refundJson(fake.refund(capture, decimalToCents(amountValue ?? capture.amount.value), { withCustomId }));
    },
    reverse(captureId) {
      const capture = captureOf(captureId);
      const reversal = fake.answers.refundJson(fake.refund(capture, decimalToCents(capture.amount.value)));
      capture.status = 'REVERSED';
      return reversal;
    },
    disputeResource(captureId, status, { outcome, disputeId = `PP-D-${paypalId(8)}` } = {}) {
      const capture = captureOf(captureId);
      return {
        dispute_id: disputeId,
        create_time: paypalTime(),
        update_time: paypalTime(),
        disputed_transactions: [{ seller_transaction_id: capture.id, create_time: capture.create_time, transaction_status: 'COMPLETED', gross_amount: capture.amount, custom: capture.custom_id }],
        reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
        status,
        dispute_amount: capture.amount,
        ...(outcome ? { dispute_outcome: { outcome_code: outcome } } : {}),
        dispute_life_cycle_stage: 'INQUIRY',
        links: [{ href: `${base}/v1/customer/disputes/${disputeId}`, rel: 'self', method: 'GET' }],
      };
    },
    refundCount: (captureId) => refundCounts.get(captureId) ?? 0,
    wallets,
    declineWallet(vaultId, n = 1) {
      walletDeclines.set(vaultId, (walletDeclines.get(vaultId) ?? 0) + n);
    },
    walletCharges: (vaultId) => (vaultId ? (walletChargeCounts.get(vaultId) ?? 0) : [...walletChargeCounts.values()].reduce((a, b) => a + b, 0)),
    reset() {
      failures = [];
      delays = [];
      limits = [];
      failuresAfter = [];
      latency = 0;
      buyerActions.length = 0;
      payerCountry = null;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The environment that points the real app (and its PayPal SDK) at a stand-in. */
export function paypalEnv(standin: PayPalStandIn, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    PAYPAL_CLIENT_ID: STANDIN_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: STANDIN_CLIENT_SECRET,
    PAYPAL_ENVIRONMENT: 'sandbox',
    PAYPAL_BASE_URL: standin.url,
    PAYPAL_WEBHOOK_ID: STANDIN_WEBHOOK_ID,
    PAYPAL_TIMEOUT_MS: '1000',
    ...overrides,
  };
}
