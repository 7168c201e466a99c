import { Kafka, Partitioners, logLevel, type LogEntry, type Message } from 'kafkajs';
import { serializeEnvelope, type EventEnvelope } from '@relaycast/contracts';
import type { EventStore } from '@relaycast/billing-core';
import type { CheckpointStore } from './checkpoints.js';
import { createPositionWaiters } from '@relaycast/billing-core';

export const DEFAULT_TOPIC = 'billing.events';

export interface PublisherLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface KafkaPublisherOptions {
  events: Pick<EventStore, 'readAll'>;
  checkpoints: CheckpointStore;
  /** Bootstrap brokers, or a function asked again at every (re)connection (an address that can change). */
  brokers: string[] | (() => string[] | Promise<string[]>);
  topic?: string;
  clientId?: string;
  /**
   * Kafka's idempotent producer (no duplicates from the producer's own retries). On by default; real clusters
   * support it. librdkafka's mock cluster, which the tests use, does not, so they turn it off.
   */
  idempotent?: boolean;
  /** Events per produce request. */
  batchSize?: number;
  /** How often to look for new events once caught up. */
  pollIntervalMs?: number;
  requestTimeoutMs?: number;
  connectionTimeoutMs?: number;
  /** First delay after a failure; doubled up to maxRetryDelayMs. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  logger?: PublisherLogger;
  /** Close the checkpoint store on stop (when the publisher is its only user). */
  closeCheckpointsOnStop?: boolean;
}

export interface PublisherStatus {
  running: boolean;
  connected: boolean;
  clusterId: string | null;
  /** The last position the current cluster acknowledged (and the checkpoint holds). */
  position: bigint;
  /** Messages sent since start, duplicates after a failure included. */
  sent: number;
  failures: number;
  lastError: string | null;
}

export interface KafkaPublisher {
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): PublisherStatus;
  /** true once the current cluster has acknowledged `position`, false after the timeout. */
  waitFor(position: bigint, timeoutMs: number): Promise<boolean>;
}

/** One event as a Kafka message: key = stream id (a stream's events stay in one partition, in order). */
export function toMessage(event: EventEnvelope): Message {
  return {
    key: event.streamId,
    value: JSON.stringify(serializeEnvelope(event)),
    timestamp: String(Date.parse(event.occurredAt)),
    headers: {
      type: event.type,
      'event-id': event.id,
      position: event.position.toString(),
      'correlation-id': event.metadata.correlationId,
    },
  };
}

const quiet: PublisherLogger = { info() {}, warn() {}, error() {} };

/**
 * Follows the event store from its checkpoint and publishes every event to one topic, in global order, a batch at a
 * time: send with acks=all, and only when the broker has acknowledged the batch, store the batch's last position.
 * A crash or a broker failure between the two re-sends that batch: delivery is at least once, and consumers drop
 * duplicates by the event-id header. The checkpoint is kept per cluster id, so a publisher pointed at a different
 * (new, empty) cluster publishes the whole log into it instead of only what came after its old checkpoint.
 */
export function createKafkaPublisher(options: KafkaPublisherOptions): KafkaPublisher {
  const topic = options.topic ?? DEFAULT_TOPIC;
  const clientId = options.clientId ?? 'relaycast-publisher';
  const idempotent = options.idempotent ?? true;
  const batchSize = options.batchSize ?? 500;
  const pollIntervalMs = options.pollIntervalMs ?? 200;
  const retryDelayMs = options.retryDelayMs ?? 250;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 5000;
  const logger = options.logger ?? quiet;
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;

  const state: PublisherStatus = { running: false, connected: false, clusterId: null, position: 0n, sent: 0, failures: 0, lastError: null };
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  const waiters = createPositionWaiters();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  function acknowledged(position: bigint) {
    state.position = position;
    waiters.reached(position);
  }

  const logCreator = () => (entry: LogEntry) => {
    const fields = { kafkajs: entry.namespace, ...entry.log };
    if (entry.level <= logLevel.ERROR) logger.warn(fields, `kafka: ${entry.log.message}`);
  };

  /** One connection to the cluster: publish until stopped or until something fails. */
  async function session(): Promise<void> {
    const brokers = typeof options.brokers === 'function' ? await options.brokers() : options.brokers;
    const kafka = new Kafka({
      clientId,
      brokers,
      connectionTimeout: options.connectionTimeoutMs ?? 3000,
      requestTimeout: requestTimeoutMs,
      // A few quick retries inside kafkajs; past those the session ends and a new one starts from the checkpoint.
      retry: { retries: 2, initialRetryTime: 100, maxRetryTime: 1000 },
      logLevel: logLevel.ERROR,
      logCreator,
    });
    const admin = kafka.admin();
    const producer = kafka.producer({
      idempotent,
      // One request in flight: a retried batch can never overtake the next one, so per-key order holds.
      maxInFlightRequests: 1,
      allowAutoTopicCreation: true,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    try {
      await admin.connect();
      const { clusterId } = await admin.describeCluster();
      await admin.disconnect();
      await producer.connect();
      const name = `${topic}@${clusterId}`;
      let position = await options.checkpoints.get(name);
      if (state.clusterId !== clusterId) logger.info({ clusterId, topic, position: position.toString() }, 'publishing to cluster from its checkpoint');
      state.clusterId = clusterId;
      state.connected = true;
      acknowledged(position);
      while (state.running) {
        const batch = await options.events.readAll({ after: position, maxCount: batchSize });
        if (batch.length === 0) {
          await sleep(pollIntervalMs);
          continue;
        }
        // acks=all; `timeout` bounds the wait for the acknowledgement (kafkajs would otherwise wait 30 s).
        await producer.send({ topic, acks: -1, timeout: requestTimeoutMs, messages: batch.map(toMessage) });
        state.sent += batch.length;
        position = batch[batch.length - 1]!.position;
        // Only now, after the broker's acknowledgement: a crash before this line re-sends the batch.
        await options.checkpoints.set(name, position);
        acknowledged(position);
      }
    } finally {
      state.connected = false;
      await producer.disconnect().catch(() => undefined);
      await admin.disconnect().catch(() => undefined);
    }
  }

  async function run(): Promise<void> {
    let delay = retryDelayMs;
    while (state.running) {
      try {
        await session();
        delay = retryDelayMs;
      } catch (error) {
        if (!state.running) break;
        state.failures++;
        state.lastError = error instanceof Error ? error.message : String(error);
        logger.warn({ err: state.lastError, retryInMs: delay }, 'publisher lost the broker; reconnecting and resuming from the checkpoint');
        await sleep(delay);
        delay = Math.min(delay * 2, maxRetryDelayMs);
      }
    }
  }

  return {
    async start() {
      if (state.running) return;
      state.running = true;
      loop = run();
    },
    async stop() {
      state.running = false;
      wake?.();
      await loop;
      loop = null;
      waiters.releaseAll();
      if (options.closeCheckpointsOnStop) await options.checkpoints.close();
    },
    status: () => ({ ...state }),
    waitFor(position, timeoutMs) {
      if (position <= state.position) return Promise.resolve(true);
      return waiters.wait(position, timeoutMs);
    },
  };
}
