/** UTC calendar arithmetic on `YYYY-MM-DD` days and `YYYY-MM` months: every finance figure is day-based, in UTC. */

export const DAY_MS = 86_400_000;

// Finance does this arithmetic for every day of every payment: days are memoised both ways (a few thousand at most).
const dayStarts = new Map<string, number>();
const dayNames = new Map<number, string>();

/** The UTC day of an instant; an ISO time in UTC (as events carry) is read without parsing. */
export function dayOf(iso: string | number): string {
  if (typeof iso === 'string' && iso.length >= 20 && iso[10] === 'T' && iso.endsWith('Z')) return iso.slice(0, 10);
  const ms = typeof iso === 'number' ? iso : Date.parse(iso);
  return dayName(Math.floor(ms / DAY_MS));
}

function dayName(epochDay: number): string {
  let name = dayNames.get(epochDay);
  if (name === undefined) {
    name = new Date(epochDay * DAY_MS).toISOString().slice(0, 10);
    if (dayNames.size < 100_000) dayNames.set(epochDay, name);
  }
  return name;
}

export const monthOfDay = (day: string): string => day.slice(0, 7);

/** A day as an epoch day number (days since 1970-01-01, UTC). */
export const epochDayOf = (day: string): number => Math.round(dayStartMs(day) / DAY_MS);
/** The day named by an epoch day number. */
export const dayOfEpochDay = (epochDay: number): string => dayName(epochDay);
export function dayStartMs(day: string): number {
  let ms = dayStarts.get(day);
  if (ms === undefined) {
    ms = Date.parse(`${day}T00:00:00.000Z`);
    if (dayStarts.size < 100_000) dayStarts.set(day, ms);
  }
  return ms;
}
export const monthStartMs = (month: string): number => dayStartMs(`${month}-01`);
export const addDays = (day: string, n: number): string => dayName(Math.round(dayStartMs(day) / DAY_MS) + n);
/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((dayStartMs(to) - dayStartMs(from)) / DAY_MS);

export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The months from `from` to `to`, both included (empty when `to` is earlier). */
export function monthsFrom(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = from; m <= to; m = nextMonth(m)) out.push(m);
  return out;
}

export const lastDayOfMonth = (month: string): string => addDays(`${nextMonth(month)}-01`, -1);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  // Date.parse rolls 2026-02-30 over to 2 March; a real day names itself again (dayOf's fast path would not check).
  const ms = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(ms) && dayOf(ms) === text;
}
