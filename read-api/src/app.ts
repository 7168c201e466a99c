import express, { type Express } from 'express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import type { Runtime } from './runtime.js';
import { errorHandler, notFound } from './http/errors.js';
import { requestLog } from './http/request-log.js';
import { mount, type RouteDef } from './http/route.js';
import { mountStaticSite } from './http/static-site.js';
import { openApiDocument } from './http/openapi.js';
import { methodNotAllowed, servedPaths, type ServedPath } from './http/method-guard.js';
import { csrfGuard, sessionMiddleware } from './http/session.js';
import { userRoutes } from './routes/users.js';
import { subscriptionRoutes } from './routes/subscriptions.js';
import { paymentRoutes } from './routes/payments.js';
import { entryRoutes } from './routes/entries.js';
import { contentRoutes } from './routes/content.js';
import { siteCopyOf } from './content/index.js';
import { fileRoutes, mountFileTransfer } from './routes/files.js';
import { authRoutes, localRoutes, mountLocalAuth } from './routes/auth.js';
import { passwordRoutes, profileRoutes } from './routes/account.js';
import { mountOps } from './routes/ops.js';
import { financeRoutes, mountFinanceCsv } from './routes/finance.js';
import { invoiceRoutes, mountInvoiceDocuments } from './routes/invoices.js';
import { auditRoutes } from './routes/audit.js';
import { mountPayPalWebhooks } from './routes/webhooks.js';
import { paymentConfigRoutes } from './routes/payment-config.js';
import { demoPaymentRoutes } from './routes/demo-payments.js';
import { DEMO_PAYPAL_PATH } from './payments/demo/constants.js';
import { mountBillingClock, testClockRoutes } from './routes/test-clock.js';
import { subscriptionLifecycleRoutes } from './routes/subscription-lifecycle.js';
import { walletRoutes } from './routes/wallets.js';
import { billingPolicyRoutes } from './routes/billing-policy.js';
import { licenceRoutes, mountLicences } from './routes/licences.js';
import { adminHomeRoutes } from './routes/admin-home.js';
import { emailVerificationRoutes, mountEmailVerification } from './routes/email-verification.js';
import { passwordResetRoutes } from './routes/password-reset.js';
import { emailPreferenceRoutes, mountUnsubscribe } from './routes/email-preferences.js';
import { mailOutboxRoutes } from './routes/mail-outbox.js';
import { mountGoogleAuth } from './routes/google-auth.js';
import './http/request-context.js';

/** Every JSON route of the API: the seed's call table plus the design's extras. */
export const API_ROUTES: readonly RouteDef[] = [...authRoutes, ...localRoutes, ...passwordRoutes, ...profileRoutes, ...userRoutes, ...subscriptionRoutes, ...paymentRoutes, ...entryRoutes, ...contentRoutes, ...fileRoutes, ...auditRoutes, ...financeRoutes, ...invoiceRoutes, ...paymentConfigRoutes, ...demoPaymentRoutes, ...testClockRoutes, ...subscriptionLifecycleRoutes, ...walletRoutes, ...billingPolicyRoutes, ...licenceRoutes, ...adminHomeRoutes, ...emailVerificationRoutes, ...passwordResetRoutes, ...emailPreferenceRoutes, ...mailOutboxRoutes] as RouteDef[];

/** Where pages may be framed by other sites: the player and conference embeds (seed §2). */
const EMBED_PATHS = /^\/(ru\/)?(vod-group-player|conferences)\//;

/** PayPal's origins, plus the one PAYPAL_SDK_URL names when it is elsewhere (tests: the stand-in's SDK). */
function paypalSources(sdkUrl: string): string[] {
  const sources = ['https://www.paypal.com', 'https://*.paypal.com'];
  const origin = new URL(sdkUrl).origin;
  return sources.includes(origin) ? sources : [...sources, origin];
}

function contentSecurityPolicy(inlineHashes: string[], frameAncestors: string[], paypal: string[]) {
  return helmet.contentSecurityPolicy({
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineHashes, ...paypal, 'https://www.paypalobjects.com'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      // Streams come from the customer's own engine, wherever it runs.
      connectSrc: ["'self'", 'https:', 'wss:', ...paypal],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      workerSrc: ["'self'", 'blob:'],
      frameSrc: ["'self'", ...paypal, 'https://www.openstreetmap.org', 'https://www.google.com'],
      frameAncestors,
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'", 'https://*.paypal.com', 'https://accounts.google.com'],
      upgradeInsecureRequests: null,
    },
  });
}

