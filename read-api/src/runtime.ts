import { AsyncLocalStorage } from 'node:async_hooks';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import {
  createCommandHandler,
  createInvoicing,
  createInvoicingReactor,
  createScheduler,
  createTestClock,
  demoSigningKeyOf,
  loadSubscription,
  openEventStore,
  resolveBillingReference,
  systemClock,
  tax,
  taxCustomerOfUser,
  upgradeStoredData,
  type Clock,
  type Scheduler,
  type SigningKey,
  type CommandHandler,
  type Decider,
  type EventStore,
  type HandleOptions,
  type HandleResult,
  type Invoicing,
  type InvoicingReactor,
  type PaymentDeps,
  type PaymentGateway,
} from '@relaycast/billing-core';
import {
  ALL_PROJECTIONS,
  connectRedis,
  createInProcessReadSide,
  createMemoryReadModelStore,
  createRedisReadModelStore,
  createRemoteReadSide,
  type ReadModelStore,
  type ReadSide,
} from '@relaycast/projections';
import type { Command, DomainEvent } from '@relaycast/contracts';
import { createKafkaPublisher, createRedisCheckpointStore, createSqliteCheckpointStore, withPublisher } from '@relaycast/projections/kafka';
import type { Config } from './config.js';
import type { Logger } from './logger.js';
import { createMetrics, type Metrics } from './metrics.js';
import { createRedisAuthStore, createSqliteAuthStore, type AuthStore } from './auth/store.js';
import { cachingAuthStore, redisRevocationBus } from './auth/session-cache.js';
import { createFileStorage, type FileStorage } from './services/file-storage.js';
import { createLinkSigner, createTokenSigner, type LinkSigner, type TokenSigner } from './auth/tokens.js';
import { sessionSecret } from './auth/secret.js';
import { createPayPalGateway } from './payments/paypal.js';
import { createDemoPayPal, type DemoPayPal } from './payments/demo/sandbox.js';
import { demoClientSecret } from './payments/demo/constants.js';
import { licenceSigningKey } from './licence/signing-key.js';
import { ensureBillingPolicy } from './billing-policy.js';
import { refuseStandingDemoPurchases } from './demo-purchases.js';
import { createNotifier, type Notifier, type NotifierStatus } from './mail/notifier.js';
import { createOutboxTransport, createSmtpTransport, type MailTransport } from './mail/transport.js';
import type { MailIdentity } from './mail/compose.js';
import type { MailDeps } from './mail/messages.js';

/**
 * The writes one request made, so that an answer which cannot read its result back (read models down) still
 * says the write happened: 202 with the position, never a 503 that invites a retry.
 */
export const requestWrites = new AsyncLocalStorage<{ position: bigint }>();

export interface ExecuteResult<State> extends HandleResult<State> {
  /** false when the read models had not caught up within the consistency timeout. */
  consistent: boolean;
}

export interface Runtime {
  config: Config;
  logger: Logger;
  metrics: Metrics;
  events: EventStore;
  handler: CommandHandler;
  readModels: ReadModelStore;
  readSide: ReadSide;
  auth: AuthStore;
  files: FileStorage;
  tokens: TokenSigner;
  payments: PaymentGateway;
  /** The online VAT number check (VIES): not reachable from here, so by default it answers "unavailable" (docs/tax.md). */
  vies: tax.ViesPort;
  /** The built-in PayPal sandbox with demo payments (PAYMENTS=demo), else null. Served by the app at /demo-paypal. */
  demoPayPal: DemoPayPal | null;
  /** What billing-core's payment workflows run on: this event store, `execute`, the gateway, the public URL. */
  paymentDeps: PaymentDeps;
  redis: Redis | null;
  /** Billing time (BILLING_CLOCK): the wall clock, or the test clock. */
  clock: Clock;
  /** Signs licence files (LICENCE_SIGNING_KEY, or generated into DATA_DIR). */
  licenceKey: SigningKey;
  /** The key demo licences are signed with (derived from licenceKey; engines never trust it). */
  demoLicenceKey: SigningKey;
  /** The billing scheduler of this process (idle when SCHEDULER is not in-process: `runUntilIdle` still works for the test clock). */
  scheduler: Scheduler;
  /** What the scheduler's commands run on (they do not wait for the read models). */
  schedulerDeps: PaymentDeps;
  /** Issues invoices and credit notes into the books' sequence streams (the payment workflows call it after each capture and refund). */
  invoicing: Invoicing;
  /** The reactor that issues the documents a crash left missing (INVOICING=in-process; deploy: the scheduler's process). */
  invoicingReactor: InvoicingReactor;
  /** Signs and checks the links messages carry (verification, password reset, unsubscribe). */
  links: LinkSigner;
  /** What messages are rendered from (the event log, the links, the public URL, the licence key) and sent as. */
  mail: { deps: MailDeps; identity: MailIdentity; transport: MailTransport };
  /** The notifier of this process (started when NOTIFIER=in-process; deploy: its own process). */
  notifier: Notifier;
  /** The notifier's status, wherever it runs (this process, or the notifier service through Redis); null if unknown. */
  notifierStatus(): Promise<NotifierStatus | null>;
  /** Runs a command and waits until the read models show its events, so the caller reads its own write. */
  execute<S, C extends Command, E extends DomainEvent>(decider: Decider<S, C, E>, id: string, command: C, options?: HandleOptions): Promise<ExecuteResult<S>>;
  close(): Promise<void>;
}

