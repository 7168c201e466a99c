/**
 * Steps of the test clock the admin home offers, as the time to move to: whole days, or calendar months (the same day
 * and time of day next month, or that month's last day when it is shorter: 31 January → 28 February), in UTC.
 */
export function addMonthsUtc(iso: string, months: number): string {
  const d = new Date(iso);
  const day = d.getUTCDate();
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString();
}

export function addDaysUtc(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * 86_400_000).toISOString();
}

/** A day chosen in a date field (YYYY-MM-DD), at the clock's time of day: renewals due that day at that time run. */
export function dayAtClockTime(day: string, now: string): string {
  return `${day}T${now.slice(11)}`;
}
