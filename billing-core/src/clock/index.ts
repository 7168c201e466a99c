import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The billing clock: where billing time comes from. Commands carry `now` in their metadata; whoever builds that
 * metadata (routes, the scheduler, CLIs) asks the clock. `system` is the wall clock. `test` is a clock that stands
 * still until moved forward (as Stripe's test clocks): the lifecycle can be walked a month at a time.
 */
export interface Clock {
  readonly mode: 'system' | 'test';
  now(): string;
}

export interface TestClock extends Clock {
  readonly mode: 'test';
  /** Moves billing time forward (never back); answers the new time. */
  advance(ms: number): string;
  /** Moves billing time forward to `at` (refused if it is in the past). */
  advanceTo(at: string): string;
}

export const systemClock: Clock = { mode: 'system', now: () => new Date().toISOString() };

/**
 * A test clock starting at `start`, kept in `file` when given (so a restart, or another process such as the
 * scheduler's, sees the same time). Reads the file on every `now()`: cheap, and another process may have moved it.
 */
export function createTestClock(options: { start?: string; file?: string } = {}): TestClock {
  let current = options.start ?? new Date().toISOString();
  const { file } = options;
  if (file && existsSync(file)) current = readTime(file) ?? current;
  else if (file) save(file, current);
  const read = () => {
    if (file) current = readTime(file) ?? current;
    return current;
  };
  const set = (at: string) => {
    if (file) save(file, at);
    current = at;
    return at;
  };
  return {
    mode: 'test',
    now: read,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the test clock only moves forward');
      return set(new Date(Date.parse(read()) + ms).toISOString());
    },
    advanceTo(at) {
      const target = Date.parse(at);
      if (!Number.isFinite(target)) throw new RangeError('not a time');
      if (target < Date.parse(read())) throw new RangeError('the test clock only moves forward');
      return set(new Date(target).toISOString());
    },
  };
}

function readTime(file: string): string | null {
  try {
    const at = (JSON.parse(readFileSync(file, 'utf8')) as { now?: string }).now;
    return at && Number.isFinite(Date.parse(at)) ? at : null;
  } catch {
    return null;
  }
}

function save(file: string, at: string): void {
  mkdirSync(dirname(file), { recursive: true });
  // Written aside (one name per process) and renamed: a reader never sees half a file.
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, JSON.stringify({ now: at }));
  renameSync(aside, file);
}
