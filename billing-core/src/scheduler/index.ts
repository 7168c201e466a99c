import type { Clock } from '../clock/index.js';
import type { PaymentDeps } from '../payments/context.js';
import type { DueItem } from '../subscription/index.js';
import { runDueItems } from './due.js';

export { runDueItem, runDueItems, clockMetadata, CLOCK_ACTOR } from './due.js';

/** Where the scheduler finds work: subscriptions by the time of their next due item, earliest first (a read model). */
export interface DueList {
  dueSubscriptions(limit: number): Promise<{ id: string; at: string }[]>;
}

export interface SchedulerOptions {
  deps: PaymentDeps;
  clock: Clock;
  due: DueList;
  /** How often it looks for due items (ms). */
  intervalMs?: number;
  /** Subscriptions worked on at once. */
  concurrency?: number;
  /** Waits until the read model shows the scheduler's own writes (so the next pass does not see stale due times). */
  caughtUp?: () => Promise<void>;
  onError?: (error: unknown, subscriptionId: string) => void;
  onItem?: (item: DueItem, subscriptionId: string) => void;
}

export interface Scheduler {
  start(): void;
  stop(): Promise<void>;
  /** Works through everything due at the clock's time now, until nothing is; answers how many items ran. */
  runUntilIdle(): Promise<number>;
}

/**
 * The billing clock's scheduler: reads the due list, runs each subscription's due items (one subscription at a time
 * per worker; different subscriptions in parallel), and passes again until nothing is due. A single writer is not
 * needed for correctness (every step is idempotent, commands race on stream versions), only for efficiency.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { deps, clock, due, intervalMs = 1000, concurrency = 16 } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;
  const failing = new Set<string>();

  async function pass(ranKeys: Set<string>): Promise<number> {
    const now = clock.now();
    const list = (await due.dueSubscriptions(500)).filter((d) => d.at <= now && !failing.has(d.id));
    let ran = 0;
    let next = 0;
    const worker = async () => {
      while (next < list.length && !stopped) {
        const { id } = list[next++]!;
        try {
          const items = await runDueItems(deps, id, now, ranKeys);
          for (const item of items) options.onItem?.(item, id);
          ran += items.length;
        } catch (error) {
          // Tried again on the next tick (not in this run, so one broken subscription cannot hold the others).
          failing.add(id);
          options.onError?.(error, id);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, list.length) }, worker));
    return ran;
  }

  async function runUntilIdle(): Promise<number> {
    if (running) await running.catch(() => 0);
    const run = (async () => {
      let total = 0;
      const ranKeys = new Set<string>();
      for (;;) {
        const ran = await pass(ranKeys);
        total += ran;
        if (ran === 0 || stopped) break;
        await options.caughtUp?.();
      }
      failing.clear();
      return total;
    })();
    running = run;
    try {
      return await run;
    } finally {
      if (running === run) running = null;
    }
  }

  const tick = async () => {
    if (stopped) return;
    await runUntilIdle().catch((error: unknown) => options.onError?.(error, '*'));
    if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
  };

  return {
    start() {
      stopped = false;
      if (!timer) timer = setTimeout(() => void tick(), 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => 0);
    },
    runUntilIdle,
  };
}
