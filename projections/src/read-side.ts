import type { EventStore } from '@relaycast/billing-core';
import type { ReadModelStore } from './readmodel/port.js';
import type { Projection } from './projection.js';
import { createProjectionRunner, type ProjectionRunner, type ProjectionStatus } from './runner.js';
import { createQueries, type Queries } from './queries.js';

export interface ReadSide {
  queries: Queries;
  /** true once every projection has committed `position` (read-your-writes for the caller of a command). */
  waitFor(position: bigint, timeoutMs: number): Promise<boolean>;
  status(): Promise<ProjectionStatus[]>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Projections running in this process (the embedded default, and the projections process in deploy):
 * waiting for a position is a notification from the runners.
 */
export function createInProcessReadSide(options: {
  events: EventStore;
  readModels: ReadModelStore;
  projections: readonly Projection[];
  onError?: (error: unknown, projection: string) => void;
  onCommit?: (projection: string, position: bigint, events: number) => void;
}): ReadSide & { runners: ProjectionRunner[] } {
  const runners = options.projections.map((projection) =>
    createProjectionRunner({ events: options.events, readModels: options.readModels, projection, onError: options.onError, onCommit: options.onCommit }),
  );
  return {
    runners,
    queries: createQueries(options.readModels),
    async waitFor(position, timeoutMs) {
      const results = await Promise.all(runners.map((r) => r.waitFor(position, timeoutMs)));
      return results.every(Boolean);
    },
    async status() {
      return runners.map((r) => r.status());
    },
    async start() {
      await Promise.all(runners.map((r) => r.start()));
    },
    async stop() {
      await Promise.all(runners.map((r) => r.stop()));
    },
  };
}

/**
 * Projections running in other processes (read-api replicas in deploy): the checkpoints in the shared read-model
 * store are polled until they reach the position.
 */
export function createRemoteReadSide(options: { readModels: ReadModelStore; projections: readonly Projection[]; pollMs?: number }): ReadSide {
  const pollMs = options.pollMs ?? 5;
  const { readModels, projections } = options;
  const positions = () => Promise.all(projections.map((p) => readModels.checkpoint(p.name)));
  return {
    queries: createQueries(readModels),
    async waitFor(position, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if ((await positions()).every((p) => p >= position)) return true;
        if (Date.now() >= deadline) return false;
        await new Promise((r) => setTimeout(r, pollMs));
      }
    },
    async status() {
      const checkpoints = await positions();
      return projections.map((p, i) => ({ name: p.name, position: checkpoints[i] ?? 0n, running: true, lastError: null }));
    },
    async start() {},
    async stop() {},
  };
}
