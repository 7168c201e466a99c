import { randomBytes, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { mountSdk, type BuyerAction } from './sdk.js';

/**
 * A PayPal stand-in for tests: an Express app on a free loopback port that speaks the parts of PayPal's REST API
 * the product uses, with the shapes PayPal documents (the SDK validates every answer against its schemas):
 *
 *   POST /v1/oauth2/token                               client credentials (Basic auth) → Bearer token
 *   POST /v2/checkout/orders                            create (PayPal-Request-Id: a repeat returns the first order)
 *   GET  /v2/checkout/orders/:id                        show
 *   POST /v2/checkout/orders/:id/capture                capture (PayPal-Request-Id honoured; a second capture with
 *                                                       another id → 422 ORDER_ALREADY_CAPTURED)
 *   POST /v2/checkout/orders/:id/authorize              authorize (intent AUTHORIZE)
 *   POST /v2/payments/authorizations/:id/void           void an authorization
 *   GET  /v2/payments/captures/:id                      show a capture (custom_id, related order id)
 *   POST /v2/payments/captures/:id/refund               refund all or part (PayPal-Request-Id honoured; more than
 *                                                       remains → 422 REFUND_AMOUNT_EXCEEDED)
 *   POST /v2/checkout/orders with payment_source.paypal.attributes.vault (store_in_vault ON_SUCCESS, usage_type
 *                                                       MERCHANT): the capture saves the wallet; the order shows
 *                                                       payment_source.paypal.attributes.vault {id, status VAULTED}
 *   POST /v2/checkout/orders with payment_source.paypal.vault_id: a merchant-initiated payment, created and captured
 *                                                       at once (201 COMPLETED); a declined wallet gives a capture
 *                                                       with status DECLINED (declineWallet)
 *   POST /v3/vault/setup-tokens                         a setup token to approve (PAYER_ACTION_REQUIRED, approve link)
 *   POST /v3/vault/payment-tokens                       an approved setup token → a payment token (the saved wallet)
 *   POST /v1/notifications/verify-webhook-signature     SUCCESS when the test-known signature is present
 *   GET  /checkoutnow?token=ID                          the buyer's approval page: approves, redirects to return_url
 *   GET  /sdk/js?client-id=…                            the PayPal JS SDK for the browser (sdk.ts): Buttons that call
 *                                                       createOrder, approve at POST /sdk/approve, then onApprove
 *
 * Test controls are plain methods (approve, failNext, delayNext, captureAmountFor, captureStatusFor…) and
 * counters (captureCount, requests). Nothing here is PayPal's code: it is PayPal's documented protocol, so it
 * proves our use of the real SDK, not PayPal's behaviour under load or its fraud checks.
 */

export const STANDIN_CLIENT_ID = 'standin-client-id';
export const STANDIN_CLIENT_SECRET = 'standin-client-secret';
export const STANDIN_WEBHOOK_ID = 'WH-STANDIN-0001';
/** The transmission signature the stand-in's verify call accepts; anything else is a FAILURE. */
export const STANDIN_SIGNATURE = 'standin-valid-signature';

interface Money {
  currency_code: string;
  value: string;
}
interface Link {
  href: string;
  rel: string;
  method: string;
}
interface StoredCapture {
  id: string;
  status: string;
  amount: Money;
  custom_id?: string;
  final_capture: boolean;
  seller_protection: { status: string; dispute_categories: string[] };
  links: Link[];
  create_time: string;
  update_time: string;
  orderId: string;
}
interface StoredAuthorization {
  id: string;
  status: string;
  amount: Money;
  custom_id?: string;
  expiration_time: string;
  links: Link[];
  create_time: string;
  update_time: string;
  orderId: string;
}
interface StoredOrder {
  id: string;
  intent: 'CAPTURE' | 'AUTHORIZE';
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  amount: Money;
  custom_id?: string;
  description?: string;
  reference_id: string;
  return_url?: string;
  cancel_url?: string;
  create_time: string;
  update_time: string;
  payer?: { payer_id: string; email_address: string; name: { given_name: string; surname: string } };
  captures: StoredCapture[];
  authorizations: StoredAuthorization[];
  /** The PayPal-Request-Id the order was created with. */
  requestId?: string;
  /** The buyer asked to save the wallet (vault ON_SUCCESS), and the id it was saved under once captured. */
  vaultRequested?: boolean;
  vaultId?: string;
}

interface Reply {
  status: number;
  body: unknown;
}

interface Rule {
  remaining: number;
  path: RegExp;
}

export interface PayPalStandIn {
  url: string;
  orders: Map<string, StoredOrder>;
  /** Every request, in order: method, path, the PayPal-Request-Id when one was sent, when it arrived (epoch ms), and whether it was limited (429). */
  requests: { method: string; path: string; requestId?: string; at: number; limited?: boolean; retryAfterSeconds?: number }[];
  /** Webhook events PayPal was asked to verify, as parsed from the verify call. */
  verifiedEvents: unknown[];
  /** The verify calls' bodies, byte for byte. */
  verifiedBodies: string[];
  /** The buyer approves the order (what the PayPal window does). */
  approve(orderId: string): void;
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
  wallets: Map<string, string>;
  /** The next `n` merchant-initiated charges of this wallet (or of every wallet: '*') are declined. */
  declineWallet(vaultId: string, n?: number): void;
  /** How many merchant-initiated charges captured money from a wallet. */
  walletCharges(vaultId?: string): number;
  reset(): void;
  close(): Promise<void>;
}

const debugId = () => randomBytes(7).toString('hex');
const paypalId = () => randomBytes(9).toString('base64url').replace(/[-_]/g, 'X').toUpperCase().slice(0, 17);
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

function error(res: Response, status: number, name: string, message: string, issue?: string, description?: string): void {
  res.status(status).json({
    name,
    message,
    debug_id: debugId(),
    ...(issue ? { details: [{ issue, description: description ?? message }] } : {}),
    links: [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue ?? name}`, rel: 'information_link', method: 'GET' }],
  });
}

export async function startPayPalStandIn(): Promise<PayPalStandIn> {
  const app = express();
  const tokens = new Set<string>();
  const orders = new Map<string, StoredOrder>();
  const captures = new Map<string, StoredCapture>();
  const authorizations = new Map<string, StoredAuthorization>();
  const refunds = new Map<string, Record<string, unknown> & { captureId: string }>();
  const refundCounts = new Map<string, number>();
  const cents = (v: string) => Math.round(Number(v) * 100);
  const value = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
  /** Records a refund of a capture, as PayPal shows it (links up to the capture), and updates the capture's status. */
  const makeRefund = (capture: StoredCapture, amountValue: string, withCustomId: boolean, status: string) => {
    const id = paypalId();
    const refund = {
      id,
      amount: { currency_code: capture.amount.currency_code, value: amountValue },
      status,
      ...(withCustomId && capture.custom_id ? { custom_id: capture.custom_id } : {}),
      create_time: now(),
      update_time: now(),
      links: [
        { href: `${base}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
        { href: `${base}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
      ],
      captureId: capture.id,
    };
    refunds.set(id, refund);
    const refunded = [...refunds.values()].filter((r) => r.captureId === capture.id).reduce((sum, r) => sum + cents((r.amount as Money).value), 0);
    capture.status = refunded >= cents(capture.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    return refund;
  };
  /** PayPal-Request-Id → the first answer, per operation. */
  const idempotent = new Map<string, Reply>();
  const captureCounts = new Map<string, number>();
  const amountOverrides = new Map<string, Money>();
  const statusOverrides = new Map<string, string>();
  const instrumentDeclines = new Set<string>();
  const wallets = new Map<string, string>();
  const walletDeclines = new Map<string, number>();
  const walletChargeCounts = new Map<string, number>();
  const setupTokens = new Map<string, { id: string; status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'USED'; return_url?: string; vaultId?: string }>();
  const requests: PayPalStandIn['requests'] = [];
  const verifiedEvents: unknown[] = [];
  const verifiedBodies: string[] = [];
  const rawBodies = new WeakMap<object, string>();
  let failures: (Rule & { status: number })[] = [];
  let delays: (Rule & { ms: number })[] = [];
  let limits: (Rule & { seconds: number })[] = [];
  let failuresAfter: Rule[] = [];
  let latency = 0;
  let base = '';
  const buyerActions: BuyerAction[] = [];
  const sdkLoads: URLSearchParams[] = [];

  const takeRule = <R extends Rule>(rules: R[], path: string): R | undefined => {
    const rule = rules.find((r) => r.remaining > 0 && r.path.test(path));
    if (rule) rule.remaining--;
    return rule;
  };

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

  app.post('/v1/oauth2/token', express.urlencoded({ extended: false }), (req, res) => {
    const basic = /^Basic (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    const [id, secret] = Buffer.from(basic ?? '', 'base64').toString().split(':');
    if (id !== STANDIN_CLIENT_ID || secret !== STANDIN_CLIENT_SECRET) {
      res.status(401).json({ error: 'invalid_client', error_description: 'Client Authentication failed' });
      return;
    }
    if ((req.body as { grant_type?: string }).grant_type !== 'client_credentials') {
      res.status(400).json({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      return;
    }
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.add(token);
    res.json({
      scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/notifications',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-STANDIN',
      expires_in: 32400,
      nonce: `${now()}${randomBytes(8).toString('hex')}`,
    });
  });

  /** The buyer's side: the approve link opens this page, which approves and sends the buyer back to the shop. */
  app.get('/checkoutnow', (req, res) => {
    const order = orders.get(String(req.query.token ?? ''));
    if (!order) return void res.status(404).send('Unknown order');
    approveOrder(order);
    if (!order.return_url) return void res.send('Approved');
    const back = new URL(order.return_url);
    back.searchParams.set('token', order.id);
    back.searchParams.set('PayerID', order.payer!.payer_id);
    res.redirect(302, back.toString());
  });

  /** The buyer approves a vault setup token (no payment) and is sent back. */
  app.get('/vaultapprove', (req, res) => {
    const token = setupTokens.get(String(req.query.approval_token_id ?? ''));
    if (!token) return void res.status(404).send('Unknown setup token');
    if (token.status === 'PAYER_ACTION_REQUIRED') token.status = 'APPROVED';
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
      const order = orders.get(orderId);
      if (!order) return null;
      approveOrder(order);
      return order.payer?.payer_id ?? null;
    },
  });

  app.use(['/v2', '/v1/notifications'], (req, res, next) => {
    const token = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (!token || !tokens.has(token)) {
      res.status(401).json({ error: 'invalid_token', error_description: 'Token signature verification failed' });
      return;
    }
    next();
  });
  app.use(express.json({ limit: '1mb', verify: (req, _res, buf) => void rawBodies.set(req, buf.toString('utf8')) }));

  /** PayPal captures an order's money (or declines it): the capture, its links, the order COMPLETED. */
  function captureNow(order: StoredOrder, status: string): void {
    const capture: StoredCapture = {
      id: paypalId(),
      status,
      amount: amountOverrides.get(order.id) ?? order.amount,
      ...(order.custom_id ? { custom_id: order.custom_id } : {}),
      final_capture: true,
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      links: [],
      create_time: now(),
      update_time: now(),
      orderId: order.id,
    };
    capture.links = [
      { href: `${base}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
      { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
    ];
    captures.set(capture.id, capture);
    order.captures.push(capture);
    order.status = 'COMPLETED';
    order.update_time = now();
  }

  function approveOrder(order: StoredOrder): void {
    if (order.status !== 'CREATED') return;
    order.status = 'APPROVED';
    order.update_time = now();
    order.payer = { payer_id: `PAYER${paypalId().slice(0, 8)}`, email_address: 'buyer@example.com', name: { given_name: 'Test', surname: 'Buyer' } };
  }

  const orderLinks = (order: StoredOrder): Link[] => [
    { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
    ...(order.status === 'CREATED' ? [{ href: `${base}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }] : []),
    ...(order.status === 'APPROVED'
      ? [{ href: `${base}/v2/checkout/orders/${order.id}/${order.intent === 'CAPTURE' ? 'capture' : 'authorize'}`, rel: order.intent === 'CAPTURE' ? 'capture' : 'authorize', method: 'POST' }]
      : []),
  ];

  const captureJson = (c: StoredCapture) => {
    const { orderId: _orderId, ...json } = c;
    return json;
  };
  const authorizationJson = (a: StoredAuthorization) => {
    const { orderId: _orderId, ...json } = a;
    return json;
  };

  function orderJson(order: StoredOrder): Record<string, unknown> {
    const payments =
      order.captures.length || order.authorizations.length
        ? {
            payments: {
              ...(order.captures.length ? { captures: order.captures.map(captureJson) } : {}),
              ...(order.authorizations.length ? { authorizations: order.authorizations.map(authorizationJson) } : {}),
            },
          }
        : {};
    return {
      id: order.id,
      intent: order.intent,
      status: order.status,
      ...(order.payer
        ? {
            payer: order.payer,
            payment_source: {
              paypal: {
                email_address: order.payer.email_address,
                account_id: order.payer.payer_id,
                account_status: 'VERIFIED',
                name: order.payer.name,
                ...(order.vaultId
                  ? { attributes: { vault: { id: order.vaultId, status: 'VAULTED', customer: { id: `CUST-${order.payer.payer_id}` }, links: [] } } }
                  : {}),
              },
            },
          }
        : {}),
      purchase_units: [
        {
          reference_id: order.reference_id,
          amount: order.amount,
          ...(order.custom_id ? { custom_id: order.custom_id } : {}),
          ...(order.description ? { description: order.description } : {}),
          ...payments,
        },
      ],
      create_time: order.create_time,
      update_time: order.update_time,
      links: orderLinks(order),
    };
  }

  /**
   * Runs an operation once per PayPal-Request-Id: a repeat of a request that succeeded gets the first answer and
   * does nothing again. A refused request is not remembered, so the same id works once the refusal is resolved
   * (an order approved after ORDER_NOT_APPROVED).
   */
  function once(scope: string, req: Request, res: Response, run: () => Reply): void {
    const requestId = req.get('PayPal-Request-Id');
    const key = requestId ? `${scope}\u0000${requestId}` : null;
    const reply = (key && idempotent.get(key)) || run();
    if (key && reply.status < 300) idempotent.set(key, reply);
    res.status(reply.status).json(reply.body);
  }

  const issue = (status: number, name: string, message: string, issueName: string, description: string): Reply => ({
    status,
    body: { name, message, debug_id: debugId(), details: [{ issue: issueName, description }], links: [] },
  });
  const unprocessable = (issueName: string, description: string) =>
    issue(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', issueName, description);
  const notFound = () => issue(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist. Please check the resource ID and try again.');

  app.post('/v2/checkout/orders', (req, res) => {
    once('create', req, res, () => {
      const body = req.body as {
        intent?: string;
        purchase_units?: { reference_id?: string; amount?: Money; custom_id?: string; description?: string }[];
        payment_source?: {
          paypal?: {
            vault_id?: string;
            attributes?: { vault?: { store_in_vault?: string; usage_type?: string } };
            experience_context?: { return_url?: string; cancel_url?: string };
          };
        };
      };
      const unit = body.purchase_units?.[0];
      if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') {
        return issue(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', 'INVALID_PARAMETER_VALUE', 'intent must be CAPTURE or AUTHORIZE');
      }
      if (!unit?.amount || !/^\d+(\.\d{2})?$/.test(unit.amount.value) || !/^[A-Z]{3}$/.test(unit.amount.currency_code) || Number(unit.amount.value) <= 0) {
        return issue(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', 'INVALID_PARAMETER_VALUE', 'purchase_units[0].amount is invalid');
      }
      if (unit.custom_id && unit.custom_id.length > 127) {
        return issue(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', 'INVALID_STRING_LENGTH', 'custom_id is longer than 127');
      }
      const context = body.payment_source?.paypal?.experience_context;
      const vaultInstruction = body.payment_source?.paypal?.attributes?.vault;
      if (vaultInstruction && (vaultInstruction.store_in_vault !== 'ON_SUCCESS' || !['MERCHANT', 'PLATFORM'].includes(vaultInstruction.usage_type ?? ''))) {
        return issue(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', 'INVALID_PARAMETER_VALUE', 'payment_source.paypal.attributes.vault is invalid');
      }
      const vaultId = body.payment_source?.paypal?.vault_id;
      if (vaultId !== undefined && !wallets.has(vaultId)) {
        return unprocessable('PAYMENT_SOURCE_INFO_CANNOT_BE_VERIFIED', 'The provided payment source (vault_id) is not valid or was deleted.');
      }
      const order: StoredOrder = {
        id: paypalId(),
        intent: body.intent,
        status: 'CREATED',
        amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
        ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
        ...(unit.description ? { description: unit.description } : {}),
        reference_id: unit.reference_id ?? 'default',
        ...(context?.return_url ? { return_url: context.return_url } : {}),
        ...(context?.cancel_url ? { cancel_url: context.cancel_url } : {}),
        create_time: now(),
        update_time: now(),
        captures: [],
        authorizations: [],
        ...(req.get('PayPal-Request-Id') ? { requestId: req.get('PayPal-Request-Id')! } : {}),
        ...(vaultInstruction ? { vaultRequested: true } : {}),
      };
      orders.set(order.id, order);
      if (vaultId !== undefined) {
        // Merchant-initiated: the saved wallet pays at once, no buyer approval.
        order.payer = { payer_id: `PAYER${vaultId.slice(-8)}`, email_address: wallets.get(vaultId)!, name: { given_name: 'Test', surname: 'Buyer' } };
        order.vaultId = vaultId;
        const declines = walletDeclines.get(vaultId) ?? walletDeclines.get('*') ?? 0;
        const declined = declines > 0;
        if (declined) walletDeclines.set(walletDeclines.has(vaultId) ? vaultId : '*', declines - 1);
        captureNow(order, declined ? 'DECLINED' : 'COMPLETED');
        if (!declined) walletChargeCounts.set(vaultId, (walletChargeCounts.get(vaultId) ?? 0) + 1);
      }
      return { status: 201, body: orderJson(order) };
    });
  });

  app.get('/v2/checkout/orders/:id', (req, res) => {
    const order = orders.get(req.params.id);
    const reply = order ? { status: 200, body: orderJson(order) } : notFound();
    res.status(reply.status).json(reply.body);
  });

  app.post('/v2/checkout/orders/:id/capture', (req, res) => {
    once(`capture:${req.params.id}`, req, res, () => {
      const order = orders.get(req.params.id);
      if (!order) return notFound();
      if (order.intent !== 'CAPTURE') return unprocessable('ACTION_DOES_NOT_MATCH_INTENT', 'Order was created with an intent to AUTHORIZE; capture it through its authorization.');
      if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured. If intent=CAPTURE only one capture per order is allowed.');
      if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
      if (instrumentDeclines.delete(order.id)) {
        return unprocessable('INSTRUMENT_DECLINED', 'The instrument presented was either declined by the processor or bank, or it can\'t be used for this payment.');
      }
      captureNow(order, statusOverrides.get(order.id) ?? 'COMPLETED');
      if (order.vaultRequested && order.payer && !order.vaultId) {
        order.vaultId = `VT-${paypalId().slice(0, 12)}`;
        wallets.set(order.vaultId, order.payer.email_address);
      }
      captureCounts.set(order.id, (captureCounts.get(order.id) ?? 0) + 1);
      return { status: 201, body: orderJson(order) };
    });
  });

  app.post('/v2/checkout/orders/:id/authorize', (req, res) => {
    once(`authorize:${req.params.id}`, req, res, () => {
      const order = orders.get(req.params.id);
      if (!order) return notFound();
      if (order.intent !== 'AUTHORIZE') return unprocessable('ACTION_DOES_NOT_MATCH_INTENT', 'Order was created with an intent to CAPTURE; it cannot be authorized.');
      if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_AUTHORIZED', 'Order already authorized. If intent=AUTHORIZE only one authorization per order is allowed.');
      if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
      const authorization: StoredAuthorization = {
        id: paypalId(),
        status: statusOverrides.get(order.id) ?? 'CREATED',
        amount: order.amount,
        ...(order.custom_id ? { custom_id: order.custom_id } : {}),
        expiration_time: new Date(Date.now() + 29 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        links: [],
        create_time: now(),
        update_time: now(),
        orderId: order.id,
      };
      authorization.links = [
        { href: `${base}/v2/payments/authorizations/${authorization.id}`, rel: 'self', method: 'GET' },
        { href: `${base}/v2/payments/authorizations/${authorization.id}/capture`, rel: 'capture', method: 'POST' },
        { href: `${base}/v2/payments/authorizations/${authorization.id}/void`, rel: 'void', method: 'POST' },
        { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
      ];
      authorizations.set(authorization.id, authorization);
      order.authorizations.push(authorization);
      order.status = 'COMPLETED';
      if (order.vaultRequested && order.payer && !order.vaultId) {
        order.vaultId = `VT-${paypalId().slice(0, 12)}`;
        wallets.set(order.vaultId, order.payer.email_address);
      }
      order.update_time = now();
      return { status: 201, body: orderJson(order) };
    });
  });

  app.post('/v2/payments/authorizations/:id/void', (req, res) => {
    const authorization = authorizations.get(req.params.id);
    if (!authorization) {
      const reply = notFound();
      return void res.status(reply.status).json(reply.body);
    }
    const requestId = req.get('PayPal-Request-Id');
    const key = requestId ? `void\u0000${requestId}` : null;
    if (!(key && idempotent.has(key))) {
      if (authorization.status === 'VOIDED') {
        const reply = unprocessable('PREVIOUSLY_VOIDED', 'Authorization has been previously voided and hence cannot be voided again.');
        return void res.status(reply.status).json(reply.body);
      }
      authorization.status = 'VOIDED';
      authorization.update_time = now();
      if (key) idempotent.set(key, { status: 204, body: null });
    }
    if (/return=representation/.test(req.get('Prefer') ?? '')) return void res.status(200).json(authorizationJson(authorization));
    res.status(204).end();
  });

  app.get('/v2/payments/captures/:id', (req, res) => {
    const capture = captures.get(req.params.id);
    if (!capture) {
      const reply = notFound();
      return void res.status(reply.status).json(reply.body);
    }
    res.json({ ...captureJson(capture), supplementary_data: { related_ids: { order_id: capture.orderId } } });
  });

  app.post('/v2/payments/captures/:id/refund', (req, res) => {
    once(`refund:${req.params.id}`, req, res, () => {
      const capture = captures.get(req.params.id);
      if (!capture) return notFound();
      const body = req.body as { amount?: Money };
      const refundedCents = [...refunds.values()].filter((r) => r.captureId === capture.id).reduce((sum, r) => sum + cents((r.amount as Money).value), 0);
      const wanted = body.amount ? cents(body.amount.value) : cents(capture.amount.value) - refundedCents;
      if (wanted <= 0 || refundedCents + wanted > cents(capture.amount.value)) {
        return unprocessable('REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.');
      }
      const refund = makeRefund(capture, value(wanted), true, 'COMPLETED');
      refundCounts.set(capture.id, (refundCounts.get(capture.id) ?? 0) + 1);
      const { captureId: _c, ...json } = refund;
      return { status: 201, body: json };
    });
  });

  app.use('/v3', (req, res, next) => {
    const token = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (!token || !tokens.has(token)) return void res.status(401).json({ error: 'invalid_token', error_description: 'Token signature verification failed' });
    next();
  });

  app.post('/v3/vault/setup-tokens', (req, res) => {
    once('setup-token', req, res, () => {
      const paypal = (req.body as { payment_source?: { paypal?: { usage_type?: string; experience_context?: { return_url?: string } } } }).payment_source?.paypal;
      if (!paypal) return issue(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', 'MISSING_REQUIRED_PARAMETER', 'payment_source.paypal is required');
      const token = { id: `ST-${paypalId().slice(0, 12)}`, status: 'PAYER_ACTION_REQUIRED' as const, ...(paypal.experience_context?.return_url ? { return_url: paypal.experience_context.return_url } : {}) };
      setupTokens.set(token.id, token);
      return {
        status: 201,
        body: {
          id: token.id,
          customer: { id: `CUST-${token.id}` },
          status: token.status,
          payment_source: { paypal: { usage_type: paypal.usage_type ?? 'MERCHANT' } },
          links: [
            { href: `${base}/vaultapprove?approval_token_id=${token.id}`, rel: 'approve', method: 'GET' },
            { href: `${base}/v3/vault/setup-tokens/${token.id}`, rel: 'self', method: 'GET' },
          ],
        },
      };
    });
  });

  app.post('/v3/vault/payment-tokens', (req, res) => {
    once('payment-token', req, res, () => {
      const source = (req.body as { payment_source?: { token?: { id?: string; type?: string } } }).payment_source?.token;
      const setup = source?.type === 'SETUP_TOKEN' && source.id ? setupTokens.get(source.id) : undefined;
      if (!setup) return notFound();
      if (setup.status !== 'APPROVED') return unprocessable('TOKEN_NOT_APPROVED', 'The setup token has not been approved by the payer.');
      const vaultId = `VT-${paypalId().slice(0, 12)}`;
      wallets.set(vaultId, 'buyer@example.com');
      setup.status = 'USED';
      setup.vaultId = vaultId;
      return {
        status: 201,
        body: {
          id: vaultId,
          customer: { id: `CUST-${setup.id}` },
          payment_source: { paypal: { email_address: 'buyer@example.com', usage_type: 'MERCHANT' } },
          links: [{ href: `${base}/v3/vault/payment-tokens/${vaultId}`, rel: 'self', method: 'GET' }],
        },
      };
    });
  });

  app.post('/v1/notifications/verify-webhook-signature', (req, res) => {
    const b = req.body as Record<string, unknown>;
    const required = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'];
    const missing = required.find((k) => b[k] === undefined || b[k] === '');
    if (missing) return error(res, 400, 'VALIDATION_ERROR', 'Invalid request - see details', 'MISSING_REQUIRED_PARAMETER', `${missing} is required`);
    verifiedEvents.push(b.webhook_event);
    verifiedBodies.push(rawBodies.get(req) ?? '');
    const ok = b.transmission_sig === STANDIN_SIGNATURE && b.webhook_id === STANDIN_WEBHOOK_ID && typeof b.webhook_event === 'object';
    res.json({ verification_status: ok ? 'SUCCESS' : 'FAILURE' });
  });

  app.use((req, res) => error(res, 404, 'RESOURCE_NOT_FOUND', `The stand-in does not implement ${req.method} ${req.path}`));

  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    orders,
    requests,
    verifiedEvents,
    verifiedBodies,
    approve(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`stand-in: no order ${orderId}`);
      approveOrder(order);
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
      const order = orders.get(orderId);
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
      const order = orders.get(orderId);
      const capture = order?.captures[order.captures.length - 1];
      if (!order || !capture) throw new Error(`stand-in: order ${orderId} has no capture`);
      return { ...captureJson(capture), supplementary_data: { related_ids: { order_id: order.id } } };
    },
    refund(captureId, amountValue, { withCustomId = true } = {}) {
      const capture = captures.get(captureId);
      if (!capture) throw new Error(`stand-in: no capture ${captureId}`);
      const { captureId: _c, ...json } = makeRefund(capture, amountValue ?? capture.amount.value, withCustomId, 'COMPLETED');
      return json;
    },
    reverse(captureId) {
      const capture = captures.get(captureId);
      if (!capture) throw new Error(`stand-in: no capture ${captureId}`);
      const { captureId: _c, ...json } = makeRefund(capture, capture.amount.value, true, 'COMPLETED');
      capture.status = 'REVERSED';
      return json;
    },
    disputeResource(captureId, status, { outcome, disputeId = `PP-D-${paypalId().slice(0, 8)}` } = {}) {
      const capture = captures.get(captureId);
      if (!capture) throw new Error(`stand-in: no capture ${captureId}`);
      return {
        dispute_id: disputeId,
        create_time: now(),
        update_time: now(),
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
