/**
 * Leading-and-trailing throttle: the first call runs at once, later calls within `ms` collapse into one call
 * with the latest arguments at the end of the window (so the last hovered element always wins).
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number, now: () => number = () => Date.now()) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = (args: A) => {
    last = now();
    fn(...args);
  };
  const throttled = (...args: A) => {
    const wait = ms - (now() - last);
    if (wait <= 0 && !timer) {
      run(args);
      return;
    }
    pending = args;
    if (!timer) {
      timer = setTimeout(() => {
        timer = null;
        if (pending) {
          const next = pending;
          pending = null;
          run(next);
        }
      }, Math.max(0, wait));
    }
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}
