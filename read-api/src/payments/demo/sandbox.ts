import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { centsToDecimal } from '@relaycast/contracts';
import type { Logger } from '../../logger.js';
import { approvalPage, APPROVAL_CSS, donePage, messagePage, pickLang, TEXTS, type Display, type Lang } from './pages.js';
import { dialogScript, sdkScript } from './sdk.js';
import { DEMO_CLIENT_ID, DEMO_PAYPAL_PATH } from './constants.js';
import { openStateFile, type Link, type Money, type Payer, type Reply, type StateFile, type StoredAuthorization, type StoredCapture, type StoredOrder, type StoredRefund } from './state.js';

/**
 * Demo payments (PAYMENTS=demo): a PayPal sandbox served by the app itself under /demo-paypal, so that the real
 * PayPal adapter (payments/paypal.ts, over @paypal/paypal-server-sdk) can be tried without PayPal and without money.
 * It is product code — the one stand-in that runs outside the tests — and it refuses to run where money could be
 * expected: config.ts refuses PAYMENTS=demo with an https PUBLIC_URL or NODE_ENV=production.
 *
 * It speaks the parts of PayPal's REST API the product uses, in PayPal's documented shapes (the SDK validates every
 * answer), derived from the tests' stand-in (read-api/test/paypal-standin/server.ts):
 *
 *   POST /v1/oauth2/token                            client credentials (Basic auth) → Bearer token (signed, so valid
 *                                                    across restarts and in every process that knows the secret)
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
 *   POST /v1/notifications/verify-webhook-signature  FAILURE always: the sandbox sends no webhooks, so no webhook
 *                                                    sent to /paypal/webhooks can be its own
 *
 * Every POST honours PayPal-Request-Id (a repeat gets the first successful answer and does nothing again). The
 * buyer's side:
 *
 *   GET  /checkoutnow?token=ORDER[&lang=en|ru][&display=embedded]     the approval page (an order's payer-action link)
 *   POST /checkoutnow                                                  its forms: answer=approve|decline
 *   GET  /vaultapprove?approval_token_id=TOKEN[&lang][&display]        the approval page of a setup token
 *   POST /vaultapprove                                                 its forms
 *   GET  /done?kind&id&action[&lang]                                   the answer, inside the JS SDK's dialog
 *   GET  /sdk/js?client-id=…                                           the PayPal JS SDK for the browser (sdk.ts)
 *   GET  /sdk/dialog.js, /approval.css                                 the pages' script (in the dialog) and stylesheet
 *
 * Approve sends the buyer to the order's return_url (with token and PayerID, as PayPal does), decline to its
 * cancel_url (with token); inside the SDK's dialog the page tells the shop's page instead. The one control beyond
 * PayPal's API is the product's own: `declineWallet` (an administrator makes a saved wallet's next charges decline,
 * to see dunning). State: DATA_DIR/demo-paypal/state.json (state.ts), so a restart loses no order.
 *
 * What it cannot show: PayPal itself — its login, risk checks, 3-D Secure, pending captures, disputes, reversals, real
 * webhooks, outages. The tests' stand-in and PayPal's own sandbox are for those (docs/payments.md).
 */

export interface DemoPayPal {
  /** Mounted by the app at DEMO_PAYPAL_PATH. */
  router: Router;
  /**
   * The next `charges` merchant-initiated charges of this saved wallet are declined (0: none). Answers the number set,
   * or null when the sandbox saved no such wallet.
   */
  declineWallet(vaultId: string, charges: number): number | null;
  /** How many of the wallet's next charges will be declined; null when the sandbox saved no such wallet. */
  walletDeclines(vaultId: string): number | null;
}

export interface DemoPayPalOptions {
  dataDir: string;
  publicUrl: string;
  clientSecret: string;
  logger: Logger;
}

