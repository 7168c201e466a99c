import { createServer } from 'node:http';
import { loadConfigOrExit, startOrExit } from './config.js';
import { createLogger } from './logger.js';
import { createRuntime } from './runtime.js';

/**
 * The notifier as a process of its own (deploy: one replica, `strategy: Recreate`): it follows the event log from its
 * checkpoint and e-mails what the events cause (docs/notifications.md). The read-api replicas then run with
 * NOTIFIER=external and show its status from Redis. A second notifier during a rollout could send a message twice
 * (the same bytes, the same Message-ID) but never record it twice: the ledger's stream versions refuse that.
 * HEALTH_PORT serves /health, /ready and, with METRICS_TOKEN, /metrics (Prometheus).
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  // Only the notifier here: no scheduler, no invoicing reactor (the scheduler's process runs that one).
  const rt = await createRuntime({ ...config, scheduler: 'off', invoicing: 'off', mail: { ...config.mail, notifier: 'in-process' } }, logger);
  const healthPort = Number(process.env.HEALTH_PORT ?? 0);
  if (healthPort > 0) {
    createServer((req, res) => {
      if (req.url === '/metrics' && config.metricsToken && req.headers.authorization === `Bearer ${config.metricsToken}`) {
        void rt.metrics.registry.metrics().then((text) => res.writeHead(200, { 'content-type': rt.metrics.registry.contentType }).end(text));
        return;
      }
      const ok = req.url === '/health' || (req.url === '/ready' && rt.notifier.status().running);
      res.writeHead(ok ? 200 : req.url === '/ready' ? 503 : 404, { 'content-type': 'text/plain' }).end(ok ? 'ok' : 'not ready');
    }).listen(healthPort, config.host);
  }
  console.log(`notifier is running (${config.mail.smtpUrl ? 'SMTP' : `outbox in ${config.dataDir}/outbox`}, from ${config.mail.from})`);
  const stop = async () => {
    await rt.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

void startOrExit(main);
