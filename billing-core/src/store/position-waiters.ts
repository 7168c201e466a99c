/**
 * Callers waiting for a follower (a projection runner, the Kafka publisher, the invoicing reactor, the notifier) to reach a global position.
 * `reached` releases those at or below it; `releaseAll` tells everyone it will not come soon.
 */
export function createPositionWaiters() {
  const waiters = new Set<{ position: bigint; resolve: (ok: boolean) => void }>();
  return {
    reached(position: bigint): void {
      for (const w of waiters) {
        if (w.position <= position) {
          waiters.delete(w);
          w.resolve(true);
        }
      }
    },
    releaseAll(): void {
      for (const w of waiters) w.resolve(false);
      waiters.clear();
    },
    /** Resolves true when `target` is reached, false after the timeout or on `releaseAll`. */
    wait(target: bigint, timeoutMs: number): Promise<boolean> {
      return new Promise<boolean>((resolve) => {
        const waiter = {
          position: target,
          resolve: (ok: boolean) => {
            clearTimeout(timer);
            resolve(ok);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          resolve(false);
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
  };
}