const TOKEN_TTL_S = 32_400;
const debugId = () => randomBytes(7).toString('hex');
const ALPHANUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const paypalId = (length = 17) => [...randomBytes(length)].map((b) => ALPHANUM[b % ALPHANUM.length]).join('');
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const cents = (v: string) => Math.round(Number(v) * 100);

const DEMO_BUYER = { email: 'demo-buyer@example.com', given: 'Demo', surname: 'Buyer' };

export function createDemoPayPal(options: DemoPayPalOptions): DemoPayPal {
  /** PayPal's API answers carry absolute links (the approve link the buyer follows: PUBLIC_URL). */
  const base = `${options.publicUrl}${DEMO_PAYPAL_PATH}`;
  /** The buyer's pages link to each other by path: they work on whatever host the browser reached the app by. */
  const local = DEMO_PAYPAL_PATH;
  const { logger } = options;
  let opened: StateFile | null = null;
  /** Opened on first use: only the process that serves the sandbox (the read-api) ever reads or writes the file. */
  const store = () =>
    (opened ??= openStateFile(join(options.dataDir, 'demo-paypal', 'state.json'), (aside, error) =>
      logger.error({ err: error, movedTo: aside }, 'demo payments: the sandbox state was unreadable; moved aside, starting empty'),
    ));
  const st = () => store().state;
  const save = () => store().save();

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

  // --- PayPal's answers.
  const issue = (status: number, name: string, message: string, issueName: string, description: string): Reply => ({
    status,
    body: { name, message, debug_id: debugId(), details: [{ issue: issueName, description }], links: [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issueName}`, rel: 'information_link', method: 'GET' }] },
  });
  const invalid = (issueName: string, description: string) => issue(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', issueName, description);
  const unprocessable = (issueName: string, description: string) =>
    issue(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', issueName, description);
  const notFound = () => issue(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist. Please check the resource ID and try again.');
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

  const newPayer = (): Payer => ({ payer_id: paypalId(13), email_address: DEMO_BUYER.email, name: { given_name: DEMO_BUYER.given, surname: DEMO_BUYER.surname } });

  function saveWalletFor(order: StoredOrder): void {
    if (!order.vaultRequested || !order.payer || order.vaultId) return;
    order.vaultId = paypalId(10).toLowerCase();
    st().wallets[order.vaultId] = { payer: order.payer, create_time: now(), declineNext: 0 };
  }

  const captureLinks = (c: StoredCapture): Link[] => [
    { href: `${base}/v2/payments/captures/${c.id}`, rel: 'self', method: 'GET' },
    { href: `${base}/v2/payments/captures/${c.id}/refund`, rel: 'refund', method: 'POST' },
    { href: `${base}/v2/checkout/orders/${c.orderId}`, rel: 'up', method: 'GET' },
  ];
  const captureJson = (c: StoredCapture) => {
    const { orderId: _orderId, ...json } = c;
    return {
      ...json,
      final_capture: true,
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      links: captureLinks(c),
    };
  };
  const authorizationJson = (a: StoredAuthorization) => {
    const { orderId, ...json } = a;
    return {
      ...json,
      links: [
        { href: `${base}/v2/payments/authorizations/${a.id}`, rel: 'self', method: 'GET' },
        { href: `${base}/v2/payments/authorizations/${a.id}/capture`, rel: 'capture', method: 'POST' },
        { href: `${base}/v2/payments/authorizations/${a.id}/void`, rel: 'void', method: 'POST' },
        { href: `${base}/v2/checkout/orders/${orderId}`, rel: 'up', method: 'GET' },
      ],
    };
  };
  const refundJson = (r: StoredRefund) => {
    const { captureId, ...json } = r;
    return {
      ...json,
      links: [
        { href: `${base}/v2/payments/refunds/${r.id}`, rel: 'self', method: 'GET' },
        { href: `${base}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
      ],
    };
  };

  const orderLinks = (order: StoredOrder): Link[] => [
    { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
    ...(order.status === 'CREATED' ? [{ href: `${base}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }] : []),
    ...(order.status === 'APPROVED'
      ? [{ href: `${base}/v2/checkout/orders/${order.id}/${order.intent === 'CAPTURE' ? 'capture' : 'authorize'}`, rel: order.intent === 'CAPTURE' ? 'capture' : 'authorize', method: 'POST' }]
      : []),
  ];

  function orderJson(order: StoredOrder): Record<string, unknown> {
    const s = st();
    const captures = order.captureIds.map((id) => captureJson(s.captures[id]!));
    const authorizations = order.authorizationIds.map((id) => authorizationJson(s.authorizations[id]!));
    const payments =
      captures.length || authorizations.length
        ? { payments: { ...(captures.length ? { captures } : {}), ...(authorizations.length ? { authorizations } : {}) } }
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
                ...(order.vaultId ? { attributes: { vault: { id: order.vaultId, status: 'VAULTED', customer: { id: `CUST-${order.payer.payer_id}` }, links: [] } } } : {}),
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

  function captureNow(order: StoredOrder, status: string): void {
    const capture: StoredCapture = { id: paypalId(), status, amount: order.amount, ...(order.custom_id ? { custom_id: order.custom_id } : {}), create_time: now(), update_time: now(), orderId: order.id };
    st().captures[capture.id] = capture;
    order.captureIds.push(capture.id);
    order.status = 'COMPLETED';
    order.update_time = now();
  }

  function approveOrder(order: StoredOrder): void {
    if (order.status !== 'CREATED') return;
    order.status = 'APPROVED';
    order.update_time = now();
    order.payer = newPayer();
  }

  const router = express.Router();

  router.post('/v1/oauth2/token', express.urlencoded({ extended: false, limit: '10kb' }), (req, res) => {
    const basic = /^Basic (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    const [id, ...secret] = Buffer.from(basic ?? '', 'base64').toString().split(':');
    if (id !== DEMO_CLIENT_ID || !sameSecret(secret.join(':'))) {
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
      app_id: 'APP-RELAYCAST-DEMO',
      expires_in: TOKEN_TTL_S,
      nonce: `${now()}${randomBytes(8).toString('hex')}`,
    });
  });

  // --- The buyer's side: pages, the JS SDK, their script and stylesheet.

  const displayOf = (v: unknown): Display => (v === 'embedded' ? 'embedded' : 'page');
  const htmlAnswer = (res: Response, status: number, html: string) => void res.status(status).type('html').set('Cache-Control', 'no-store').send(html);
  const withQuery = (url: string, params: Record<string, string>) => {
    const u = new URL(url);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.toString();
  };
  const pageHref = (path: string, params: Record<string, string>) => `${local}${path}?${new URLSearchParams(params).toString()}`;
  const doneHref = (kind: 'order' | 'setup-token', id: string, action: 'approve' | 'cancel', lang: Lang) => pageHref('/done', { kind, id, action, lang });

  function showOrder(res: Response, order: StoredOrder, lang: Lang, display: Display, status = 200): void {
    htmlAnswer(
      res,
      status,
      approvalPage({
        base: local, lang, display, kind: 'order', id: order.id, status: order.status, open: order.status === 'CREATED',
        amount: { value: order.amount.value, currency: order.amount.currency_code },
        ...(order.description ? { description: order.description } : {}),
        saveWallet: order.vaultRequested === true,
        buyerEmail: DEMO_BUYER.email,
        backHref: order.return_url ?? null,
        selfHref: (l) => pageHref('/checkoutnow', { token: order.id, display, lang: l }),
      }),
    );
  }

  router.get('/checkoutnow', (req, res) => {
    const lang = pickLang(req.query.lang, req.get('accept-language'));
    const display = displayOf(req.query.display);
    const token = String(req.query.token ?? '');
    const order = st().orders[token];
    if (!order) return htmlAnswer(res, 404, messagePage(local, lang, TEXTS[lang].unknown, pageHref('/checkoutnow', { token, lang: TEXTS[lang].other.lang })));
    showOrder(res, order, lang, display);
  });

  const form = express.urlencoded({ extended: false, limit: '10kb' });
  type Answer = { token?: string; display?: string; lang?: string; answer?: string };

  router.post('/checkoutnow', form, (req, res) => {
    const body = (req.body ?? {}) as Answer;
    const lang = pickLang(body.lang, req.get('accept-language'));
    const display = displayOf(body.display);
    const order = st().orders[String(body.token ?? '')];
    if (!order) return htmlAnswer(res, 404, messagePage(local, lang, TEXTS[lang].unknown, pageHref('/checkoutnow', { token: String(body.token ?? ''), lang: TEXTS[lang].other.lang })));
    const approving = body.answer === 'approve';
    // Approving twice is approving (a double click); anything else once the order moved on is shown as it stands.
    if (!(order.status === 'CREATED' || (approving && order.status === 'APPROVED'))) return showOrder(res, order, lang, display, 409);
    if (approving) approveOrder(order);
    else {
      order.declinedAt = now();
      order.update_time = now();
    }
    save();
    const action = approving ? 'approve' : 'cancel';
    const back = approving ? order.return_url : order.cancel_url;
    const to =
      display === 'page' && back
        ? withQuery(back, approving ? { token: order.id, PayerID: order.payer!.payer_id } : { token: order.id })
        : doneHref('order', order.id, action, lang);
    res.redirect(303, to);
  });

  function showSetupToken(res: Response, id: string, lang: Lang, display: Display, status = 200): void {
    const token = st().setupTokens[id]!;
    htmlAnswer(
      res,
      status,
      approvalPage({
        base: local, lang, display, kind: 'setup-token', id, status: token.status, open: token.status === 'PAYER_ACTION_REQUIRED',
        saveWallet: true, buyerEmail: DEMO_BUYER.email, backHref: token.return_url ?? null,
        selfHref: (l) => pageHref('/vaultapprove', { approval_token_id: id, display, lang: l }),
      }),
    );
  }

  router.get('/vaultapprove', (req, res) => {
    const lang = pickLang(req.query.lang, req.get('accept-language'));
    const id = String(req.query.approval_token_id ?? req.query.token ?? '');
    if (!st().setupTokens[id]) return htmlAnswer(res, 404, messagePage(local, lang, TEXTS[lang].unknown, pageHref('/vaultapprove', { approval_token_id: id, lang: TEXTS[lang].other.lang })));
    showSetupToken(res, id, lang, displayOf(req.query.display));
  });

  router.post('/vaultapprove', form, (req, res) => {
    const body = (req.body ?? {}) as Answer;
    const lang = pickLang(body.lang, req.get('accept-language'));
    const display = displayOf(body.display);
    const id = String(body.token ?? '');
    const token = st().setupTokens[id];
    if (!token) return htmlAnswer(res, 404, messagePage(local, lang, TEXTS[lang].unknown, pageHref('/vaultapprove', { approval_token_id: id, lang: TEXTS[lang].other.lang })));
    const approving = body.answer === 'approve';
    if (!(token.status === 'PAYER_ACTION_REQUIRED' || (approving && token.status === 'APPROVED'))) return showSetupToken(res, id, lang, display, 409);
    if (approving && token.status === 'PAYER_ACTION_REQUIRED') {
      token.status = 'APPROVED';
      token.payer = newPayer();
      save();
    }
    const back = approving ? token.return_url : token.cancel_url;
    res.redirect(303, display === 'page' && back ? withQuery(back, { approval_token_id: id }) : doneHref('setup-token', id, approving ? 'approve' : 'cancel', lang));
  });

  router.get('/done', (req, res) => {
    const lang = pickLang(req.query.lang, req.get('accept-language'));
    const kind = req.query.kind === 'setup-token' ? 'setup-token' : 'order';
    const id = String(req.query.id ?? '');
    const action = req.query.action === 'approve' ? 'approve' : 'cancel';
    const payerId = kind === 'order' ? (st().orders[id]?.payer?.payer_id ?? null) : null;
    htmlAnswer(res, 200, donePage(local, lang, { action, kind, id, payerId }, pageHref('/done', { kind, id, action, lang: TEXTS[lang].other.lang })));
  });

  router.get('/sdk/js', (req, res) => {
    const clientId = String(req.query['client-id'] ?? '');
    if (clientId !== DEMO_CLIENT_ID) {
      res.status(400).type('text/javascript').send(`throw new Error("SDK Validation error: 'Invalid query value for client-id: ${clientId.replace(/[^\w.-]/g, '')}'");`);
      return;
    }
    // Loadable by a page of another origin, as PayPal's own (a page reached by another name than PUBLIC_URL's).
    res.type('text/javascript').set({ 'Cache-Control': 'no-cache', 'Cross-Origin-Resource-Policy': 'cross-origin' }).send(sdkScript(local));
  });
  router.get('/sdk/dialog.js', (_req, res) => void res.type('text/javascript').set('Cache-Control', 'no-cache').send(dialogScript()));
  router.get('/approval.css', (_req, res) => void res.type('text/css').set('Cache-Control', 'no-cache').send(APPROVAL_CSS));

  // --- PayPal's REST API: Bearer tokens from /v1/oauth2/token only.

  router.use(['/v1/notifications', '/v2', '/v3'], (req, res, next) => {
    const token = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (!token || !validToken(token)) {
      res.status(401).json({ error: 'invalid_token', error_description: 'Token signature verification failed' });
      return;
    }
    next();
  });
  router.use(express.json({ limit: '1mb', type: ['application/json', 'application/*+json'] }));

  router.post('/v2/checkout/orders', (req, res) => {
    once('create', req, res, () => {
      const body = (req.body ?? {}) as {
        intent?: string;
        purchase_units?: { reference_id?: string; amount?: Money; custom_id?: string; description?: string }[];
        payment_source?: { paypal?: { vault_id?: string; attributes?: { vault?: { store_in_vault?: string; usage_type?: string } }; experience_context?: { return_url?: string; cancel_url?: string } } };
      };
      const unit = body.purchase_units?.[0];
      if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') return invalid('INVALID_PARAMETER_VALUE', 'intent must be CAPTURE or AUTHORIZE');
      if (!unit?.amount || typeof unit.amount.value !== 'string' || !/^\d{1,10}(\.\d{2})?$/.test(unit.amount.value) || !/^[A-Z]{3}$/.test(String(unit.amount.currency_code)) || Number(unit.amount.value) <= 0) {
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
        create_time: now(),
        update_time: now(),
        captureIds: [],
        authorizationIds: [],
        ...(vaultInstruction ? { vaultRequested: true } : {}),
      };
      st().orders[order.id] = order;
      if (vaultId !== undefined && wallet) {
        // Merchant-initiated: the saved wallet pays at once, without the buyer.
        order.payer = wallet.payer;
        order.vaultId = vaultId;
        const declined = wallet.declineNext > 0;
        if (declined) wallet.declineNext--;
        captureNow(order, declined ? 'DECLINED' : 'COMPLETED');
      }
      return { status: 201, body: orderJson(order) };
    });
  });

  router.get('/v2/checkout/orders/:id', (req, res) => {
    const order = st().orders[req.params.id];
    send(res, order ? { status: 200, body: orderJson(order) } : notFound());
  });

  router.post('/v2/checkout/orders/:id/capture', (req, res) => {
    once(`capture:${req.params.id}`, req, res, () => {
      const order = st().orders[req.params.id];
      if (!order) return notFound();
      if (order.intent !== 'CAPTURE') return unprocessable('ACTION_DOES_NOT_MATCH_INTENT', 'Order was created with an intent to AUTHORIZE; capture it through its authorization.');
      if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured. If intent=CAPTURE only one capture per order is allowed.');
      if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
      captureNow(order, 'COMPLETED');
      saveWalletFor(order);
      return { status: 201, body: orderJson(order) };
    });
  });

  router.post('/v2/checkout/orders/:id/authorize', (req, res) => {
    once(`authorize:${req.params.id}`, req, res, () => {
      const order = st().orders[req.params.id];
      if (!order) return notFound();
      if (order.intent !== 'AUTHORIZE') return unprocessable('ACTION_DOES_NOT_MATCH_INTENT', 'Order was created with an intent to CAPTURE; it cannot be authorized.');
      if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_AUTHORIZED', 'Order already authorized. If intent=AUTHORIZE only one authorization per order is allowed.');
      if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
      const authorization: StoredAuthorization = {
        id: paypalId(),
        status: 'CREATED',
        amount: order.amount,
        ...(order.custom_id ? { custom_id: order.custom_id } : {}),
        expiration_time: new Date(Date.now() + 29 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        create_time: now(),
        update_time: now(),
        orderId: order.id,
      };
      st().authorizations[authorization.id] = authorization;
      order.authorizationIds.push(authorization.id);
      order.status = 'COMPLETED';
      order.update_time = now();
      saveWalletFor(order);
      return { status: 201, body: orderJson(order) };
    });
  });

  router.post('/v2/payments/authorizations/:id/void', (req, res) => {
    const authorization = st().authorizations[req.params.id];
    if (!authorization) return send(res, notFound());
    const requestId = req.get('PayPal-Request-Id');
    const key = requestId ? `void\u0000${requestId}` : null;
    if (!(key && st().replies[key])) {
      if (authorization.status === 'VOIDED') return send(res, unprocessable('PREVIOUSLY_VOIDED', 'Authorization has been previously voided and hence cannot be voided again.'));
      authorization.status = 'VOIDED';
      authorization.update_time = now();
      if (key) st().replies[key] = { status: 204, body: null };
      save();
    }
    if (/return=representation/.test(req.get('Prefer') ?? '')) return void res.status(200).json(authorizationJson(authorization));
    res.status(204).end();
  });

  router.get('/v2/payments/captures/:id', (req, res) => {
    const capture = st().captures[req.params.id];
    send(res, capture ? { status: 200, body: { ...captureJson(capture), supplementary_data: { related_ids: { order_id: capture.orderId } } } } : notFound());
  });

  router.post('/v2/payments/captures/:id/refund', (req, res) => {
    once(`refund:${req.params.id}`, req, res, () => {
      const capture = st().captures[req.params.id];
      if (!capture) return notFound();
      if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') return unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded or cannot be refunded.');
      const amount = (req.body as { amount?: Money } | undefined)?.amount;
      if (amount && (typeof amount.value !== 'string' || !/^\d{1,10}(\.\d{2})?$/.test(amount.value) || amount.currency_code !== capture.amount.currency_code)) {
        return invalid('INVALID_PARAMETER_VALUE', 'amount is invalid');
      }
      const refunded = Object.values(st().refunds).filter((r) => r.captureId === capture.id).reduce((sum, r) => sum + cents(r.amount.value), 0);
      const wanted = amount ? cents(amount.value) : cents(capture.amount.value) - refunded;
      if (wanted <= 0 || refunded + wanted > cents(capture.amount.value)) {
        return unprocessable('REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.');
      }
      const refund: StoredRefund = {
        id: paypalId(),
        status: 'COMPLETED',
        amount: { currency_code: capture.amount.currency_code, value: centsToDecimal(wanted) },
        ...(capture.custom_id ? { custom_id: capture.custom_id } : {}),
        create_time: now(),
        update_time: now(),
        captureId: capture.id,
      };
      st().refunds[refund.id] = refund;
      capture.status = refunded + wanted >= cents(capture.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      capture.update_time = now();
      return { status: 201, body: refundJson(refund) };
    });
  });

  router.post('/v3/vault/setup-tokens', (req, res) => {
    once('setup-token', req, res, () => {
      const paypal = (req.body as { payment_source?: { paypal?: { usage_type?: string; experience_context?: { return_url?: string; cancel_url?: string } } } } | undefined)?.payment_source?.paypal;
      if (!paypal) return invalid('MISSING_REQUIRED_PARAMETER', 'payment_source.paypal is required');
      const context = paypal.experience_context;
      const token = {
        id: paypalId(12),
        status: 'PAYER_ACTION_REQUIRED' as const,
        usage_type: paypal.usage_type ?? 'MERCHANT',
        ...(context?.return_url ? { return_url: context.return_url } : {}),
        ...(context?.cancel_url ? { cancel_url: context.cancel_url } : {}),
        create_time: now(),
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
            { href: `${base}/vaultapprove?approval_token_id=${token.id}`, rel: 'approve', method: 'GET' },
            { href: `${base}/v3/vault/setup-tokens/${token.id}`, rel: 'self', method: 'GET' },
          ],
        },
      };
    });
  });

  router.post('/v3/vault/payment-tokens', (req, res) => {
    once('payment-token', req, res, () => {
      const source = (req.body as { payment_source?: { token?: { id?: string; type?: string } } } | undefined)?.payment_source?.token;
      const setup = source?.type === 'SETUP_TOKEN' && typeof source.id === 'string' ? st().setupTokens[source.id] : undefined;
      if (!setup) return notFound();
      if (setup.status === 'USED' && setup.vaultId) return unprocessable('SETUP_TOKEN_ALREADY_USED', 'The setup token has already been used to create a payment token.');
      if (setup.status !== 'APPROVED' || !setup.payer) return unprocessable('TOKEN_NOT_APPROVED', 'The setup token has not been approved by the payer.');
      const vaultId = paypalId(10).toLowerCase();
      st().wallets[vaultId] = { payer: setup.payer, create_time: now(), declineNext: 0 };
      setup.status = 'USED';
      setup.vaultId = vaultId;
      return {
        status: 201,
        body: {
          id: vaultId,
          customer: { id: `CUST-${setup.id}` },
          payment_source: { paypal: { email_address: setup.payer.email_address, usage_type: setup.usage_type } },
          links: [{ href: `${base}/v3/vault/payment-tokens/${vaultId}`, rel: 'self', method: 'GET' }],
        },
      };
    });
  });

  router.post('/v1/notifications/verify-webhook-signature', (req, res) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const required = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'];
    const missing = required.find((k) => b[k] === undefined || b[k] === '');
    if (missing) return send(res, issue(400, 'VALIDATION_ERROR', 'Invalid request - see details', 'MISSING_REQUIRED_PARAMETER', `${missing} is required`));
    // The sandbox sends no webhooks: nothing that arrives at /paypal/webhooks was signed by it.
    res.json({ verification_status: 'FAILURE' });
  });

  router.use((req, res) => {
    if (req.method === 'GET' && !/^\/v\d\//.test(req.path)) {
      const lang = pickLang(req.query.lang, req.get('accept-language'));
      return htmlAnswer(res, 404, messagePage(local, lang, TEXTS[lang].unknown, `${local}${req.path}?lang=${TEXTS[lang].other.lang}`));
    }
    send(res, issue(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID', `The demo sandbox does not implement ${req.method} ${req.path}`));
  });
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: number; statusCode?: number }).status ?? (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) logger.error({ err: error }, 'demo payments: the sandbox failed');
    if (res.headersSent) return;
    send(res, status < 500 ? invalid('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.') : issue(500, 'INTERNAL_SERVER_ERROR', 'An internal server error occurred.', 'INTERNAL_SERVICE_ERROR', 'An internal service error has occurred.'));
  });

  return {
    router,
    declineWallet(vaultId, charges) {
      const wallet = st().wallets[vaultId];
      if (!wallet) return null;
      wallet.declineNext = charges;
      save();
      return wallet.declineNext;
    },
    walletDeclines: (vaultId) => st().wallets[vaultId]?.declineNext ?? null,
  };
}
