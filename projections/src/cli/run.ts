import { createServer } from 'node:http';
import { pino } from 'pino';
import { projectionsNamed } from '../projections/index.js';
import { createProjectionRunner } from '../runner.js';
import { openStores, projectionNamesFrom } from './settings.js';

/**
 * The projections process (deploy): follows the event store and keeps the Redis read models, one checkpointed
 * runner per projection. PROJECTIONS_ONLY picks some (one process per read model, each a single writer);
 * HEALTH_PORT serves /health and /ready for the orchestrator.
 */
const logger = pino({ level: process.env.LOG_LEVEL || 'info', base: { service: 'projections' } });

async function main() {
  const projections = projectionsNamed(projectionNamesFrom(process.env.PROJECTIONS_ONLY));
  const stores = await openStores();
  const runners = projections.map((projection) =>
    createProjectionRunner({
      events: stores.events,
      readModels: stores.readModels,
      projection,
      onError: (error, name) => logger.error({ err: error, projection: name }, 'projection failed; resuming from its checkpoint'),
      onCommit: (name, position, count) => logger.debug({ projection: name, position: position.toString(), events: count }, 'committed'),
    }),
  );
  await Promise.all(runners.map((r) => r.start()));
  logger.info({ projections: projections.map((p) => p.name), eventStore: stores.events.kind }, 'projections running');

  const port = Number(process.env.HEALTH_PORT || 0);
  const health = port
    ? createServer((req, res) => {
        const statuses = runners.map((r) => r.status());
        const ready = statuses.every((s) => s.running && !s.lastError);
        const body = JSON.stringify(req.url === '/ready' ? { ready, projections: statuses.map((s) => ({ ...s, position: s.position.toString() })) } : { status: 'ok' });
        res.writeHead(req.url === '/ready' && !ready ? 503 : 200, { 'content-type': 'application/json' }).end(body);
      }).listen(port)
    : null;

  const stop = async () => {
    health?.close();
    await Promise.all(runners.map((r) => r.stop()));
    await stores.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'projections process failed to start');
  process.exit(1);
});
