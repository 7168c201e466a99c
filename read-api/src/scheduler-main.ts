import { createServer } from 'node:http';
import { loadConfigOrExit, startOrExit } from './config.js';
import { createLogger } from './logger.js';
import { createRuntime } from './runtime.js';

/**
 * The billing scheduler as a process of its own (deploy: one replica, `strategy: Recreate`, so Kubernetes keeps a
 * single one running; a second one would only duplicate work, never charges: every step is idempotent). It reads
 * the due list from the read models, and issues the clock's commands through billing-core's workflows. The read-api
 * replicas then run with SCHEDULER=external. It also runs the invoicing reactor (INVOICING=external on the read-api
 * replicas). HEALTH_PORT serves /health and /ready.
 *
 *   node dist/scheduler.js            runs until SIGTERM, looking for due items every SCHEDULER_INTERVAL_MS
 *   node dist/scheduler.js --once     works through everything due now, prints how many items ran, exits
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  // The invoicing reactor runs here in deploy (the read-api replicas have INVOICING=external): one process follows the
  // log for captures and refunds whose invoice or credit note a crash left missing.
  // Never the notifier: in deploy it is its own service, on the embedded default the read-api runs it (one sender).
  const rt = await createRuntime({ ...config, scheduler: 'off', invoicing: 'in-process', mail: { ...config.mail, notifier: 'external' } }, logger);
  await rt.readSide.start();
  // The due list must show the store's head before the first pass, or items would wait for the next one.
  if (!(await rt.readSide.waitFor(await rt.events.headPosition(), 10 * 60_000))) logger.warn('read models behind the event store; scheduling anyway');
  if (process.argv.includes('--once')) {
    const ran = await rt.scheduler.runUntilIdle();
    console.log(`billing scheduler: ran ${ran} due items at ${rt.clock.now()}`);
    await rt.close();
    return;
  }
  rt.scheduler.start();
  // Liveness and readiness for the orchestrator (HEALTH_PORT): alive while the process runs, ready once caught up.
  const healthPort = Number(process.env.HEALTH_PORT ?? 0);
  if (healthPort > 0) {
    createServer((req, res) => {
      const ok = req.url === '/health' || req.url === '/ready';
      res.writeHead(ok ? 200 : 404, { 'content-type': 'text/plain' }).end(ok ? 'ok' : 'not found');
    }).listen(healthPort, config.host);
  }
  console.log(`billing scheduler is running (clock: ${rt.clock.mode}, every ${config.schedulerIntervalMs} ms)`);
  const stop = async () => {
    await rt.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

void startOrExit(main);