export function createApp(rt: Runtime): Express {
  const { config, logger, metrics } = rt;
  const app = express();
  app.disable('x-powered-by');
  // API answers are POST responses, never cached: hashing every body for an ETag is wasted work. (Static files
  // keep their own ETags.)
  app.set('etag', false);
  // A hop count (TRUST_PROXY): req.ip is the address that many proxies back, the one the outermost proxy saw.
  app.set('trust proxy', config.trustProxy > 0 ? config.trustProxy : false);
  app.set('query parser', 'simple');

  app.use(requestLog(logger, metrics));

  const site = express.Router();
  const staticSite = mountStaticSite(site, config.webDist, logger, { publicUrl: config.publicUrl, contactEmail: config.contactEmail, marketplaceUrl: config.cloudMarketplaceUrl, downloadsUrl: config.downloadsUrl, payments: config.payments, google: Boolean(config.google.clientId && config.google.clientSecret) }, siteCopyOf(rt));
  const paypal = paypalSources(config.paypal.sdkUrl);
  const defaultCsp = contentSecurityPolicy(staticSite.inlineScriptHashes, ["'self'"], paypal);
  const embedCsp = contentSecurityPolicy(staticSite.inlineScriptHashes, ['*'], paypal);
  const secure = config.publicUrl.startsWith('https://');
  const baseHelmet = helmet({ contentSecurityPolicy: false, frameguard: false, hsts: secure ? undefined : false, crossOriginEmbedderPolicy: false });
  /** Pages get the full set of security headers and their Content-Security-Policy. */
  const documentHeaders: express.RequestHandler = (req, res, next) => {
    baseHelmet(req, res, () => {
      if (EMBED_PATHS.test(req.path)) {
        res.setHeader('Permissions-Policy', 'camera=(self), microphone=(self), fullscreen=*');
        return embedCsp(req, res, next);
      }
      res.setHeader('X-Frame-Options', 'SAMEORIGIN');
      defaultCsp(req, res, next);
    });
  };
  /** API answers are data, not documents: no CSP to parse, but never sniffed, framed or cached. */
  const apiHeaders: express.RequestHandler = (_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-store');
    if (secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
  app.use((req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? documentHeaders(req, res, next) : apiHeaders(req, res, next)));
  // A method a path of the API is not served with (GET on a POST call, POST on a download…): 405 with Allow, in the
  // API's error shape (filled below, once the routes are mounted).
  const served: ServedPath[] = [];
  app.use(methodNotAllowed(served));
  // Compress for clients that ask (browsers always do); the others skip the wrapping entirely.
  const compress = compression();
  app.use((req, res, next) => (req.headers['accept-encoding'] ? compress(req, res, next) : next()));
  // Demo payments (PAYMENTS=demo): the built-in PayPal sandbox, PayPal's API and pages, outside our sessions and API.
  if (rt.demoPayPal) app.use(DEMO_PAYPAL_PATH, rt.demoPayPal.router);
  // Most API calls carry no cookie (clients send AUTH_TOKEN_VALUE): they skip the parser.
  const parseCookies = cookieParser();
  app.use((req, res, next) => {
    if (req.headers.cookie) return parseCookies(req, res, next);
    req.cookies = Object.create(null) as Record<string, string>;
    req.signedCookies = Object.create(null) as Record<string, string>;
    next();
  });
  // Our cookies are strings. cookie-parser turns `j:{…}` values into objects: a client could hand any code that
  // reads a cookie a value of the wrong type. Such cookies are dropped here, for every reader at once.
  app.use((req, _res, next) => {
    const cookies = req.cookies as Record<string, unknown> | undefined;
    if (cookies) for (const [name, value] of Object.entries(cookies)) if (typeof value !== 'string') delete cookies[name];
    next();
  });
  app.use(sessionMiddleware(rt));
  app.use(csrfGuard(config.publicUrl));

  const api = express.Router();
  mountOps(api, rt);
  // PayPal's webhooks read their body raw (it goes back to PayPal for verification): first, before any JSON parser.
  mountPayPalWebhooks(api, rt);
  mountGoogleAuth(api, rt);
  let openApi: string | null = null;
  api.get('/openapi.json', (_req, res) => {
    openApi ??= JSON.stringify(openApiDocument(API_ROUTES, config.publicUrl));
    res.type('application/json').send(openApi);
  });
  mountLocalAuth(api, rt);
  mountFinanceCsv(api, rt);
  mountInvoiceDocuments(api, rt);
  mountBillingClock(api, rt);
  mountLicences(api, rt);
  mountUnsubscribe(api, rt);
  mountEmailVerification(api, rt);
  // The JSON API after the handlers that take some of its paths first (the finance CSV, PayPal's raw-body webhooks).
  mount(api, rt, [...authRoutes, ...profileRoutes, ...userRoutes, ...subscriptionRoutes, ...paymentRoutes, ...entryRoutes, ...contentRoutes, ...fileRoutes, ...auditRoutes, ...financeRoutes, ...invoiceRoutes, ...paymentConfigRoutes, ...demoPaymentRoutes, ...testClockRoutes, ...subscriptionLifecycleRoutes, ...walletRoutes, ...billingPolicyRoutes, ...licenceRoutes, ...adminHomeRoutes, ...emailVerificationRoutes, ...passwordResetRoutes, ...emailPreferenceRoutes, ...mailOutboxRoutes] as RouteDef[]);
  mountFileTransfer(api, rt);
  served.push(...servedPaths(api, API_ROUTES.map((route) => route.path)));
  app.use(api);

  // Unknown API calls answer JSON; unknown pages get the site's 404 page.
  app.post(/.*/, notFound);
  if (staticSite.available) app.use(site);
  app.use(notFound);
  app.use(errorHandler(logger));
  return app;
}
