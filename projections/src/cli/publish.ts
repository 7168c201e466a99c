import { createServer } from 'node:http';
import { resolve, join } from 'node:path';
import { pino } from 'pino';
import { openEventStore } from '@relaycast/billing-core';
import { connectRedis } from '../readmodel/redis.js';
import { createKafkaPublisher } from '../kafka/publisher.js';
import { createRedisCheckpointStore, createSqliteCheckpointStore } from '../kafka/checkpoints.js';
import { publisherSettingsFromEnv } from '../kafka/settings.js';

/**
 * The Kafka publisher process (deploy: `node projections/dist/publish.js`, one replica): follows the event store
 * (EVENT_STORE, DATA_DIR, EVENTSTORE_CONNECTION_STRING) and publishes every event to KAFKA_TOPIC on KAFKA_BROKERS.
 * Its checkpoint lives in Redis when REDIS_URL is set, else in DATA_DIR/publisher.db. HEALTH_PORT serves /health
 * and /ready.
 */
const logger = pino({ level: process.env.LOG_LEVEL || 'info', base: { service: 'publisher' } });

async function main() {
  const settings = publisherSettingsFromEnv(process.env);
  if (!settings) {
    logger.fatal('KAFKA_BROKERS is not set: nothing to publish to');
    process.exit(2);
  }
  const dataDir = resolve(process.env.DATA_DIR || 'data');
  const events = await openEventStore({ kind: process.env.EVENT_STORE === 'eventstoredb' ? 'eventstoredb' : 'sqlite', dataDir, connectionString: process.env.EVENTSTORE_CONNECTION_STRING ?? null });
  const redis = process.env.REDIS_URL ? await connectRedis(process.env.REDIS_URL) : null;
  const checkpoints = redis ? createRedisCheckpointStore(redis) : createSqliteCheckpointStore(join(dataDir, 'publisher.db'));
  const publisher = createKafkaPublisher({ events, checkpoints, ...settings, logger });
  await publisher.start();
  logger.info({ brokers: settings.brokers, topic: settings.topic, idempotent: settings.idempotent, checkpoints: checkpoints.kind }, 'publisher running');

  const port = Number(process.env.HEALTH_PORT || 0);
  const health = port
    ? createServer((req, res) => {
        const s = publisher.status();
        const ready = s.running && s.connected;
        const body = JSON.stringify(req.url === '/ready' ? { ready, ...s, position: s.position.toString() } : { status: 'ok' });
        res.writeHead(req.url === '/ready' && !ready ? 503 : 200, { 'content-type': 'application/json' }).end(body);
      }).listen(port)
    : null;

  const stop = async () => {
    health?.close();
    await publisher.stop();
    await checkpoints.close();
    await events.close();
    redis?.disconnect();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'publisher failed to start');
  process.exit(1);
});
