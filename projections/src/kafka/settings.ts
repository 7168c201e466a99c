import type { ReadSide } from '../read-side.js';
import { DEFAULT_TOPIC, type KafkaPublisher } from './publisher.js';

export interface PublisherSettings {
  brokers: string[];
  topic: string;
  clientId: string;
  idempotent: boolean;
}

/**
 * The publisher's environment: KAFKA_BROKERS (comma-separated; empty = no publisher), KAFKA_TOPIC (billing.events),
 * KAFKA_CLIENT_ID, KAFKA_IDEMPOTENT (true unless "false": the mock broker of the tests needs false).
 */
export function publisherSettingsFromEnv(env: NodeJS.ProcessEnv): PublisherSettings | null {
  const brokers = (env.KAFKA_BROKERS ?? '').split(',').map((b) => b.trim()).filter(Boolean);
  if (brokers.length === 0) return null;
  return {
    brokers,
    topic: env.KAFKA_TOPIC || DEFAULT_TOPIC,
    clientId: env.KAFKA_CLIENT_ID || 'relaycast-publisher',
    idempotent: env.KAFKA_IDEMPOTENT !== 'false',
  };
}

/** A read side that also starts and stops a publisher with it (the read-api's embedded default). */
export function withPublisher<T extends ReadSide>(readSide: T, publisher: KafkaPublisher | null): T {
  if (!publisher) return readSide;
  return {
    ...readSide,
    async start() {
      await readSide.start();
      await publisher.start();
    },
    async stop() {
      await publisher.stop();
      await readSide.stop();
    },
  };
}
