import { TRANSIENT_ERROR_CODES, type ErrorCode } from '@relaycast/contracts';
import type { Clock } from '../clock/index.js';
import type { PaymentDeps } from '../payments/context.js';
import type { DueItem } from '../subscription/index.js';
import { runDueItems } from './due.js';
import { createRateGate, gatedGateway, type RateGate } from './rate-gate.js';

export { runDueItem, runDueItems, clockMetadata, CLOCK_ACTOR } from './due.js';
export { createRateGate, gatedGateway, type RateGate } from './rate-gate.js';

/** Where the scheduler finds work: subscriptions by the time of their next due item, earliest first (a read model). */
export interface DueList {
  /** Ids of up to `limit` subscriptions with something due by `until`, earliest first, from `offset`. */
  dueBy(until: string, limit: number, offset?: number): Promise<string[]>;
}

export interface SchedulerOptions {
  deps: PaymentDeps;
  clock: Clock;
  due: DueList;
  /** How often it looks for due items (ms). */
  intervalMs?: number;
  /** Subscriptions worked on at once: as many PayPal charges in flight at most (SCHEDULER_CONCURRENCY). */
  concurrency?: number;
  /** Waits until the read model shows the scheduler's own writes (so the last look at the due list is not stale). */
  caughtUp?: () => Promise<void>;
  /** Holds PayPal calls after a 429 (one per process; injectable for tests). */
  gate?: RateGate;
  /** Backoff after a transient failure (PayPal 5xx, a timeout, a version conflict): the n-th retry waits base × 2^(n-1), capped. */
  retryBaseMs?: number;
  retryCapMs?: number;
  /** Transient failures of one subscription in one run before it is left to the next run. */
  maxAttempts?: number;
  /** A due item failed: `retrying` when it is tried again in this run (a transient failure), else left to the next run. */
  onError?: (error: unknown, subscriptionId: string, retrying?: boolean) => void;
  onItem?: (item: DueItem, subscriptionId: string) => void;
}

export interface Scheduler {
  start(): void;
  stop(): Promise<void>;
  /** Works through everything due at the clock's time now, until nothing is; answers how many items ran. */
  runUntilIdle(): Promise<number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const transient = (error: unknown) => TRANSIENT_ERROR_CODES.has((error as { code?: ErrorCode })?.code as ErrorCode);
/** Due-list page size when looking for work. */
const PAGE = 200;

/**
 * The billing clock's scheduler. One run works through everything due at the clock's time: it keeps up to
 * `concurrency` subscriptions in flight (each runs its own due items, one after the other; a renewal is a PayPal
 * charge), takes the next due subscription as soon as one finishes, and never lets one slow or failing subscription
 * hold the others: a transient failure (PayPal's 5xx or timeout, a 429, a version conflict) puts that subscription
 * back with a backoff, to be tried again in the same run — the saved-wallet charge keeps its PayPal-Request-Id, so
 * PayPal charges it once — and it never becomes a failed renewal (only PayPal's decline does). A 429 holds every
 * PayPal call of the process until its Retry-After. Correct with two schedulers at once: every step is idempotent
 * and commands race on stream versions; a second scheduler only duplicates reads.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { clock, due, intervalMs = 1000, concurrency = 32, retryBaseMs = 1000, retryCapMs = 30_000, maxAttempts = 8 } = options;
  const gate = options.gate ?? createRateGate();
  const deps: PaymentDeps = { ...options.deps, gateway: gatedGateway(options.deps.gateway, gate) };
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function run(): Promise<number> {
    const now = clock.now();
    const ranKeys = new Set<string>();
    const active = new Map<string, Promise<void>>();
    /** Subscriptions done in this run (their items ran, or they failed for good), and those waiting for a retry. */
    const done = new Set<string>();
    const retryAt = new Map<string, number>();
    const attempts = new Map<string, number>();
    let ran = 0;
    let confirmed = false;

    const work = (id: string) => {
      const job = (async () => {
        try {
          const items = await runDueItems(deps, id, now, ranKeys);
          for (const item of items) options.onItem?.(item, id);
          ran += items.length;
          done.add(id);
          retryAt.delete(id);
        } catch (error) {
          const n = (attempts.get(id) ?? 0) + 1;
          attempts.set(id, n);
          const retrying = transient(error) && n < maxAttempts;
          if (retrying) retryAt.set(id, Date.now() + Math.min(retryCapMs, retryBaseMs * 2 ** (n - 1)));
          else {
            // Left to the next run (a tick later), so that one broken subscription cannot hold the others.
            done.add(id);
            retryAt.delete(id);
          }
          options.onError?.(error, id, retrying);
        } finally {
          active.delete(id);
        }
      })();
      active.set(id, job);
    };

    /** Starts due subscriptions up to the limit; answers whether it found any not yet done. */
    const fill = async (): Promise<boolean> => {
      let pending = false;
      // Retries first, whether or not the due list still shows them (another scheduler may have finished one).
      const wallNow = Date.now();
      for (const [id, at] of retryAt) {
        if (active.size >= concurrency) break;
        if (at <= wallNow && !active.has(id)) work(id);
      }
      for (let offset = 0; active.size < concurrency && !stopped; offset += PAGE) {
        const page = await due.dueBy(now, PAGE, offset);
        for (const id of page) {
          if (active.has(id) || done.has(id) || retryAt.has(id)) continue;
          pending = true;
          if (active.size < concurrency) work(id);
        }
        if (page.length < PAGE) break;
      }
      return pending || retryAt.size > 0;
    };

    for (;;) {
      if (stopped) break;
      const pending = await fill();
      if (active.size > 0) {
        confirmed = false;
        await Promise.race(active.values());
        continue;
      }
      if (retryAt.size > 0) {
        await sleep(Math.max(1, Math.min(...retryAt.values()) - Date.now()));
        continue;
      }
      if (pending) continue;
      // Nothing left as far as the read model shows: once it shows our own writes, look once more.
      if (confirmed) break;
      await options.caughtUp?.();
      confirmed = true;
    }
    await Promise.allSettled(active.values());
    return ran;
  }

  async function runUntilIdle(): Promise<number> {
    if (running) await running.catch(() => 0);
    const current = run();
    running = current;
    try {
      return await current;
    } finally {
      if (running === current) running = null;
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
