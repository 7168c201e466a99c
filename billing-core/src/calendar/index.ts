import { UTCDate } from '@date-fns/utc';
import { addMilliseconds, addMonths as addCalendarMonths } from 'date-fns';

/**
 * Time arithmetic on instants (ISO strings, as events carry them), in UTC, through date-fns: billing periods, dunning
 * and grace, the test clock's steps. Day arithmetic on `YYYY-MM-DD` days for finance is books/calendar.ts.
 */

const DAY_MS = 86_400_000;

/**
 * The end of `months` billing months from `start`: the same day of the month and time of day, clamped to the month's
 * end when it is shorter (31 January → 28 or 29 February → 31 March, counted from the anchor, never from a clamped
 * end). periods.spec.ts pins it to the ends this arithmetic gave before date-fns.
 */
export function addMonths(start: string, months: number): string {
  return addCalendarMonths(new UTCDate(start), months).toISOString();
}

/** `n` days of 24 hours after `at` (fractions allowed: a dunning schedule may say 0.5 days). */
export function plusDays(at: string, n: number): string {
  return addMilliseconds(new UTCDate(at), Math.round(n * DAY_MS)).toISOString();
}
