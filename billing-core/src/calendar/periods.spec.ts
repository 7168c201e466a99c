import { expect } from 'chai';
import { addMonths } from './index.js';

/**
 * Period ends must not move when the date arithmetic changes hands: a period paid for ends where it ended before.
 * First, ends worked out by hand on a calendar (anchor days 28–31, leap years 2024 and 2000, the non-leap century
 * 2100, a year's period from 29 February); then every anchor on days 28–31 of 2023–2025, 2000 and 2100, 1 to 36
 * months (and yearly periods) ahead, against the arithmetic as it was written before date-fns (kept below, frozen).
 */

const HAND_WORKED: [anchor: string, months: number, end: string][] = [
  ['2024-01-31T10:00:00.000Z', 1, '2024-02-29T10:00:00.000Z'], // leap February
  ['2023-01-31T10:00:00.000Z', 1, '2023-02-28T10:00:00.000Z'],
  ['2024-01-31T10:00:00.000Z', 2, '2024-03-31T10:00:00.000Z'], // from the anchor, not from the clamped end
  ['2024-01-31T10:00:00.000Z', 3, '2024-04-30T10:00:00.000Z'],
  ['2024-01-30T00:00:00.000Z', 1, '2024-02-29T00:00:00.000Z'],
  ['2023-01-30T00:00:00.000Z', 1, '2023-02-28T00:00:00.000Z'],
  ['2023-01-29T23:59:59.999Z', 1, '2023-02-28T23:59:59.999Z'],
  ['2024-01-29T23:59:59.999Z', 1, '2024-02-29T23:59:59.999Z'],
  ['2023-01-28T12:30:00.000Z', 1, '2023-02-28T12:30:00.000Z'],
  ['2024-02-29T08:00:00.000Z', 12, '2025-02-28T08:00:00.000Z'], // a year from a leap day
  ['2024-02-29T08:00:00.000Z', 48, '2028-02-29T08:00:00.000Z'],
  ['2024-02-29T08:00:00.000Z', 1, '2024-03-29T08:00:00.000Z'],
  ['2024-03-31T00:00:00.000Z', 1, '2024-04-30T00:00:00.000Z'],
  ['2024-05-31T00:00:00.000Z', 1, '2024-06-30T00:00:00.000Z'],
  ['2024-08-31T00:00:00.000Z', 1, '2024-09-30T00:00:00.000Z'],
  ['2024-12-31T00:00:00.000Z', 1, '2025-01-31T00:00:00.000Z'], // across the year
  ['2024-12-31T00:00:00.000Z', 2, '2025-02-28T00:00:00.000Z'],
  ['2023-12-31T00:00:00.000Z', 2, '2024-02-29T00:00:00.000Z'],
  ['2000-01-31T00:00:00.000Z', 1, '2000-02-29T00:00:00.000Z'], // 2000 is a leap year (divisible by 400)
  ['2100-01-31T00:00:00.000Z', 1, '2100-02-28T00:00:00.000Z'], // 2100 is not (divisible by 100)
  ['2099-02-28T00:00:00.000Z', 12, '2100-02-28T00:00:00.000Z'],
  ['2026-01-31T10:00:00.000Z', 1, '2026-02-28T10:00:00.000Z'],
  ['2026-11-23T10:00:00.000Z', 12, '2027-11-23T10:00:00.000Z'],
  ['2025-10-31T00:00:00.000Z', 0, '2025-10-31T00:00:00.000Z'],
];

/** The period arithmetic as written before date-fns (billing-core/src/pricing/proration.ts), frozen as the reference. */
function addMonthsBefore(start: string, months: number): string {
  const d = new Date(start);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d.toISOString();
}

describe('period ends: the same day of the month from the anchor, clamped to the month’s end, in UTC', () => {
  it('ends worked out by hand: days 28–31, leap years (2024, 2000), 2100, a year from 29 February', () => {
    for (const [anchor, months, end] of HAND_WORKED) expect(addMonths(anchor, months), `${anchor} + ${months} months`).to.equal(end);
  });

  it('every anchor on days 28–31 of 2000, 2023–2025 and 2099–2100, 1–36 monthly periods and 1–4 yearly ones ahead, ends where it did before', () => {
    let compared = 0;
    for (const year of [2000, 2023, 2024, 2025, 2099, 2100]) {
      for (let month = 0; month < 12; month++) {
        for (const day of [28, 29, 30, 31]) {
          const at = new Date(Date.UTC(year, month, day, 13, 45, 7, 123));
          if (at.getUTCDate() !== day) continue; // 30 February does not exist
          const anchor = at.toISOString();
          for (const k of [...Array.from({ length: 36 }, (_, i) => i + 1), 48]) {
            expect(addMonths(anchor, k), `${anchor} + ${k} months`).to.equal(addMonthsBefore(anchor, k));
            compared++;
          }
        }
      }
    }
    // Anchors a year: 12 on the 28th, 11 on the 30th, 7 on the 31st, and 11 on the 29th (12 in the leap years 2000
    // and 2024): 41 or 42. Six years: 4 × 41 + 2 × 42 = 248 anchors, 37 offsets each.
    expect(compared).to.equal(248 * 37);
  });
});