export async function createRuntime(config: Config, logger: Logger, overrides: { payments?: PaymentGateway; vies?: tax.ViesPort } = {}): Promise<Runtime> {
  const metrics = createMetrics();
  const events = await openEventStore({ kind: config.eventStore, dataDir: config.dataDir, connectionString: config.eventStoreConnectionString });
  // With demo payments every command, whoever issues it (a request, a webhook, the scheduler, start-up), is marked
  // `demo`, and the handler copies the mark onto its events: finance and histories keep them apart from real money.
  const handler = markedDemo(createCommandHandler(events, { onAppend: (_stream, count) => metrics.appendedEvents.inc(count) }), config.payments === 'demo');
  const redis = config.readModel === 'redis' ? await connectRedis(config.redisUrl) : null;
  const readModels = redis ? createRedisReadModelStore(redis, config.readModelPrefix ? { prefix: config.readModelPrefix } : {}) : createMemoryReadModelStore();
  // The Kafka publisher runs in this process in the embedded default (KAFKA_BROKERS set); in deploy it is its own process.
  const kafka = config.kafka.brokers.length && config.projectionsMode !== 'external' ? config.kafka : null;
  const checkpoints = kafka && (redis ? createRedisCheckpointStore(redis) : createSqliteCheckpointStore(join(config.dataDir, 'publisher.db')));
  const publisher = kafka && checkpoints ? createKafkaPublisher({ events, checkpoints, ...kafka, logger, closeCheckpointsOnStop: true }) : null;
  const readSide = withPublisher(
    config.projectionsMode === 'external'
      ? createRemoteReadSide({ readModels, projections: ALL_PROJECTIONS })
      : createInProcessReadSide({
          events,
          readModels,
          projections: ALL_PROJECTIONS,
          onError: (error, projection) => logger.error({ err: error, projection }, 'projection failed; it will resume from its checkpoint'),
          onCommit: (projection, position) => metrics.projectionPosition.set({ projection }, Number(position)),
        }),
    publisher,
  );
  // Sessions cached briefly in memory (SESSION_CACHE_MS); with Redis, revocations reach every replica by pub/sub.
  const auth = cachingAuthStore(redis ? createRedisAuthStore(redis) : createSqliteAuthStore(join(config.dataDir, 'auth.db')), { ttlMs: config.sessionCacheMs, ...(redis ? { bus: redisRevocationBus(redis) } : {}) });
  const files = createFileStorage(join(config.dataDir, 'files'));
  // One secret for session tokens and the OAuth state, stable across restarts (see auth/secret.ts).
  config.sessionSecret = sessionSecret(config);
  const tokens = createTokenSigner(config.sessionSecret);
  // Demo payments: the real adapter, with the sandbox's credentials (the secret derives from the session secret).
  if (config.payments === 'demo') config.paypal.clientSecret = demoClientSecret(config.sessionSecret);
  const payments = overrides.payments ?? createPayPalGateway(config.paypal);
  const demoPayPal =
    config.payments === 'demo' && config.paypal.clientSecret
      ? createDemoPayPal({
          dataDir: config.dataDir,
          publicUrl: config.publicUrl,
          clientSecret: config.paypal.clientSecret,
          logger,
          // The demo buyer's PayPal country starts as the customer's billing country (they may pick another).
          async billingCountryOf(reference) {
            const subscriptionId = await resolveBillingReference(rt.paymentDeps, reference);
            if (!subscriptionId) return undefined;
            const { sub } = await loadSubscription(rt.paymentDeps, subscriptionId);
            return (await taxCustomerOfUser(rt.paymentDeps, sub.user_id)).billingCountry;
          },
        })
      : null;
  const clock: Clock =
    config.billingClock === 'test' ? createTestClock({ file: join(config.dataDir, 'billing-clock.json'), ...(config.billingClockStart ? { start: config.billingClockStart } : {}) }) : systemClock;
  // One billing policy for every process, from the event log: this process refuses to start if its variables disagree.
  await ensureBillingPolicy(events, handler, config, clock.now());
  // Stored data written by an earlier version brought up to this one's rules, before anything is served (README,
  // "Upgrading a running installation"): idempotent, and skipped after one read once recorded.
  for (const step of await upgradeStoredData({ events, execute: handler.handle.bind(handler) }, clock.now())) {
    if (step.ran) logger.info({ step: step.step, counts: step.counts }, 'upgrade of stored data done');
  }
  // Real payments on a log with demo purchases still standing: refused, naming them, until the operator ends them.
  if (config.payments === 'paypal') await refuseStandingDemoPurchases(events);
  const invoicing = createInvoicing({
    events,
    seller: config.seller,
    now: () => clock.now(),
    onError: (error, event) => logger.warn({ err: error, eventId: event.id, type: event.type }, 'invoicing: the document is left to the invoicing reactor'),
  });
  // Its checkpoint beside the Kafka publisher's: Redis when there is one, else a small SQLite file in DATA_DIR.
  const reactorCheckpoints = redis ? createRedisCheckpointStore(redis, `${config.readModelPrefix ?? ''}reactor`) : createSqliteCheckpointStore(join(config.dataDir, 'reactors.db'));
  const licenceKey = licenceSigningKey(config);
  // Demo licences are signed with a key of their own, derived from the licence key (engines trust only the latter).
  const demoLicenceKey = demoSigningKeyOf(licenceKey);
  const invoicingReactor = createInvoicingReactor({
    events,
    invoicing,
    checkpoints: reactorCheckpoints,
    onError: (error, event, skipped) =>
      skipped
        ? logger.error({ err: error, eventId: event?.id, type: event?.type }, 'invoicing reactor: this event can never get its document; look at it')
        : logger.error({ err: error }, 'invoicing reactor failed; it resumes from its checkpoint'),
  });

  const rt: Runtime = {
    config,
    logger,
    metrics,
    events,
    handler,
    readModels,
    readSide,
    auth,
    files,
    tokens,
    payments,
    vies: overrides.vies ?? tax.viesUnavailable,
    demoPayPal,
    // The workflows run their commands through `execute` below, so that writes wait for the read models as well.
    get paymentDeps(): PaymentDeps {
      return { events, execute: (decider, id, command, options) => rt.execute(decider, id, command, options), gateway: payments, publicUrl: config.publicUrl, invoicing, tax: config.tax };
    },
    redis,
    clock,
    licenceKey,
    demoLicenceKey,
    scheduler: null as unknown as Scheduler,
    schedulerDeps: null as unknown as PaymentDeps,
    invoicing,
    invoicingReactor,
    links: null as unknown as LinkSigner,
    mail: null as unknown as Runtime['mail'],
    notifier: null as unknown as Notifier,
    async notifierStatus() {
      if (config.mail.notifier === 'in-process') return rt.notifier.status();
      if (!redis) return null;
      const text = await redis.get(notifierStatusKey).catch(() => null);
      return text ? (JSON.parse(text) as NotifierStatus) : null;
    },
    async execute(decider, id, command, options) {
      try {
        const result = await handler.handle(decider, id, command, options);
        metrics.commands.inc({ type: command.type, outcome: result.events.length ? 'applied' : 'unchanged' });
        const writes = requestWrites.getStore();
        if (writes && result.position > writes.position) writes.position = result.position;
        if (result.position === 0n) return { ...result, consistent: true };
        // Read models that are failing (Redis down) will not show it soon: answer at once instead of waiting.
        const healthy = await readSide.status().then((all) => all.every((p) => !p.lastError), () => false);
        const consistent = healthy && (await readSide.waitFor(result.position, config.consistencyTimeoutMs));
        return { ...result, consistent };
      } catch (error) {
        metrics.commands.inc({ type: command.type, outcome: (error as { code?: string }).code ?? 'error' });
        throw error;
      }
    },
    async close() {
      await rt.scheduler.stop();
      await rt.notifier.stop();
      await rt.mail.transport.close();
      await invoicingReactor.stop();
      await reactorCheckpoints.close();
      await readSide.stop();
      await events.close();
      await auth.close();
      redis?.disconnect();
    },
  };
  // Nobody reads the scheduler's writes back at once: its commands do not wait for the read models (a run waits
  // once, at its end, before its last look at the due list).
  rt.schedulerDeps = {
    ...rt.paymentDeps,
    execute: async (decider, id, command, options) => {
      const result = await handler.handle(decider, id, command, options);
      metrics.commands.inc({ type: command.type, outcome: result.events.length ? 'applied' : 'unchanged' });
      return result;
    },
  };
  rt.scheduler = createScheduler({
    deps: rt.schedulerDeps,
    clock,
    due: readSide.queries,
    intervalMs: config.schedulerIntervalMs,
    concurrency: config.schedulerConcurrency,
    caughtUp: async () => {
      await readSide.waitFor(await events.headPosition(), config.consistencyTimeoutMs);
    },
    onError: (error, subscriptionId, retrying) =>
      retrying
        ? logger.warn({ err: error, subscriptionId }, 'billing scheduler: a due item failed for now (PayPal busy or unreachable); it is tried again with the same PayPal-Request-Id')
        : logger.error({ err: error, subscriptionId }, 'billing scheduler: a due item failed; it is tried again on the next pass'),
  });
  // E-mail: the notifier follows the log (its checkpoint beside the invoicing reactor's) and sends by SMTP, or to the
  // outbox in DATA_DIR when there is no SMTP_URL; its status reaches the read-api replicas through Redis in deploy.
  const notifierStatusKey = `${config.readModelPrefix ?? ''}notifier:status`;
  rt.links = createLinkSigner(config.sessionSecret);
  const transport = config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl) : createOutboxTransport(join(config.dataDir, 'outbox'));
  rt.mail = {
    deps: { events, links: rt.links, publicUrl: config.publicUrl, licenceKey, demoLicenceKey },
    identity: { from: config.mail.from, domain: config.mail.domain, dkim: config.mail.dkim },
    transport,
  };
  let lastPublished = 0;
  let lastWaiting: string | null = null;
  rt.notifier = createNotifier({
    events,
    handler,
    checkpoints: reactorCheckpoints,
    transport,
    mail: rt.mail.deps,
    identity: rt.mail.identity,
    now: () => clock.now(),
    retryCapMs: config.mail.retryMaxMs,
    retryBaseMs: Math.min(1000, Math.ceil(config.mail.retryMaxMs / 4)),
    onSent: (template, kind) => metrics.mailSent.inc({ template, transport: kind }),
    onRetry: (error) => {
      metrics.mailFailures.inc({ kind: error.kind });
      logger.warn({ err: error }, error.kind === 'transient' ? 'notifier: SMTP refused or unreachable; the message waits and is tried again' : 'notifier: the SMTP server refused the message');
    },
    onError: (error) => logger.error({ err: error }, 'notifier failed; it resumes from its checkpoint'),
    onStatus: (status) => {
      metrics.notifierPosition.set(Number(status.position));
      metrics.mailWaitingSeconds.set(status.waiting ? (Date.now() - Date.parse(status.waiting.since)) / 1000 : 0);
      // Other processes read it from Redis (deploy): written when waiting changes, else at most once a second.
      const waiting = status.waiting ? `${status.waiting.key}:${status.waiting.attempts}` : null;
      if (!redis || (waiting === lastWaiting && Date.now() - lastPublished < 1000)) return;
      lastWaiting = waiting;
      lastPublished = Date.now();
      void redis.set(notifierStatusKey, JSON.stringify(status)).catch(() => undefined);
    },
  });
  if (config.scheduler === 'in-process') rt.scheduler.start();
  if (config.invoicing === 'in-process') await invoicingReactor.start();
  if (config.mail.notifier === 'in-process') await rt.notifier.start();
  return rt;
}

/** The command handler, marking every command `demo` when demo payments are on (PAYMENTS=demo). */
function markedDemo(handler: CommandHandler, demo: boolean): CommandHandler {
  if (!demo) return handler;
  return {
    store: handler.store,
    read: (decider, id) => handler.read(decider, id),
    handle: (decider, id, command, options) => handler.handle(decider, id, { ...command, metadata: { ...command.metadata, demo: true } } as typeof command, options),
  };
}
