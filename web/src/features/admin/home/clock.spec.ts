import { expect } from 'chai';
import { addDaysUtc, addMonthsUtc, dayAtClockTime } from './clock.js';

describe('test clock steps (admin home)', () => {
  it('a month later: the same day and time next month, or that month’s last day', () => {
    expect(addMonthsUtc('2026-03-10T10:00:00.000Z', 1)).to.equal('2026-04-10T10:00:00.000Z');
    expect(addMonthsUtc('2026-01-31T10:00:00.000Z', 1)).to.equal('2026-02-28T10:00:00.000Z');
    expect(addMonthsUtc('2028-01-31T23:59:00.000Z', 1)).to.equal('2028-02-29T23:59:00.000Z');
    expect(addMonthsUtc('2026-12-15T08:30:00.000Z', 1)).to.equal('2027-01-15T08:30:00.000Z');
  });

  it('days later, and a chosen day at the clock’s time of day', () => {
    expect(addDaysUtc('2026-03-10T10:00:00.000Z', 1)).to.equal('2026-03-11T10:00:00.000Z');
    expect(addDaysUtc('2026-03-28T10:00:00.000Z', 7)).to.equal('2026-04-04T10:00:00.000Z');
    expect(dayAtClockTime('2026-05-10', '2026-03-10T10:00:00.000Z')).to.equal('2026-05-10T10:00:00.000Z');
  });
});
