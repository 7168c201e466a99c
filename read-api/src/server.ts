import type { Server } from 'node:http';
import { loadConfigOrExit, startOrExit } from './config.js';
import { createLogger } from './logger.js';
import { createRuntime } from './runtime.js';
import { createApp } from './app.js';
import { listen } from './http/server.js';
import { ensureAdmin } from './admin-bootstrap.js';

/**
 * The read-api process. In the embedded default it also hosts billing-core and the projections: events go to
 * SQLite under DATA_DIR and the read models are rebuilt in memory at start.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  const rt = await createRuntime(config, logger);

  const started = Date.now();
  await rt.readSide.start();
  const head = await rt.events.headPosition();
  if (!(await rt.readSide.waitFor(head, 10 * 60_000))) logger.warn('read models did not catch up with the event store within 10 minutes; serving anyway');
  logger.info({ head: head.toString(), millis: Date.now() - started, eventStore: rt.events.kind, readModel: rt.readModels.kind }, 'read models ready');

  const admin = await ensureAdmin(rt);
  if (admin.generatedPassword) {
    console.log(`\n  Administrator account: ${admin.email}\n  Generated password:    ${admin.generatedPassword}\n  (set ADMIN_PASSWORD to choose your own; it is not shown again)\n`);
  }
  if (config.sessionSecretGenerated) logger.info('SESSION_SECRET is not set; using the one kept in DATA_DIR/session-secret');

  const app = createApp(rt);
  const server: Server = await listen(app, config.port, config.host);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Relaycast is running at http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}  (Ctrl-C to stop)`);
  if (config.payments === 'demo') console.log(`Demo payments: no money moves (PAYMENTS=demo: PayPal is the built-in sandbox at ${config.paypal.baseUrl})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rt.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

void startOrExit(main);
