import { join } from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { COUNTRY_CODES, isCountryCode } from '@relaycast/contracts';
import type { Logger } from '../../logger.js';
import { createFakePayPal } from '../fake-paypal/api.js';
import { openStateFile, type StoredOrder } from '../fake-paypal/state.js';
import { approvalPage, APPROVAL_CSS, donePage, messagePage, pickLang, TEXTS, type Display, type Lang } from './pages.js';
import { dialogScript, sdkScript } from './sdk.js';
import { DEMO_CLIENT_ID, DEMO_PAYPAL_PATH } from './constants.js';

/**
 * Demo payments (PAYMENTS=demo): a PayPal sandbox served by the app itself under /demo-paypal, so that the real
 * PayPal adapter (payments/paypal.ts, over @paypal/paypal-server-sdk) can be tried without PayPal and without money.
 * It is product code — the fake PayPal (payments/fake-paypal: the REST API, the same the tests' stand-in runs) with a
 * buyer's side — and it refuses to run where money could be expected: config.ts refuses PAYMENTS=demo with an https
 * PUBLIC_URL or NODE_ENV=production. Its state: DATA_DIR/demo-paypal/state.json, so a restart loses no order. It sends
 * no webhooks, so the verify call answers FAILURE to anything (nothing that arrives at /paypal/webhooks is its own).
 *
 * The buyer's side:
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
 * to see dunning).
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
  /** The billing country of the customer an order's custom_id (our billing reference) belongs to: preselected on the page. */
  billingCountryOf?: (customId: string) => Promise<string | undefined>;
}

/** The countries the demo buyer may say their PayPal account is in, named in the page's language. */
const countryOptions = (lang: Lang) => {
  const names = new Intl.DisplayNames([lang], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, lang));
};

const DEMO_BUYER = { email: 'demo-buyer@example.com', givenName: 'Demo', surname: 'Buyer' };

export function createDemoPayPal(options: DemoPayPalOptions): DemoPayPal {
  /** PayPal's API answers carry absolute links (the approve link the buyer follows: PUBLIC_URL). */
  const base = `${options.publicUrl}${DEMO_PAYPAL_PATH}`;
  /** The buyer's pages link to each other by path: they work on whatever host the browser reached the app by. */
  const local = DEMO_PAYPAL_PATH;
  const { logger } = options;
  let opened: ReturnType<typeof createFakePayPal> | null = null;
  /** Opened on first use: only the process that serves the sandbox (the read-api) ever reads or writes the file. */
  const fake = () =>
    (opened ??= createFakePayPal({
      name: 'The demo sandbox',
      base: () => base,
      store: openStateFile(join(options.dataDir, 'demo-paypal', 'state.json'), (aside, error) =>
        logger.error({ err: error, movedTo: aside }, 'demo payments: the sandbox state was unreadable; moved aside, starting empty'),
      ),
      clientId: DEMO_CLIENT_ID,
      clientSecret: options.clientSecret,
      buyer: DEMO_BUYER,
      verifyWebhook: () => false,
      onError: (error) => logger.error({ err: error }, 'demo payments: the sandbox failed'),
    }));
  const st = () => fake().state();
  const save = () => fake().save();
  const router = express.Router();

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

  async function showOrder(res: Response, order: StoredOrder, lang: Lang, display: Display, status = 200): Promise<void> {
    const billing = order.status === 'CREATED' && order.intent === 'CAPTURE' && order.custom_id ? await options.billingCountryOf?.(order.custom_id).catch(() => undefined) : undefined;
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
        ...(order.intent === 'CAPTURE' ? { country: { selected: billing ?? null, options: countryOptions(lang) } } : {}),
      }),
    );
  }

  router.get('/checkoutnow', (req, res, next) => {
    const lang = pickLang(req.query.lang, req.get('accept-language'));
    const display = displayOf(req.query.display);
    const token = String(req.query.token ?? '');
    const order = st().orders[token];
    if (!order) return htmlAnswer(res, 404, messagePage(local, lang, TEXTS[lang].unknown, pageHref('/checkoutnow', { token, lang: TEXTS[lang].other.lang })));
    void showOrder(res, order, lang, display).catch(next);
  });

  const form = express.urlencoded({ extended: false, limit: '10kb' });
  type Answer = { token?: string; display?: string; lang?: string; answer?: string; country?: string };

  router.post('/checkoutnow', form, (req, res, next) => {
    const body = (req.body ?? {}) as Answer;
    const lang = pickLang(body.lang, req.get('accept-language'));
    const display = displayOf(body.display);
    const order = st().orders[String(body.token ?? '')];
    if (!order) return htmlAnswer(res, 404, messagePage(local, lang, TEXTS[lang].unknown, pageHref('/checkoutnow', { token: String(body.token ?? ''), lang: TEXTS[lang].other.lang })));
    const approving = body.answer === 'approve';
    // Approving twice is approving (a double click); anything else once the order moved on is shown as it stands.
    if (!(order.status === 'CREATED' || (approving && order.status === 'APPROVED'))) return void showOrder(res, order, lang, display, 409).catch(next);
    // The country the buyer said their demo PayPal account is in (none: PayPal shows no address).
    const country = typeof body.country === 'string' && isCountryCode(body.country) ? body.country : null;
    if (approving) fake().approveOrder(order, country);
    else {
      order.declinedAt = new Date().toISOString();
      order.update_time = order.declinedAt;
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
      fake().approveSetupToken(token);
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

  // PayPal's REST API: the fake's.
  router.use((req, res, next) => fake().router(req, res, next));

  // Anything else a browser asks for: a page saying so, in the buyer's language.
  router.use((req, res) => {
    if (req.method !== 'GET') return void res.status(404).json({ name: 'RESOURCE_NOT_FOUND', message: `The demo sandbox does not implement ${req.method} ${req.path}` });
    const lang = pickLang(req.query.lang, req.get('accept-language'));
    htmlAnswer(res, 404, messagePage(local, lang, TEXTS[lang].unknown, `${local}${req.path}?lang=${TEXTS[lang].other.lang}`));
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
