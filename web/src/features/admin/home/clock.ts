import { addMonths, plusDays } from '@relaycast/billing-core/calendar';

/**
 * Steps of the test clock the admin home offers, as the time to move to: whole days, or calendar months (the same day
 * and time of day next month, or that month's last day when it is shorter: 31 January → 28 February), in UTC — the
 * server's own period arithmetic (billing-core/src/calendar).
 */
export const addMonthsUtc = addMonths;

export const addDaysUtc = plusDays;

/** A day chosen in a date field (YYYY-MM-DD), at the clock's time of day: renewals due that day at that time run. */
export function dayAtClockTime(day: string, now: string): string {
  return `${day}T${now.slice(11)}`;
}
