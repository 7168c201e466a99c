import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { policyFromVariables, PolicyVariableError, tax, type BillingPolicy } from '@relaycast/billing-core';
import type { SellerDetails } from '@relaycast/contracts';
import { DEMO_CLIENT_ID, DEMO_PAYPAL_PATH, DEMO_WEBHOOK_ID } from './payments/demo/constants.js';
import type { PayPalSettings } from './payments/paypal.js';

/**
 * All configuration comes from environment variables (design.md). The read-api's processes read theirs here, but for
 * HEALTH_PORT (read by scheduler-main.ts and notifier-main.ts); the projections processes read theirs in
 * projections/src/cli/settings.ts and projections/src/kafka/settings.ts. The README's configuration table lists every
 * variable; read-api/src/docs.spec.ts checks that the docs and the code name the same ones.
 */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  eventStore: 'sqlite' | 'eventstoredb';
  eventStoreConnectionString: string | null;
  readModel: 'memory' | 'redis';
  redisUrl: string;
  /** Key prefix of the Redis read models; the projections processes must use the same one. */
  readModelPrefix: string | null;
  /** Where the projections run: in this process (embedded default) or in their own processes (deploy). */
  projectionsMode: 'in-process' | 'external';
  /** The billing.events publisher; on when brokers are given. */
  kafka: { brokers: string[]; topic: string; clientId: string; idempotent: boolean };
  sessionSecret: string;
  sessionSecretGenerated: boolean;
  adminEmail: string;
  adminPassword: string | null;
  google: { clientId: string | null; clientSecret: string | null; authorizationUrl: string; tokenUrl: string; userProfileUrl: string };
  /**
   * Payments (PAYMENTS): PayPal itself, demo payments (the real PayPal adapter against the sandbox this server serves
   * at /demo-paypal: no money moves, every event marked `demo`), or none. Default: paypal with PAYPAL_CLIENT_ID, else off.
   */
  payments: 'paypal' | 'demo' | 'off';
  /** With demo payments, clientSecret is null here: the runtime derives it from the session secret (payments/demo). */
  paypal: PayPalSettings;
  webDist: string;
  /** Shown in every page's footer; none when unset (CONTACT_EMAIL). */
  contactEmail: string | null;
  /** Where the cloud offer's buttons lead; the buttons are left out when unset (CLOUD_MARKETPLACE_URL). */
  cloudMarketplaceUrl: string | null;
  /** Where install commands download the self-hosted server from (DOWNLOADS_URL; PUBLIC_URL/downloads by default). */
  downloadsUrl: string;
  logLevel: string;
  signInRateLimit: number;
  /** Writes one user (not an administrator) may make in ten minutes; 0 turns the quota off. */
  writeQuota: number;
  /** How long a session read from the store is trusted in memory (0: never cached). */
  sessionCacheMs: number;
  /** How long a write waits for the read models to show it before answering 202. */
  consistencyTimeoutMs: number;
  /**
   * TRUST_PROXY: how many reverse proxies stand between the clients and this process (0: none). The client's address
   * is then the one that many hops back from the right of X-Forwarded-For — the address the outermost proxy saw —
   * never an entry the client wrote itself (docs/going-live.md).
   */
  trustProxy: number;
  /** Billing time: the wall clock, or a test clock that moves only when an administrator advances it. */
  billingClock: 'system' | 'test';
  /** Where a new test clock starts (default: now). */
  billingClockStart: string | null;
  /** Where the billing scheduler runs: in this process (embedded default), in its own process (deploy), or nowhere. */
  scheduler: 'in-process' | 'external' | 'off';
  schedulerIntervalMs: number;
  /** Subscriptions the scheduler works on at once: PayPal charges in flight at most (SCHEDULER_CONCURRENCY). */
  schedulerConcurrency: number;
  /** Ed25519 key that signs licence files; null: generated once into DATA_DIR/licence-signing-key.pem. */
  licenceSigningKey: string | null;
  /** Bearer token for /metrics and /ready's details; null: no metrics endpoint at all. */
  metricsToken: string | null;
  /**
   * The billing policy DUNNING_SCHEDULE, LICENCE_GRACE_DAYS and DUNNING_CANCEL_AFTER_DAYS propose (null: none set).
   * The policy itself is in the event log: this only seeds it, and a process that disagrees with it refuses to start.
   */
  billingPolicyProposal: { policy: BillingPolicy; set: string[] } | null;
  /** The seller invoices and credit notes name (SELLER_NAME, SELLER_ADDRESS, …); `id` (SELLER_ID) names their number sequences. */
  seller: SellerDetails;
  /**
   * The seller's tax identity (docs/tax.md): SELLER_COUNTRY (ISO 3166-1 alpha-2, default EE: the seller is in Estonia),
   * SELLER_VAT_NUMBER checked by format and check digits, its prefix the country's; TAX=off computes no tax.
   */
  tax: tax.SellerTaxIdentity;
  /**
   * Where the invoicing reactor runs (INVOICING), the one that issues the invoices and credit notes a crash left
   * missing: in this process (embedded default), in the scheduler's process (deploy), or nowhere.
   */
  invoicing: 'in-process' | 'external' | 'off';
  /**
   * E-mail (docs/notifications.md): SMTP_URL (null: every message goes to the outbox in DATA_DIR/outbox, read by
   * administrators), MAIL_FROM, DKIM signing when DKIM_PRIVATE_KEY, DKIM_DOMAIN and DKIM_SELECTOR are set, and where the
   * notifier runs (NOTIFIER: in this process, its own process in deploy, or nowhere).
   */
  mail: {
    smtpUrl: string | null;
    from: string;
    /** The domain of Message-IDs: MAIL_FROM's. */
    domain: string;
    dkim: { privateKey: string; domainName: string; keySelector: string } | null;
    notifier: 'in-process' | 'external' | 'off';
    /** The longest wait between tries while SMTP refuses or is away (MAIL_RETRY_MAX_MS); the first waits a quarter of it, at most a second, then doubling. */
    retryMaxMs: number;
  };
}

