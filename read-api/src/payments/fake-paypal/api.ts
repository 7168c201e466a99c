import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { centsToDecimal, decimalToCents } from '@relaycast/contracts';
import { answers, internalError, invalid, issue, notFound, paypalId, paypalTime, payerOf, unprocessable, type FakeBuyer } from './answers.js';
import type { Money, Reply, StateFile, StoredAuthorization, StoredCapture, StoredOrder, StoredRefund, StoredSetupToken } from './state.js';

/**
 * The one fake PayPal: the parts of PayPal's REST API the product uses, in PayPal's documented shapes (the SDK
 * validates every answer), for the demo sandbox (payments/demo: PAYMENTS=demo, its state in a file, the buyer's
 * pages) and the tests' stand-in (read-api/test/paypal-standin: its state in memory, with the tests' controls):
 *
 *   POST /v1/oauth2/token                            client credentials (Basic auth) → Bearer token (signed with the
 *                                                    client secret: valid across restarts, in every process)
 *   POST /v2/checkout/orders                         create (intent CAPTURE or AUTHORIZE); with
 *                                                    payment_source.paypal.attributes.vault (store_in_vault ON_SUCCESS)
 *                                                    the payment saves the wallet; with payment_source.paypal.vault_id
 *                                                    a merchant-initiated order, created and captured at once (the
 *                                                    capture DECLINED while the wallet is set to decline)
 *   GET  /v2/checkout/orders/:id                     show
 *   POST /v2/checkout/orders/:id/capture             capture an approved order (422 ORDER_NOT_APPROVED,
 *                                                    ORDER_ALREADY_CAPTURED, ACTION_DOES_NOT_MATCH_INTENT)
 *   POST /v2/checkout/orders/:id/authorize           authorize an approved order (intent AUTHORIZE)
 *   POST /v2/payments/authorizations/:id/void        void an authorization
 *   GET  /v2/payments/captures/:id                   show a capture (custom_id, related order id)
 *   POST /v2/payments/captures/:id/refund            refund all or part (422 REFUND_AMOUNT_EXCEEDED)
 *   POST /v3/vault/setup-tokens                      a setup token for the buyer to approve (saving without paying)
 *   POST /v3/vault/payment-tokens                    an approved setup token → a payment token (the saved wallet)
 *   POST /v1/notifications/verify-webhook-signature  SUCCESS or FAILURE, as the fake's `verifyWebhook` says
 *
 * Every POST honours PayPal-Request-Id (a repeat gets the first successful answer and does nothing again). The buyer's
 * side (the approve links, the JS SDK) is the fake's user's: the demo's pages, or the tests' automatic buyer.
 */

export interface FakePayPalControls {
  /** PayPal captures this amount instead of the order's (a misbehaving or tampered payment). */
  captureAmount?(orderId: string): Money | undefined;
  /** The capture (or authorization) gets this status (PENDING, DECLINED…) instead of COMPLETED (CREATED). */
  captureStatus?(orderId: string): string | undefined;
  /** The next capture of this order is refused with 422 INSTRUMENT_DECLINED (answers true once, then forgets). */
  declineInstrument?(orderId: string): boolean;
  /** Is this merchant-initiated charge of the wallet declined? Undefined: as the wallet's own `declineNext` says. */
  declineWalletCharge?(vaultId: string): boolean | undefined;
  /** The country of the PayPal account that approves next (the tests' per-buyer control); undefined: the buyer's own. */
  buyerCountry?(): string | undefined;
  /** Money was captured for an order by its capture call; a saved wallet was charged; a capture was refunded by the API. */
  captured?(orderId: string): void;
  walletCharged?(vaultId: string): void;
  refunded?(captureId: string): void;
}

export interface FakePayPalOptions {
  /** What it calls itself in its 404s (the demo sandbox, the stand-in). */
  name: string;
  /** PayPal's API origin as the adapter reaches it: the links it answers are absolute under it. */
  base: () => string;
  store: StateFile;
  clientId: string;
  clientSecret: string;
  /** The buyer its approvals stand for. */
  buyer: FakeBuyer;
  /** The verify call's answer: whether a webhook delivery (the verify call's body, and its raw text) was signed by it. */
  verifyWebhook(body: Record<string, unknown>, raw: string): boolean;
  controls?: FakePayPalControls;
  onError?(error: unknown): void;
}

