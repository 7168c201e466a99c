import type { EventStore } from '@relaycast/billing-core';
import type { ReadModelStore } from './readmodel/port.js';
import type { Projection } from './projection.js';
import { createProjectionRunner } from './runner.js';

/**
 * Drops a read model and replays it from position 0 up to the store's head. Run it while that projection's own
 * process is stopped (each projection has a single writer).
 */
export async function rebuildProjection(
  events: EventStore,
  readModels: ReadModelStore,
  projection: Projection,
  options: { timeoutMs?: number } = {},
): Promise<{ position: bigint; millis: number }> {
  const started = Date.now();
  await readModels.drop(projection.name);
  const head = await events.headPosition();
  const runner = createProjectionRunner({ events, readModels, projection, batchSize: 1000 });
  await runner.start();
  const reached = await runner.waitFor(head, options.timeoutMs ?? 10 * 60_000);
  const { lastError } = runner.status();
  await runner.stop();
  if (!reached) throw new Error(`rebuild of ${projection.name} did not reach position ${head}${lastError ? `: ${lastError}` : ''}`);
  return { position: head, millis: Date.now() - started };
}