export class ConfigError extends Error {}

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === '') return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
  return value as T;
}

function integer(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`${name} must be an integer ≥ ${min} (got "${value}")`);
  return n;
}

function url(name: string, value: string | undefined, fallback: string): string {
  const v = value || fallback;
  try {
    return new URL(v).toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(`${name} must be an absolute URL (got "${v}")`);
  }
}

function email(name: string, value: string | undefined): string | null {
  if (!value) return null;
  if (!/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(value)) throw new ConfigError(`${name} must be an e-mail address (got "${value}")`);
  return value;
}

function httpsUrl(name: string, value: string): string {
  const parsed = url(name, value, value);
  if (!/^https?:\/\//.test(parsed)) throw new ConfigError(`${name} must be an http(s) URL (got "${value}")`);
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer('PORT', env.PORT, 3000, 0);
  const host = env.HOST || '127.0.0.1';
  const dataDir = resolve(env.DATA_DIR || 'data');
  const eventStore = oneOf('EVENT_STORE', env.EVENT_STORE, ['sqlite', 'eventstoredb'] as const, 'sqlite');
  if (eventStore === 'eventstoredb' && !env.EVENTSTORE_CONNECTION_STRING) {
    throw new ConfigError('EVENTSTORE_CONNECTION_STRING is required when EVENT_STORE=eventstoredb');
  }
  const readModel = oneOf('READ_MODEL', env.READ_MODEL, ['memory', 'redis'] as const, 'memory');
  const projectionsMode = oneOf('PROJECTIONS', env.PROJECTIONS, ['in-process', 'external'] as const, 'in-process');
  if (projectionsMode === 'external' && readModel === 'memory') {
    throw new ConfigError('PROJECTIONS=external needs a shared read model: set READ_MODEL=redis');
  }
  if (projectionsMode === 'external' && !env.SESSION_SECRET) {
    throw new ConfigError('SESSION_SECRET is required with PROJECTIONS=external: every read-api replica must sign sessions with the same secret');
  }
  const sessionSecret = env.SESSION_SECRET || randomBytes(32).toString('hex');
  for (const [id, secret] of [['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'], ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET']] as const) {
    if (!env[id] !== !env[secret]) throw new ConfigError(`${id} and ${secret} go together: set both or neither`);
  }
  const publicUrl = url('PUBLIC_URL', env.PUBLIC_URL, `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`);
  const payments = paymentsMode(env, publicUrl, port);
  return {
    port,
    host,
    publicUrl,
    dataDir,
    eventStore,
    eventStoreConnectionString: env.EVENTSTORE_CONNECTION_STRING || null,
    readModel,
    redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
    readModelPrefix: env.READ_MODEL_PREFIX || null,
    projectionsMode,
    kafka: {
      brokers: (env.KAFKA_BROKERS || '').split(',').map((b) => b.trim()).filter(Boolean),
      topic: env.KAFKA_TOPIC || 'billing.events',
      clientId: env.KAFKA_CLIENT_ID || 'relaycast-publisher',
      // The idempotent producer needs broker support (tests' mock broker lacks it): KAFKA_IDEMPOTENT=false there.
      idempotent: env.KAFKA_IDEMPOTENT !== 'false',
    },
    sessionSecret,
    sessionSecretGenerated: !env.SESSION_SECRET,
    adminEmail: (env.ADMIN_EMAIL || 'admin@relaycast.local').trim().toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || null,
    google: {
      clientId: env.GOOGLE_CLIENT_ID || null,
      clientSecret: env.GOOGLE_CLIENT_SECRET || null,
      authorizationUrl: url('GOOGLE_AUTHORIZATION_URL', env.GOOGLE_AUTHORIZATION_URL, 'https://accounts.google.com/o/oauth2/v2/auth'),
      tokenUrl: url('GOOGLE_TOKEN_URL', env.GOOGLE_TOKEN_URL, 'https://oauth2.googleapis.com/token'),
      userProfileUrl: url('GOOGLE_USERINFO_URL', env.GOOGLE_USERINFO_URL, 'https://www.googleapis.com/oauth2/v3/userinfo'),
    },
    payments,
    paypal: payments === 'demo' ? demoPayPal(publicUrl, env) : {
      clientId: payments === 'paypal' ? env.PAYPAL_CLIENT_ID! : null,
      clientSecret: payments === 'paypal' ? env.PAYPAL_CLIENT_SECRET! : null,
      environment: oneOf('PAYPAL_ENVIRONMENT', env.PAYPAL_ENVIRONMENT, ['sandbox', 'live'] as const, 'sandbox'),
      baseUrl: env.PAYPAL_BASE_URL ? url('PAYPAL_BASE_URL', env.PAYPAL_BASE_URL, '') : null,
      webhookId: env.PAYPAL_WEBHOOK_ID || null,
      timeoutMs: integer('PAYPAL_TIMEOUT_MS', env.PAYPAL_TIMEOUT_MS, 10_000, 100),
      // The PayPal JS SDK the browser loads for the buttons (tests: the stand-in's copy).
      sdkUrl: url('PAYPAL_SDK_URL', env.PAYPAL_SDK_URL, 'https://www.paypal.com/sdk/js'),
    },
    webDist: resolve(env.WEB_DIST || join(import.meta.dirname, '..', '..', 'web', 'dist')),
    contactEmail: email('CONTACT_EMAIL', env.CONTACT_EMAIL),
    cloudMarketplaceUrl: env.CLOUD_MARKETPLACE_URL ? httpsUrl('CLOUD_MARKETPLACE_URL', env.CLOUD_MARKETPLACE_URL) : null,
    downloadsUrl: env.DOWNLOADS_URL ? httpsUrl('DOWNLOADS_URL', env.DOWNLOADS_URL) : `${publicUrl}/downloads`,
    logLevel: env.LOG_LEVEL || 'info',
    signInRateLimit: integer('SIGNIN_RATE_LIMIT', env.SIGNIN_RATE_LIMIT, 20, 1),
    writeQuota: integer('WRITE_QUOTA', env.WRITE_QUOTA, 300, 0),
    sessionCacheMs: integer('SESSION_CACHE_MS', env.SESSION_CACHE_MS, 5000, 0),
    consistencyTimeoutMs: integer('CONSISTENCY_TIMEOUT_MS', env.CONSISTENCY_TIMEOUT_MS, 3000, 0),
    trustProxy: trustProxyHops(env.TRUST_PROXY),
    billingClock: oneOf('BILLING_CLOCK', env.BILLING_CLOCK, ['system', 'test'] as const, 'system'),
    billingClockStart: env.BILLING_CLOCK_START ? isoTime('BILLING_CLOCK_START', env.BILLING_CLOCK_START) : null,
    scheduler: oneOf('SCHEDULER', env.SCHEDULER, ['in-process', 'external', 'off'] as const, 'in-process'),
    schedulerIntervalMs: integer('SCHEDULER_INTERVAL_MS', env.SCHEDULER_INTERVAL_MS, 5000, 50),
    schedulerConcurrency: integer('SCHEDULER_CONCURRENCY', env.SCHEDULER_CONCURRENCY, 64, 1),
    licenceSigningKey: env.LICENCE_SIGNING_KEY || null,
    metricsToken: env.METRICS_TOKEN || null,
    billingPolicyProposal: billingPolicyProposal(env),
    seller: sellerFrom(env),
    tax: sellerTaxFrom(env),
    invoicing: oneOf('INVOICING', env.INVOICING, ['in-process', 'external', 'off'] as const, 'in-process'),
    mail: mailFrom(env, publicUrl),
  };
}

/** SMTP_URL, MAIL_FROM and the DKIM key, checked: a bad value stops the process with its name (exit 2). */
function mailFrom(env: NodeJS.ProcessEnv, publicUrl: string): Config['mail'] {
  let smtpUrl: string | null = null;
  if (env.SMTP_URL) {
    let parsed: URL;
    try {
      parsed = new URL(env.SMTP_URL);
    } catch {
      throw new ConfigError('SMTP_URL must be a URL such as smtp://user:password@mail.example.com:587 (got something else)');
    }
    if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') throw new ConfigError(`SMTP_URL must start with smtp:// or smtps:// (got ${parsed.protocol}//)`);
    smtpUrl = env.SMTP_URL;
  }
  // Without MAIL_FROM: no-reply at the public site's host (relaycast.local for a loopback or bare IP address).
  const host = new URL(publicUrl).hostname;
  const siteDomain = /^(localhost|[0-9.]+|\[.*\])$/.test(host) ? 'relaycast.local' : host;
  const from = (env.MAIL_FROM || `Relaycast <no-reply@${siteDomain}>`).trim();
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  if (!/^[^\s@<>"]+@([^\s@<>"]+\.[^\s@<>"]+|relaycast\.local)$/.test(address)) throw new ConfigError(`MAIL_FROM must be an address, or Name <address> (got "${from}")`);
  const dkimSet = [env.DKIM_PRIVATE_KEY, env.DKIM_DOMAIN, env.DKIM_SELECTOR].filter(Boolean).length;
  if (dkimSet !== 0 && dkimSet !== 3) throw new ConfigError('DKIM_PRIVATE_KEY, DKIM_DOMAIN and DKIM_SELECTOR go together: set all three or none');
  const dkim = dkimSet === 3 ? { privateKey: env.DKIM_PRIVATE_KEY!.replace(/\\n/g, '\n'), domainName: env.DKIM_DOMAIN!, keySelector: env.DKIM_SELECTOR! } : null;
  if (dkim && !dkim.privateKey.includes('PRIVATE KEY')) throw new ConfigError('DKIM_PRIVATE_KEY must be an RSA private key in PEM (-----BEGIN PRIVATE KEY----- …)');
  return {
    smtpUrl,
    from,
    domain: address.slice(address.lastIndexOf('@') + 1),
    dkim,
    notifier: oneOf('NOTIFIER', env.NOTIFIER, ['in-process', 'external', 'off'] as const, 'in-process'),
    retryMaxMs: integer('MAIL_RETRY_MAX_MS', env.MAIL_RETRY_MAX_MS, 300_000, 10),
  };
}

/**
 * The seller's details every invoice and credit note carries, fixed on each when it is issued. SELLER_ID names the
 * number sequences (`invoice-book-<id>-real`): set once, never changed, or numbering starts again in new books.
 * A `\n` in SELLER_ADDRESS is a line break (for .env files).
 */
function sellerFrom(env: NodeJS.ProcessEnv): SellerDetails {
  const text = (name: string, value: string | undefined, max: number) => {
    const v = (value ?? '').replace(/\\n/g, '\n').trim();
    if (v.length > max) throw new ConfigError(`${name} must be at most ${max} characters`);
    return v;
  };
  const id = text('SELLER_ID', env.SELLER_ID, 40) || 'relaycast';
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(id)) throw new ConfigError(`SELLER_ID must be lowercase letters, digits and hyphens (got "${id}")`);
  const name = text('SELLER_NAME', env.SELLER_NAME, 200) || 'Relaycast';
  const address = text('SELLER_ADDRESS', env.SELLER_ADDRESS, 500);
  const registrationNumber = text('SELLER_REGISTRATION_NUMBER', env.SELLER_REGISTRATION_NUMBER, 64);
  const vatNumber = text('SELLER_VAT_NUMBER', env.SELLER_VAT_NUMBER, 64);
  return { id, name, address, ...(registrationNumber ? { registrationNumber } : {}), ...(vatNumber ? { vatNumber } : {}) };
}

/**
 * SELLER_COUNTRY, SELLER_VAT_NUMBER and TAX, checked: a country that is not an ISO 3166-1 alpha-2 code, or a VAT number
 * that is malformed, fails its check digits or does not start with the country's prefix, stops the process naming the
 * variable. (SELLER_VAT_NUMBER is also printed on invoices as written: seller.vatNumber.)
 */
function sellerTaxFrom(env: NodeJS.ProcessEnv): tax.SellerTaxIdentity {
  const enabled = oneOf('TAX', env.TAX, ['on', 'off'] as const, 'on') === 'on';
  try {
    return tax.sellerTaxIdentity({ country: env.SELLER_COUNTRY, vatNumber: env.SELLER_VAT_NUMBER, enabled }, new Date().toISOString());
  } catch (error) {
    if (!(error instanceof tax.TaxInputError)) throw error;
    throw new ConfigError(`${error.field === 'country' ? 'SELLER_COUNTRY' : 'SELLER_VAT_NUMBER'} ${error.reason}`);
  }
}

/** The PayPal settings PAYMENTS=demo replaces with the built-in sandbox's: set, they would be ignored, so they are refused. */
const DEMO_REPLACES = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_BASE_URL', 'PAYPAL_SDK_URL', 'PAYPAL_WEBHOOK_ID'] as const;

/**
 * PAYMENTS, checked. Demo payments are for trying the product on one's own machine: refused where real money could be
 * expected — an https PUBLIC_URL (a public site) or NODE_ENV=production — and beside PayPal settings (ambiguous).
 */
function paymentsMode(env: NodeJS.ProcessEnv, publicUrl: string, port: number): Config['payments'] {
  const mode = oneOf('PAYMENTS', env.PAYMENTS, ['paypal', 'demo', 'off'] as const, env.PAYPAL_CLIENT_ID ? 'paypal' : 'off');
  if (mode === 'paypal' && !env.PAYPAL_CLIENT_ID) throw new ConfigError('PAYMENTS=paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET');
  if (mode !== 'demo') return mode;
  const why = 'demo payments take no money and are only for trying Relaycast out; for real payments set PAYMENTS=paypal with PayPal credentials, or PAYMENTS=off';
  if (publicUrl.startsWith('https://')) throw new ConfigError(`PAYMENTS=demo is refused with an https PUBLIC_URL (${publicUrl}): ${why}`);
  if (env.NODE_ENV === 'production') throw new ConfigError(`PAYMENTS=demo is refused with NODE_ENV=production: ${why}`);
  const set = DEMO_REPLACES.filter((name) => env[name]);
  if (set.length) throw new ConfigError(`PAYMENTS=demo uses the built-in PayPal sandbox, but ${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set too: unset ${set.length > 1 ? 'them' : 'it'}, or set PAYMENTS=paypal`);
  if (env.PAYPAL_ENVIRONMENT === 'live') throw new ConfigError('PAYMENTS=demo cannot run with PAYPAL_ENVIRONMENT=live');
  if (port === 0 && !env.PUBLIC_URL) throw new ConfigError('PAYMENTS=demo needs the server\'s address before it starts (the PayPal adapter calls the sandbox at PUBLIC_URL/demo-paypal): set PORT (not 0) or PUBLIC_URL');
  return mode;
}

/** The PayPal adapter's settings with demo payments: the sandbox this server serves at PUBLIC_URL/demo-paypal. */
function demoPayPal(publicUrl: string, env: NodeJS.ProcessEnv): Config['paypal'] {
  const base = `${publicUrl}${DEMO_PAYPAL_PATH}`;
  return {
    clientId: DEMO_CLIENT_ID,
    clientSecret: null,
    environment: 'sandbox',
    baseUrl: base,
    webhookId: DEMO_WEBHOOK_ID,
    timeoutMs: integer('PAYPAL_TIMEOUT_MS', env.PAYPAL_TIMEOUT_MS, 10_000, 100),
    sdkUrl: `${base}/sdk/js`,
  };
}

function billingPolicyProposal(env: NodeJS.ProcessEnv): Config['billingPolicyProposal'] {
  try {
    return policyFromVariables({ DUNNING_SCHEDULE: env.DUNNING_SCHEDULE, LICENCE_GRACE_DAYS: env.LICENCE_GRACE_DAYS, DUNNING_CANCEL_AFTER_DAYS: env.DUNNING_CANCEL_AFTER_DAYS });
  } catch (error) {
    if (error instanceof PolicyVariableError) throw new ConfigError(error.message);
    throw error;
  }
}

/**
 * TRUST_PROXY as a hop count. `true` (trust every X-Forwarded-For entry) is refused: Express would take the leftmost
 * entry, which the client writes itself, and every per-address limit would key on a header the client chose.
 */
function trustProxyHops(value: string | undefined): number {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'false') return 0;
  if (v === 'true') {
    throw new ConfigError(
      'TRUST_PROXY=true would take the client\'s address from the leftmost X-Forwarded-For entry, which the client writes itself: ' +
        'set the number of proxies in front of this process instead (TRUST_PROXY=1 behind deploy/nginx.conf or one load balancer; see docs/going-live.md)',
    );
  }
  if (!/^\d+$/.test(v) || Number(v) > 10) throw new ConfigError(`TRUST_PROXY must be the number of proxies in front of this process, 0 to 10 (got "${value}")`);
  return Number(v);
}

function isoTime(name: string, value: string): string {
  const t = Date.parse(value);
  if (!Number.isFinite(t)) throw new ConfigError(`${name} must be an ISO-8601 time (got "${value}")`);
  return new Date(t).toISOString();
}

/** Runs a process's start; a configuration error (here, or found later, e.g. against the event log) exits 2, said plainly. */
export async function startOrExit(start: () => Promise<void>): Promise<void> {
  try {
    await start();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  }
}

/** The configuration of a process's environment, or exit 2 with the problem said plainly (every service's start). */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
}
