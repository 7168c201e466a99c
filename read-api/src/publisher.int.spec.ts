import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { startMockKafka, type MockKafka } from '../../projections/test/kafka-mock.js';
import { startTestServer, type TestServer } from '../test/harness.js';

/**
 * The embedded default with KAFKA_BROKERS set: the read-api publishes every event itself, with the HTTP request's
 * id as the correlation-id header.
 */
describe('read-api with KAFKA_BROKERS: the in-process publisher (kcat mock broker)', function () {
  this.timeout(40_000);
  let mock: MockKafka;
  let server: TestServer;

  before(async () => {
    mock = await startMockKafka();
    // The mock broker has no idempotent producer (design.md): the one setting a real cluster does not need.
    server = await startTestServer({ env: { KAFKA_BROKERS: mock.broker, KAFKA_IDEMPOTENT: 'false' } });
  });
  after(async () => {
    await server?.close();
    await mock?.kill();
  });

  it('a registration through the API reaches billing.events: key = stream id, headers type / event-id / position / correlation-id', async () => {
    const email = `kafka-${Date.now()}@example.com`;
    const res = await server.client().post('/auth/local/register', { email, password: 'customer-password', givenName: 'Kaf', familyName: 'Ka', privacy_policy_confirm: true }, { headers: { 'x-request-id': 'req-kafka-register-1' } });
    expect(res.status).to.equal(201);
    const userId = res.body.data._id as string;

    const kafka = new Kafka({ clientId: 'test', brokers: [mock.broker], logLevel: logLevel.NOTHING });
    const consumer = kafka.consumer({ groupId: `t-${randomUUID()}`, maxWaitTimeInMs: 100 });
    await consumer.connect();
    await consumer.subscribe({ topic: 'billing.events', fromBeginning: true });
    const found = await new Promise<{ key: string; headers: Record<string, string>; value: { id: string; type: string; position: string; metadata: { correlationId: string } } }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('UserRegistered did not arrive within 20 s')), 20_000);
      void consumer.run({
        eachMessage: async ({ message }) => {
          if (message.key?.toString() !== `user-${userId}`) return;
          const headers = Object.fromEntries(Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)]));
          if (headers.type !== 'UserRegistered') return;
          clearTimeout(timer);
          resolve({ key: message.key.toString(), headers, value: JSON.parse(message.value!.toString()) });
        },
      });
    });
    await consumer.disconnect();
    expect(found.headers).to.include({ type: 'UserRegistered', 'correlation-id': 'req-kafka-register-1', 'event-id': found.value.id, position: found.value.position });
    expect(found.value.metadata.correlationId).to.equal('req-kafka-register-1');
    const stored = (await server.rt.events.readStream(`user-${userId}`))[0]!;
    expect(found.value.position).to.equal(stored.position.toString());
  });
});