export interface FakePayPal {
  /** PayPal's REST API. */
  router: Router;
  state(): StateFile['state'];
  answers: ReturnType<typeof answers>;
  /** The buyer approves an order (what PayPal's window does): APPROVED, with a payer (in `country`, when given: else the buyer's own). */
  approveOrder(order: StoredOrder, country?: string | null): void;
  /** The buyer approves a vault setup token. */
  approveSetupToken(token: StoredSetupToken): void;
  /** A refund of `cents` of a capture, recorded as PayPal shows it; the capture's status follows. */
  refund(capture: StoredCapture, cents: number, options?: { withCustomId?: boolean }): StoredRefund;
  /** Saves the state (the demo's file). */
  save(): void;
}

const TOKEN_TTL_S = 32_400;
const AMOUNT = /^\d{1,10}(\.\d{2})?$/;

export function createFakePayPal(options: FakePayPalOptions): FakePayPal {
  const { store, controls = {} } = options;
  const st = () => store.state;
  const save = () => store.save();
  const json = answers(options.base, st);

  // --- OAuth tokens: signed, not stored.
  const sign = (text: string) => createHmac('sha256', options.clientSecret).update(text).digest('base64url');
  const issueToken = () => {
    const expires = Math.floor(Date.now() / 1000) + TOKEN_TTL_S;
    return `A21AA${expires.toString(36)}.${sign(`token:${expires}`)}`;
  };
  const validToken = (token: string) => {
    const m = /^A21AA([0-9a-z]+)\.([\w-]+)$/.exec(token);
    if (!m) return false;
    const expires = parseInt(m[1]!, 36);
    if (!(expires * 1000 > Date.now())) return false;
    const expected = Buffer.from(sign(`token:${expires}`));
    const given = Buffer.from(m[2]!);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  const sameSecret = (given: string) => {
    const a = Buffer.from(given);
    const b = Buffer.from(options.clientSecret);
    return a.length === b.length && timingSafeEqual(a, b);
  };

  const send = (res: Response, reply: Reply) => void (reply.body === null ? res.status(reply.status).end() : res.status(reply.status).json(reply.body));

  /**
   * Runs an operation once per PayPal-Request-Id: a repeat of a request that succeeded gets the first answer and does
   * nothing again. A refused request is not remembered (an order approved after ORDER_NOT_APPROVED can be captured
   * with the same id). The state is saved before the answer goes out.
   */
  function once(scope: string, req: Request, res: Response, run: () => Reply): void {
    const requestId = req.get('PayPal-Request-Id');
    const key = requestId ? `${scope}\u0000${requestId}` : null;
    const earlier = key ? st().replies[key] : undefined;
    if (earlier) return send(res, earlier);
    const reply = run();
    if (key && reply.status < 300) st().replies[key] = reply;
    save();
    send(res, reply);
  }

  function saveWalletFor(order: StoredOrder): void {
    if (!order.vaultRequested || !order.payer || order.vaultId) return;
    order.vaultId = paypalId(10).toLowerCase();
    st().wallets[order.vaultId] = { payer: order.payer, create_time: paypalTime(), declineNext: 0 };
  }

  function captureNow(order: StoredOrder, status: string): void {
    const capture: StoredCapture = {
      id: paypalId(),
      status,
      amount: controls.captureAmount?.(order.id) ?? order.amount,
      ...(order.custom_id ? { custom_id: order.custom_id } : {}),
      create_time: paypalTime(),
      update_time: paypalTime(),
      orderId: order.id,
    };
    st().captures[capture.id] = capture;
    order.captureIds.push(capture.id);
    order.status = 'COMPLETED';
    order.update_time = paypalTime();
  }

  function approveOrder(order: StoredOrder, country?: string | null): void {
    if (order.status !== 'CREATED') return;
    order.status = 'APPROVED';
    order.update_time = paypalTime();
    const { country: own, ...buyer } = options.buyer;
    // The buyer's answer (the demo's page), else the tests' control, else the account's own country.
    const chosen = country !== undefined ? country : (controls.buyerCountry?.() ?? own);
    order.payer = payerOf({ ...buyer, ...(chosen ? { country: chosen } : {}) });
  }

  function approveSetupToken(token: StoredSetupToken): void {
    if (token.status !== 'PAYER_ACTION_REQUIRED') return;
    token.status = 'APPROVED';
    token.payer = payerOf(options.buyer);
  }

  const refundedCents = (captureId: string) => Object.values(st().refunds).filter((r) => r.captureId === captureId).reduce((sum, r) => sum + decimalToCents(r.amount.value), 0);

  function refund(capture: StoredCapture, cents: number, { withCustomId = true } = {}): StoredRefund {
    const before = refundedCents(capture.id);
    const record: StoredRefund = {
      id: paypalId(),
      status: 'COMPLETED',
      amount: { currency_code: capture.amount.currency_code, value: centsToDecimal(cents) },
      ...(withCustomId && capture.custom_id ? { custom_id: capture.custom_id } : {}),
      create_time: paypalTime(),
      update_time: paypalTime(),
      captureId: capture.id,
    };
    st().refunds[record.id] = record;
    capture.status = before + cents >= decimalToCents(capture.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.update_time = paypalTime();
    return record;
  }

  const router = express.Router();

  router.post('/v1/oauth2/token', express.urlencoded({ extended: false, limit: '10kb' }), (req, res) => {
    const basic = /^Basic (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    const [id, ...secret] = Buffer.from(basic ?? '', 'base64').toString().split(':');
    if (id !== options.clientId || !sameSecret(secret.join(':'))) {
      res.status(401).json({ error: 'invalid_client', error_description: 'Client Authentication failed' });
      return;
    }
    if ((req.body as { grant_type?: string } | undefined)?.grant_type !== 'client_credentials') {
      res.status(400).json({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      return;
    }
    res.json({
      scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/vault/payment-tokens/readwrite https://uri.paypal.com/services/notifications',
      access_token: issueToken(),
      token_type: 'Bearer',
      app_id: 'APP-RELAYCAST-FAKE',
      expires_in: TOKEN_TTL_S,
      nonce: `${paypalTime()}${randomBytes(8).toString('hex')}`,
    });
  });

  // PayPal's REST API: Bearer tokens from /v1/oauth2/token only.
  const API = ['/v1/notifications', '/v2', '/v3'];
  const api = express.Router();
  api.use(API, (req, res, next) => {
    const token = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (!token || !validToken(token)) {
      res.status(401).json({ error: 'invalid_token', error_description: 'Token signature verification failed' });
      return;
    }
    next();
  });
  api.use(API, express.json({ limit: '1mb', type: ['application/json', 'application/*+json'], verify: (req, _res, buf) => void ((req as Request & { rawBody?: string }).rawBody = buf.toString('utf8')) }));

  api.post('/v2/checkout/orders', (req, res) => {
    once('create', req, res, () => {
      const body = (req.body ?? {}) as {
        intent?: string;
        purchase_units?: { reference_id?: string; amount?: Money; custom_id?: string; description?: string }[];
        payment_source?: { paypal?: { vault_id?: string; attributes?: { vault?: { store_in_vault?: string; usage_type?: string } }; experience_context?: { return_url?: string; cancel_url?: string } } };
      };
      const unit = body.purchase_units?.[0];
      if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') return invalid('INVALID_PARAMETER_VALUE', 'intent must be CAPTURE or AUTHORIZE');
      if (!unit?.amount || typeof unit.amount.value !== 'string' || !AMOUNT.test(unit.amount.value) || !/^[A-Z]{3}$/.test(String(unit.amount.currency_code)) || Number(unit.amount.value) <= 0) {
        return invalid('INVALID_PARAMETER_VALUE', 'purchase_units[0].amount is invalid');
      }
      if (unit.custom_id !== undefined && (typeof unit.custom_id !== 'string' || unit.custom_id.length > 127)) return invalid('INVALID_STRING_LENGTH', 'custom_id is longer than 127');
      if (unit.description !== undefined && (typeof unit.description !== 'string' || unit.description.length > 127)) return invalid('INVALID_STRING_LENGTH', 'description is longer than 127');
      const paypal = body.payment_source?.paypal;
      const context = paypal?.experience_context;
      for (const [field, url] of [['return_url', context?.return_url], ['cancel_url', context?.cancel_url]] as const) {
        if (url !== undefined && !/^https?:\/\//.test(String(url))) return invalid('INVALID_PARAMETER_SYNTAX', `payment_source.paypal.experience_context.${field} must be an absolute URL`);
      }
      const vaultInstruction = paypal?.attributes?.vault;
      if (vaultInstruction && (vaultInstruction.store_in_vault !== 'ON_SUCCESS' || !['MERCHANT', 'PLATFORM'].includes(vaultInstruction.usage_type ?? ''))) {
        return invalid('INVALID_PARAMETER_VALUE', 'payment_source.paypal.attributes.vault is invalid');
      }
      const vaultId = paypal?.vault_id;
      const wallet = vaultId !== undefined ? st().wallets[vaultId] : undefined;
      if (vaultId !== undefined && !wallet) return unprocessable('PAYMENT_SOURCE_INFO_CANNOT_BE_VERIFIED', 'The provided payment source (vault_id) is not valid or was deleted.');
      const order: StoredOrder = {
        id: paypalId(),
        intent: body.intent,
        status: 'CREATED',
        amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
        ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
        ...(unit.description ? { description: unit.description } : {}),
        reference_id: typeof unit.reference_id === 'string' ? unit.reference_id : 'default',
        ...(context?.return_url ? { return_url: context.return_url } : {}),
        ...(context?.cancel_url ? { cancel_url: context.cancel_url } : {}),
        create_time: paypalTime(),
        update_time: paypalTime(),
        captureIds: [],
        authorizationIds: [],
        ...(vaultInstruction ? { vaultRequested: true } : {}),
        ...(req.get('PayPal-Request-Id') ? { requestId: req.get('PayPal-Request-Id')! } : {}),
      };
      st().orders[order.id] = order;
      if (vaultId !== undefined && wallet) {
        // Merchant-initiated: the saved wallet pays at once, without the buyer.
        order.payer = wallet.payer;
        order.vaultId = vaultId;
        const declined = controls.declineWalletCharge?.(vaultId) ?? (wallet.declineNext > 0 && wallet.declineNext-- > 0);
        captureNow(order, declined ? 'DECLINED' : 'COMPLETED');
        if (!declined) controls.walletCharged?.(vaultId);
      }
      return { status: 201, body: json.orderJson(order) };
    });
  });

  api.get('/v2/checkout/orders/:id', (req, res) => {
    const order = st().orders[req.params.id];
    send(res, order ? { status: 200, body: json.orderJson(order) } : notFound());
  });

  api.post('/v2/checkout/orders/:id/capture', (req, res) => {
    once(`capture:${req.params.id}`, req, res, () => {
      const order = st().orders[req.params.id];
      if (!order) return notFound();
      if (order.intent !== 'CAPTURE') return unprocessable('ACTION_DOES_NOT_MATCH_INTENT', 'Order was created with an intent to AUTHORIZE; capture it through its authorization.');
      if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured. If intent=CAPTURE only one capture per order is allowed.');
      if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
      if (controls.declineInstrument?.(order.id)) {
        return unprocessable('INSTRUMENT_DECLINED', "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.");
      }
      captureNow(order, controls.captureStatus?.(order.id) ?? 'COMPLETED');
      saveWalletFor(order);
      controls.captured?.(order.id);
      return { status: 201, body: json.orderJson(order) };
    });
  });

  api.post('/v2/checkout/orders/:id/authorize', (req, res) => {
    once(`authorize:${req.params.id}`, req, res, () => {
      const order = st().orders[req.params.id];
      if (!order) return notFound();
      if (order.intent !== 'AUTHORIZE') return unprocessable('ACTION_DOES_NOT_MATCH_INTENT', 'Order was created with an intent to CAPTURE; it cannot be authorized.');
      if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_AUTHORIZED', 'Order already authorized. If intent=AUTHORIZE only one authorization per order is allowed.');
      if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
      const authorization: StoredAuthorization = {
        id: paypalId(),
        status: controls.captureStatus?.(order.id) ?? 'CREATED',
        amount: order.amount,
        ...(order.custom_id ? { custom_id: order.custom_id } : {}),
        expiration_time: paypalTime(Date.now() + 29 * 86_400_000),
        create_time: paypalTime(),
        update_time: paypalTime(),
        orderId: order.id,
      };
      st().authorizations[authorization.id] = authorization;
      order.authorizationIds.push(authorization.id);
      order.status = 'COMPLETED';
      order.update_time = paypalTime();
      saveWalletFor(order);
      return { status: 201, body: json.orderJson(order) };
    });
  });

  api.post('/v2/payments/authorizations/:id/void', (req, res) => {
    const authorization = st().authorizations[req.params.id];
    if (!authorization) return send(res, notFound());
    const requestId = req.get('PayPal-Request-Id');
    const key = requestId ? `void\u0000${requestId}` : null;
    if (!(key && st().replies[key])) {
      if (authorization.status === 'VOIDED') return send(res, unprocessable('PREVIOUSLY_VOIDED', 'Authorization has been previously voided and hence cannot be voided again.'));
      authorization.status = 'VOIDED';
      authorization.update_time = paypalTime();
      if (key) st().replies[key] = { status: 204, body: null };
      save();
    }
    if (/return=representation/.test(req.get('Prefer') ?? '')) return void res.status(200).json(json.authorizationJson(authorization));
    res.status(204).end();
  });

  api.get('/v2/payments/captures/:id', (req, res) => {
    const capture = st().captures[req.params.id];
    send(res, capture ? { status: 200, body: json.captureResource(capture) } : notFound());
  });

  api.post('/v2/payments/captures/:id/refund', (req, res) => {
    once(`refund:${req.params.id}`, req, res, () => {
      const capture = st().captures[req.params.id];
      if (!capture) return notFound();
      const amount = (req.body as { amount?: Money } | undefined)?.amount;
      if (amount && (typeof amount.value !== 'string' || !AMOUNT.test(amount.value) || amount.currency_code !== capture.amount.currency_code)) return invalid('INVALID_PARAMETER_VALUE', 'amount is invalid');
      const refunded = refundedCents(capture.id);
      const wanted = amount ? decimalToCents(amount.value) : decimalToCents(capture.amount.value) - refunded;
      if (wanted <= 0 || refunded + wanted > decimalToCents(capture.amount.value)) {
        return unprocessable('REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.');
      }
      const made = refund(capture, wanted);
      controls.refunded?.(capture.id);
      return { status: 201, body: json.refundJson(made) };
    });
  });

  api.post('/v3/vault/setup-tokens', (req, res) => {
    once('setup-token', req, res, () => {
      const paypal = (req.body as { payment_source?: { paypal?: { usage_type?: string; experience_context?: { return_url?: string; cancel_url?: string } } } } | undefined)?.payment_source?.paypal;
      if (!paypal) return invalid('MISSING_REQUIRED_PARAMETER', 'payment_source.paypal is required');
      const context = paypal.experience_context;
      const token: StoredSetupToken = {
        id: paypalId(12),
        status: 'PAYER_ACTION_REQUIRED',
        usage_type: paypal.usage_type ?? 'MERCHANT',
        ...(context?.return_url ? { return_url: context.return_url } : {}),
        ...(context?.cancel_url ? { cancel_url: context.cancel_url } : {}),
        create_time: paypalTime(),
      };
      st().setupTokens[token.id] = token;
      return {
        status: 201,
        body: {
          id: token.id,
          customer: { id: `CUST-${token.id}` },
          status: token.status,
          payment_source: { paypal: { usage_type: token.usage_type } },
          links: [
            { href: `${options.base()}/vaultapprove?approval_token_id=${token.id}`, rel: 'approve', method: 'GET' },
            { href: `${options.base()}/v3/vault/setup-tokens/${token.id}`, rel: 'self', method: 'GET' },
          ],
        },
      };
    });
  });

  api.post('/v3/vault/payment-tokens', (req, res) => {
    once('payment-token', req, res, () => {
      const source = (req.body as { payment_source?: { token?: { id?: string; type?: string } } } | undefined)?.payment_source?.token;
      const setup = source?.type === 'SETUP_TOKEN' && typeof source.id === 'string' ? st().setupTokens[source.id] : undefined;
      if (!setup) return notFound();
      if (setup.status === 'USED' && setup.vaultId) return unprocessable('SETUP_TOKEN_ALREADY_USED', 'The setup token has already been used to create a payment token.');
      if (setup.status !== 'APPROVED' || !setup.payer) return unprocessable('TOKEN_NOT_APPROVED', 'The setup token has not been approved by the payer.');
      const vaultId = paypalId(10).toLowerCase();
      st().wallets[vaultId] = { payer: setup.payer, create_time: paypalTime(), declineNext: 0 };
      setup.status = 'USED';
      setup.vaultId = vaultId;
      return {
        status: 201,
        body: {
          id: vaultId,
          customer: { id: `CUST-${setup.id}` },
          payment_source: { paypal: { email_address: setup.payer.email_address, usage_type: setup.usage_type } },
          links: [{ href: `${options.base()}/v3/vault/payment-tokens/${vaultId}`, rel: 'self', method: 'GET' }],
        },
      };
    });
  });

  api.post('/v1/notifications/verify-webhook-signature', (req, res) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const required = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'];
    const missing = required.find((k) => b[k] === undefined || b[k] === '');
    if (missing) return send(res, issue(400, 'VALIDATION_ERROR', 'Invalid request - see details', 'MISSING_REQUIRED_PARAMETER', `${missing} is required`));
    res.json({ verification_status: options.verifyWebhook(b, (req as Request & { rawBody?: string }).rawBody ?? '') ? 'SUCCESS' : 'FAILURE' });
  });

  router.use(api);
  router.use(API, (req, res) => send(res, issue(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID', `${options.name} does not implement ${req.method} ${req.originalUrl.split('?')[0]}`)));
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: number; statusCode?: number }).status ?? (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) options.onError?.(error);
    if (res.headersSent) return;
    send(res, status < 500 ? invalid('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.') : internalError());
  });

  return { router, state: st, answers: json, approveOrder, approveSetupToken, refund, save };
}
