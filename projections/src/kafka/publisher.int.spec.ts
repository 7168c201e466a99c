import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kafka, logLevel } from 'kafkajs';
import { createSqliteEventStore, type EventStore } from '@relaycast/billing-core';
import type { EventEnvelope } from '@relaycast/contracts';
import { startMockKafka, type MockKafka } from '../../test/kafka-mock.js';
import { createKafkaPublisher, DEFAULT_TOPIC } from './publisher.js';
import { createSqliteCheckpointStore, createMemoryCheckpointStore } from './checkpoints.js';

const PUBLISH_CLI = fileURLToPath(new URL('../cli/publish.ts', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Appends `total` small events over many streams, a few at a time, spread over time like real traffic. */
async function appendEvents(store: EventStore, total: number, options: { streams: number; pauseEvery: number; pauseMs: number }): Promise<void> {
  let n = 0;
  let appends = 0;
  while (n < total) {
    const stream = `subscription-k${Math.floor(Math.random() * options.streams)}`;
    const count = Math.min(total - n, 1 + Math.floor(Math.random() * 3));
    const events = Array.from({ length: count }, (_, i) => ({
      id: randomUUID(),
      type: 'SubscriptionUpdated',
      occurredAt: new Date(Date.UTC(2026, 10, 1) + (n + i) * 1000).toISOString(),
      data: { changes: { name: `n${n + i}` }, previous: {} },
      metadata: { actorId: 'admin-1', actorRole: 'ROLE_ADMIN' as const, correlationId: `c-${n + i}`, causationId: null },
    }));
    await store.append(stream, events, 'any');
    n += count;
    if (++appends % options.pauseEvery === 0) await sleep(options.pauseMs);
  }
}

interface Consumed {
  key: string;
  id: string;
  position: string;
  type: string;
}

/** Reads the whole topic with a fresh consumer group: every message, per partition in offset order. */
async function consumeAll(broker: string): Promise<Consumed[]> {
  const kafka = new Kafka({ clientId: 'test-consumer', brokers: [broker], logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const offsets = await admin.fetchTopicOffsets(DEFAULT_TOPIC);
  await admin.disconnect();
  const total = offsets.reduce((sum, p) => sum + Number(p.high), 0);
  const consumer = kafka.consumer({ groupId: `verify-${randomUUID()}`, maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topic: DEFAULT_TOPIC, fromBeginning: true });
  const messages: Consumed[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`consumed ${messages.length} of ${total} messages in 30 s`)), 30_000);
    void consumer.run({
      eachBatch: async ({ batch }) => {
        for (const m of batch.messages) {
          const header = (name: string) => m.headers?.[name]?.toString() ?? '';
          const envelope = JSON.parse(m.value!.toString()) as { id: string; streamId: string; position: string };
          expect(header('event-id')).to.equal(envelope.id);
          expect(m.key!.toString()).to.equal(envelope.streamId);
          messages.push({ key: m.key!.toString(), id: header('event-id'), position: header('position'), type: header('type') });
        }
        if (messages.length >= total) {
          clearTimeout(timer);
          resolve();
        }
      },
    });
  });
  await consumer.disconnect();
  return messages;
}

/**
 * What consumers get after deduplicating by event id: every event of the store exactly once, and for each key
 * (stream) the first appearances in stream order. Returns how many duplicates were dropped.
 */
async function expectEveryEventOnceInStreamOrder(store: EventStore, consumed: Consumed[]): Promise<number> {
  const all: EventEnvelope[] = await store.readAll();
  const firstSeen = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const m of consumed) {
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    let list = firstSeen.get(m.key);
    if (!list) firstSeen.set(m.key, (list = []));
    list.push(m.id);
  }
  expect(seen.size, 'unique event ids published').to.equal(all.length);
  expect([...seen].sort()).to.deep.equal(all.map((e) => e.id).sort());
  const byStream = new Map<string, string[]>();
  for (const e of all) {
    let list = byStream.get(e.streamId);
    if (!list) byStream.set(e.streamId, (list = []));
    list.push(e.id);
  }
  for (const [stream, ids] of byStream) expect(firstSeen.get(stream), `order of ${stream}`).to.deep.equal(ids);
  return consumed.length - seen.size;
}

describe('Kafka publisher against a Kafka-protocol broker (kcat mock cluster, loopback)', function () {
  this.timeout(90_000);
  let dir: string;
  let store: EventStore;
  const brokers: MockKafka[] = [];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'relaycast-kafka-'));
    store = createSqliteEventStore(join(dir, 'events.db'), { pollIntervalMs: 10 });
  });
  afterEach(async () => {
    await Promise.all(brokers.splice(0).map((b) => b.kill()));
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function broker(): Promise<MockKafka> {
    const b = await startMockKafka();
    brokers.push(b);
    return b;
  }

  it('publishes with key, headers and the serialized envelope, and the broker freezing mid-stream (SIGSTOP 4 s, then SIGCONT) loses nothing', async () => {
    const mock = await broker();
    const publisher = createKafkaPublisher({
      events: store, checkpoints: createMemoryCheckpointStore(), brokers: [mock.broker], idempotent: false,
      batchSize: 100, pollIntervalMs: 10, requestTimeoutMs: 1000, connectionTimeoutMs: 1000, retryDelayMs: 100, maxRetryDelayMs: 500,
    });
    await publisher.start();
    const appending = appendEvents(store, 3000, { streams: 60, pauseEvery: 20, pauseMs: 10 });
    while (publisher.status().position < 800n) await sleep(5);
    // Longer than kafkajs's own retries (3 × 1 s request timeout): the publisher's session fails and reconnects.
    // Frozen for at least 4 s and until the publisher has seen a failure (its third attempt may still be pending
    // at 4 s on a loaded machine, and would then succeed).
    mock.pause();
    const frozen = Date.now();
    while (Date.now() - frozen < 4000 || (publisher.status().failures === 0 && Date.now() - frozen < 30_000)) await sleep(50);
    mock.resume();
    await appending;
    expect(await publisher.waitFor(await store.headPosition(), 30_000), 'publisher caught up').to.equal(true);
    const { failures } = publisher.status();
    await publisher.stop();
    expect(failures, 'the pause was felt by the publisher').to.be.at.least(1);

    const consumed = await consumeAll(mock.broker);
    const duplicates = await expectEveryEventOnceInStreamOrder(store, consumed);
    expect(consumed.find((m) => m.position === '1')).to.include({ type: 'SubscriptionUpdated' });
    expect(duplicates).to.be.at.least(0);
  });

  it('a broker restart mid-stream (killed; a new, empty broker at a new address): the new cluster gets every event, per key in order', async () => {
    let mock = await broker();
    const checkpoints = createSqliteCheckpointStore(join(dir, 'publisher.db'));
    const publisher = createKafkaPublisher({
      events: store, checkpoints, brokers: () => [mock.broker], idempotent: false,
      batchSize: 100, pollIntervalMs: 10, requestTimeoutMs: 1000, connectionTimeoutMs: 500, retryDelayMs: 100, maxRetryDelayMs: 500,
    });
    await publisher.start();
    const appending = appendEvents(store, 3000, { streams: 60, pauseEvery: 20, pauseMs: 10 });
    while (publisher.status().position < 1000n) await sleep(5);
    const oldCluster = publisher.status().clusterId!;
    await mock.kill();
    await sleep(700);
    mock = await broker();
    await appending;
    const head = await store.headPosition();
    const deadline = Date.now() + 30_000;
    while (!(publisher.status().clusterId !== oldCluster && publisher.status().position >= head)) {
      if (Date.now() > deadline) throw new Error(`publisher did not catch up on the new broker: ${JSON.stringify({ ...publisher.status(), position: String(publisher.status().position) })}`);
      await sleep(20);
    }
    const { failures } = publisher.status();
    await publisher.stop();
    const oldCheckpoint = await checkpoints.get(`${DEFAULT_TOPIC}@${oldCluster}`);
    await checkpoints.close();
    expect(oldCheckpoint > 0n && oldCheckpoint < head, `killed mid-stream (old cluster acknowledged up to ${oldCheckpoint} of ${head})`).to.equal(true);
    expect(failures).to.be.at.least(1);

    await expectEveryEventOnceInStreamOrder(store, await consumeAll(mock.broker));
  });

  it('the publisher process (cli/publish.ts) SIGKILLed mid-stream and restarted: at least once, deduped by id, per key in order', async () => {
    const mock = await broker();
    const start = () =>
      new Promise<ChildProcess>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', PUBLISH_CLI], {
          env: { ...process.env, DATA_DIR: dir, KAFKA_BROKERS: mock.broker, KAFKA_IDEMPOTENT: 'false', REDIS_URL: '', LOG_LEVEL: 'info' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('publisher running')) resolve(child);
        });
        child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('exit', (code, signal) => {
          if (!out.includes('publisher running')) reject(new Error(`publisher exited early (${code ?? signal}): ${out}`));
        });
      });
    const appending = appendEvents(store, 3000, { streams: 60, pauseEvery: 10, pauseMs: 20 });
    let child = await start();
    for (let kill = 0; kill < 2; kill++) {
      await sleep(400 + Math.random() * 400);
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      child = await start();
    }
    await appending;
    const head = await store.headPosition();
    const checkpoints = createSqliteCheckpointStore(join(dir, 'publisher.db'));
    const deadline = Date.now() + 30_000;
    for (;;) {
      const kafka = new Kafka({ clientId: 'probe', brokers: [mock.broker], logLevel: logLevel.NOTHING });
      const admin = kafka.admin();
      await admin.connect();
      const { clusterId } = await admin.describeCluster();
      await admin.disconnect();
      if ((await checkpoints.get(`${DEFAULT_TOPIC}@${clusterId}`)) >= head) break;
      if (Date.now() > deadline) throw new Error('publisher process did not catch up');
      await sleep(100);
    }
    await checkpoints.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));

    const consumed = await consumeAll(mock.broker);
    await expectEveryEventOnceInStreamOrder(store, consumed);
  });
});
