import { expect } from 'chai';
import { financeOverview, financeRecognition, type FinanceMonth } from './queries.js';
import { history, projectFinance } from './test-support.js';

/**
 * Finance figures from literal event histories, every expected value worked out by hand in the comments (Stripe's
 * definitions: docs/finance.md). Eight customers over January–March 2026, all monthly plans in USD:
 *
 *   A  a 7-day trial (Jan 5–12) that converts: $50 a month paid Jan 12, Feb 12, Mar 12 (plan unlimited)
 *   B  a 7-day trial (Jan 10–17) that does not: no payment method at its end, Wait payment, cancelled Feb 20
 *   C  $20 from Jan 1; upgraded to $50 on Jan 16 (balance $16 paid); $50 paid Feb 1, Mar 1
 *   D  $40 from Jan 1; a downgrade to $10 scheduled on Jan 20 for Feb 1; $10 paid Feb 1, Mar 1
 *   E  $30 from Jan 1; cancelled at the end of its period, Feb 1 (churn)
 *   F  $10 from Jan 1; its Feb 1 renewal declined (dunning), paused unpaid Feb 15, pays again Mar 3 (reactivation)
 *   G  $31 from Jan 1; $10 refunded on Jan 11 (partial, the period runs on); $31 paid Feb 1, Mar 1
 *   H  $20 from Jan 1; disputed Jan 20, lost: reversed Jan 25, its paid time ended, Wait payment
 */
function scenario() {
  const h = history();
  const T = (day: string, time = '10:00:00') => `2026-${day}T${time}.000Z`;
  // A
  h.created('a', T('01-05', '09:00:00'), { amount: 5000, plan: 'unlimited' });
  h.trial('a', T('01-05'), T('01-12'));
  h.paid('a', T('01-12'), { amount: 5000, start: T('01-12'), end: T('02-12'), capture: 'a1' });
  h.paid('a', T('02-12'), { amount: 5000, start: T('02-12'), end: T('03-12'), capture: 'a2' });
  h.paid('a', T('03-12'), { amount: 5000, start: T('03-12'), end: T('04-12'), capture: 'a3' });
  // B
  h.created('b', T('01-10', '09:00:00'), { amount: 2000 });
  h.trial('b', T('01-10'), T('01-17'));
  h.renewalFailed('b', T('01-17'), { config: 2000, reason: 'NO_PAYMENT_METHOD' });
  h.cancelled('b', T('02-20'), 'WAIT_PAYMENT');
  // C
  h.created('c', T('01-01', '09:00:00'), { amount: 2000 });
  h.paid('c', T('01-01'), { amount: 2000, start: T('01-01'), end: T('02-01'), capture: 'c1', from: 'INITIAL' });
  h.balancePaid('c', T('01-16'), { amount: 1600, config: 5000, capture: 'c2' });
  h.paid('c', T('02-01'), { amount: 5000, start: T('02-01'), end: T('03-01'), capture: 'c3' });
  h.paid('c', T('03-01'), { amount: 5000, start: T('03-01'), end: T('04-01'), capture: 'c4' });
  // D
  h.created('d', T('01-01', '09:00:00'), { amount: 4000 });
  h.paid('d', T('01-01'), { amount: 4000, start: T('01-01'), end: T('02-01'), capture: 'd1', from: 'INITIAL' });
  h.changeScheduled('d', T('01-20'), { config: 1000, effectiveAt: T('02-01') });
  h.revisedScheduled('d', T('02-01'), 1000);
  h.paid('d', T('02-01'), { amount: 1000, start: T('02-01'), end: T('03-01'), capture: 'd2' });
  h.paid('d', T('03-01'), { amount: 1000, start: T('03-01'), end: T('04-01'), capture: 'd3' });
  // E
  h.created('e', T('01-01', '09:00:00'), { amount: 3000 });
  h.paid('e', T('01-01'), { amount: 3000, start: T('01-01'), end: T('02-01'), capture: 'e1', from: 'INITIAL' });
  h.cancelled('e', T('02-01'));
  // F
  h.created('f', T('01-01', '09:00:00'), { amount: 1000 });
  h.paid('f', T('01-01'), { amount: 1000, start: T('01-01'), end: T('02-01'), capture: 'f1', from: 'INITIAL' });
  h.renewalFailed('f', T('02-01'), { config: 1000 });
  h.pausedUnpaid('f', T('02-15'));
  h.paid('f', T('03-03'), { amount: 1000, start: T('03-03'), end: T('04-03'), capture: 'f2', from: 'PAUSE' });
  // G
  h.created('g', T('01-01', '09:00:00'), { amount: 3100 });
  h.paid('g', T('01-01'), { amount: 3100, start: T('01-01'), end: T('02-01'), capture: 'g1', from: 'INITIAL' });
  h.refunded('g', T('01-11'), { capture: 'g1', amount: 1000, refund: 'gr1' });
  h.paid('g', T('02-01'), { amount: 3100, start: T('02-01'), end: T('03-01'), capture: 'g2' });
  h.paid('g', T('03-01'), { amount: 3100, start: T('03-01'), end: T('04-01'), capture: 'g3' });
  // H
  h.created('h', T('01-01', '09:00:00'), { amount: 2000 });
  h.paid('h', T('01-01'), { amount: 2000, start: T('01-01'), end: T('02-01'), capture: 'h1', from: 'INITIAL' });
  h.disputed('h', T('01-20'), { dispute: 'PP-D-1', capture: 'h1', amount: 2000 });
  h.refunded('h', T('01-25'), { capture: 'h1', amount: 2000, refund: 'hr1', reversal: true });
  h.paidTimeEnded('h', T('01-25'), 'h1', 'REVERSED');
  h.takenBack('h', T('01-25'));
  return h.events;
}

const monthOf = (months: FinanceMonth[], month: string) => months.find((m) => m.month === month)!;

describe('finance figures from literal histories (hand-worked)', () => {
  it('MRR at each month end, and the movements that add up from one to the next', async () => {
    const rm = await projectFinance(scenario());
    const o = await financeOverview(rm, { asOf: '2026-03-31', book: 'real' });
    const [jan, feb, mar] = ['2026-01', '2026-02', '2026-03'].map((m) => monthOf(o.months, m)) as [FinanceMonth, FinanceMonth, FinanceMonth];
    // End of January: A 5000 + C 5000 (upgraded) + D 4000 + E 3000 + F 1000 + G 3100 = 21100. B is a trial (0); H
    // paid and lost its money in the month (0 at its end).
    expect(jan.mrrEnd).to.deep.equal({ USD: 21100 });
    // From 0: all new (C counts once, at its month-end value): 5000 + 5000 + 4000 + 3000 + 1000 + 3100 = 21100.
    expect(jan.movements.USD).to.deep.equal({ new: 21100, expansion: 0, contraction: 0, churn: 0, reactivation: 0 });
    // February: D 4000 → 1000 (contraction −3000); E 3000 → 0 (churn); F in dunning from Feb 1 still counts 1000,
    // paused Feb 15 → 0 (churn). 21100 − 3000 − 3000 − 1000 = 14100.
    expect(feb.mrrStart).to.deep.equal({ USD: 21100 });
    expect(feb.mrrEnd).to.deep.equal({ USD: 14100 });
    expect(feb.movements.USD).to.deep.equal({ new: 0, expansion: 0, contraction: -3000, churn: -4000, reactivation: 0 });
    // Feb 10, mid-dunning: F's failed renewal still counts (Stripe counts past-due subscriptions):
    // A 5000 + C 5000 + D 1000 + F 1000 + G 3100 = 15100.
    expect((await financeOverview(rm, { asOf: '2026-02-10', book: 'real' })).mrr).to.deep.equal({ USD: 15100 });
    // March: F pays again on Mar 3: reactivation +1000 → 15100.
    expect(mar.mrrEnd).to.deep.equal({ USD: 15100 });
    expect(mar.movements.USD).to.deep.equal({ new: 0, expansion: 0, contraction: 0, churn: 0, reactivation: 1000 });
    expect(o.mrr).to.deep.equal({ USD: 15100 });
    expect(o.arr).to.deep.equal({ USD: 181200 });
    // By plan: A alone is on unlimited.
    expect(o.mrrByPlan).to.deep.equal([
      { plan: 'constructor', currency: 'USD', mrr: 10100 },
      { plan: 'unlimited', currency: 'USD', mrr: 5000 },
    ]);
  });

  it('in the middle of a month, the movements so far: C is new at $20 on Jan 15, and new at $50 from Jan 16', async () => {
    const rm = await projectFinance(scenario());
    const jan15 = monthOf((await financeOverview(rm, { asOf: '2026-01-15', book: 'real' })).months, '2026-01');
    // Jan 15: A 5000 (from Jan 12), C 2000, D 4000, E 3000, F 1000, G 3100, H 2000 = 20100, all new.
    expect(jan15.mrrEnd).to.deep.equal({ USD: 20100 });
    expect(jan15.movements.USD!.new).to.equal(20100);
    const jan16 = monthOf((await financeOverview(rm, { asOf: '2026-01-16', book: 'real' })).months, '2026-01');
    expect(jan16.mrrEnd).to.deep.equal({ USD: 23100 });
    expect(jan16.movements.USD!.new).to.equal(23100);
  });

  it('paying subscribers, churned subscribers and the 30-day churn', async () => {
    const rm = await projectFinance(scenario());
    const o = await financeOverview(rm, { asOf: '2026-03-31', book: 'real' });
    // Jan end: A C D E F G (6); Feb end: A C D G (4); Mar end: + F (5).
    expect(o.months.map((m) => [m.month, m.payingEnd])).to.deep.equal([['2026-01', 6], ['2026-02', 4], ['2026-03', 5]]);
    // Stopped paying: H on Jan 25; E on Feb 1, F on Feb 15.
    expect(o.months.map((m) => m.churnedSubscribers)).to.deep.equal([1, 2, 0]);
    expect(o.payingSubscribers).to.equal(5);
    expect(o.churn30d).to.deep.equal({ churned: 0, base: 4, rate: 0 });
    // As of Feb 28: E and F stopped in (Jan 29, Feb 28]; 6 were paying on Jan 29 (A C D E F G).
    const feb = await financeOverview(rm, { asOf: '2026-02-28', book: 'real' });
    expect(feb.churn30d).to.deep.equal({ churned: 2, base: 6, rate: 2 / 6 });
  });

  it('trials, dunning, refunds, reversals and disputes by month', async () => {
    const rm = await projectFinance(scenario());
    const o = await financeOverview(rm, { asOf: '2026-03-31', book: 'real' });
    const [jan, feb, mar] = o.months as [FinanceMonth, FinanceMonth, FinanceMonth];
    // Two trials started in January (A, B); A converted.
    expect([jan.trialsStarted, jan.trialsConverted]).to.deep.equal([2, 1]);
    // Renewals that failed: B's trial end (Jan 17, not a paid renewal: no dunning), F's (Feb 1: dunning), paid Mar 3.
    expect([jan.renewalsFailed, feb.renewalsFailed, mar.renewalsFailed]).to.deep.equal([1, 1, 0]);
    expect([feb.dunningStarted, feb.dunningRecovered]).to.deep.equal([1, 1]);
    // As of Feb 28, F had not paid yet.
    const asOfFeb = await financeOverview(rm, { asOf: '2026-02-28', book: 'real' });
    expect(monthOf(asOfFeb.months, '2026-02').dunningRecovered).to.equal(0);
    // January: G's refund $10, H's reversal $20, H's dispute for $20.
    expect(jan).to.deep.include({ refunds: 1, reversals: 1, disputes: 1 });
    expect(jan.refunded).to.deep.equal({ USD: 1000 });
    expect(jan.reversed).to.deep.equal({ USD: 2000 });
    expect(jan.disputed).to.deep.equal({ USD: 2000 });
  });

  it('money captured and net revenue by month', async () => {
    const rm = await projectFinance(scenario());
    const o = await financeOverview(rm, { asOf: '2026-03-31', book: 'real' });
    // Jan: A 5000 + C 2000 + C 1600 + D 4000 + E 3000 + F 1000 + G 3100 + H 2000 = 21700; net 21700 − 1000 − 2000.
    // Feb: A 5000 + C 5000 + D 1000 + G 3100 = 14100. Mar: A 5000 + C 5000 + D 1000 + F 1000 + G 3100 = 15100.
    expect(o.months.map((m) => [m.captured.USD, m.net.USD])).to.deep.equal([[21700, 18700], [14100, 14100], [15100, 15100]]);
    expect(o.netRevenueThisMonth).to.deep.equal({ USD: 15100 });
    // Mid-March (Mar 5): C 5000 + D 1000 + G 3100 (Mar 1) + F 1000 (Mar 3) = 10100.
    expect((await financeOverview(rm, { asOf: '2026-03-05', book: 'real' })).netRevenueThisMonth).to.deep.equal({ USD: 10100 });
  });

  it('revenue recognised day by day and deferred, by month', async () => {
    const rm = await projectFinance(scenario());
    const o = await financeOverview(rm, { asOf: '2026-03-31', book: 'real' });
    // A: Jan 12–Feb 12 is 31 days; Jan 12–31 is 20 of them: ⌊5000·20/31⌋ = 3225 in Jan, 1775 in Feb.
    //    Feb 12–Mar 12 is 28 days; Feb 12–28 is 17: ⌊5000·17/28⌋ = 3035 in Feb, 1965 in Mar.
    //    Mar 12–Apr 12 is 31 days; Mar 12–31 is 20: 3225 in Mar, 1775 deferred.
    // C: 2000 (Jan) + balance 1600 for Jan 16–Feb 1 (Jan) ; 5000 Feb; 5000 Mar.    D: 4000; 1000; 1000.    E: 3000 (Jan).
    // F: 1000 (Jan); Mar 3–Apr 3 is 31 days, Mar 3–31 is 29: ⌊1000·29/31⌋ = 935 in Mar, 65 deferred.
    // G: 3100 over Jan's 31 days (100 a day); Jan 1–10 recognised 1000, then $10 refunded on Jan 11: the 2100 left for
    //    Jan 11–31 becomes 1100 → 2100 in Jan. Then 3100 in Feb and 3100 in Mar.
    // H: ⌊2000·24/31⌋ = 1548 recognised Jan 1–24; reversed on Jan 25 with 452 still deferred: −1548 on Jan 25 → 0.
    // Jan: 3225 + 3600 + 4000 + 3000 + 1000 + 2100 + 0 = 16925
    // Feb: 1775 + 3035 + 5000 + 1000 + 3100 = 13910
    // Mar: 1965 + 3225 + 5000 + 1000 + 935 + 3100 = 15225
    expect(o.months.map((m) => m.recognised.USD)).to.deep.equal([16925, 13910, 15225]);
    // Deferred at each month end: billed (captured − refunded − reversed) so far less recognised so far.
    // Jan: 18700 − 16925 = 1775 (A's February days). Feb: 32800 − 30835 = 1965 (A's March days).
    // Mar: 47900 − 46060 = 1840 (A's April days 1775 + F's 65).
    expect(o.months.map((m) => m.deferred.USD)).to.deep.equal([1775, 1965, 1840]);
  });

  it('recognition by plan, and the waterfall as of a month', async () => {
    const rm = await projectFinance(scenario());
    const r = await financeRecognition(rm, { asOf: '2026-03-31', book: 'real' });
    // unlimited (A): billed 15000; recognised 3225 + 1775 + 3035 + 1965 + 3225 = 13225; deferred 1775.
    // constructor: billed 47900 − 15000 = 32900; recognised 46060 − 13225 = 32835; deferred 65 (F).
    expect(r.byPlan).to.deep.equal([
      { plan: 'constructor', currency: 'USD', billed: 32900, recognised: 32835, deferred: 65 },
      { plan: 'unlimited', currency: 'USD', billed: 15000, recognised: 13225, deferred: 1775 },
    ]);
    // As of January: what January's billing (18700) was to be recognised in, month by month.
    const asOfJan = await financeRecognition(rm, { asOf: '2026-01-31', book: 'real' });
    expect(asOfJan.waterfall).to.deep.equal([{ currency: 'USD', rows: [{ billMonth: '2026-01', cells: { '2026-01': 16925, '2026-02': 1775 }, total: 18700 }] }]);
    // As of March: each billing month's row. February's: A 3035 + C 5000 + D 1000 + G 3100 = 12135 in Feb, A 1965 in Mar.
    // March's: C 5000 + D 1000 + G 3100 + A 3225 + F 935 = 13260 in Mar; A 1775 + F 65 = 1840 in Apr.
    const asOfMar = await financeRecognition(rm, { asOf: '2026-03-31', book: 'real' });
    expect(asOfMar.waterfall[0]!.rows).to.deep.equal([
      { billMonth: '2026-01', cells: { '2026-01': 16925, '2026-02': 1775 }, total: 18700 },
      { billMonth: '2026-02', cells: { '2026-02': 12135, '2026-03': 1965 }, total: 14100 },
      { billMonth: '2026-03', cells: { '2026-03': 13260, '2026-04': 1840 }, total: 15100 },
    ]);
  });

  it("Stripe's example: 31 USD billed on 15 January for a month → 17 recognised in January, 14 deferred", async () => {
    const h = history();
    h.created('s', '2026-01-15T08:00:00.000Z', { amount: 3100 });
    h.paid('s', '2026-01-15T08:00:00.000Z', { amount: 3100, start: '2026-01-15T08:00:00.000Z', end: '2026-02-15T08:00:00.000Z', capture: 's1', from: 'INITIAL' });
    const rm = await projectFinance(h.events);
    const jan = monthOf((await financeOverview(rm, { asOf: '2026-01-31', book: 'real' })).months, '2026-01');
    expect([jan.recognised.USD, jan.deferred.USD]).to.deep.equal([1700, 1400]);
    const feb = monthOf((await financeOverview(rm, { asOf: '2026-02-28', book: 'real' })).months, '2026-02');
    expect([feb.recognised.USD, feb.deferred.USD]).to.deep.equal([1400, 0]);
  });

  it('an annual plan counts a twelfth of its price; complimentary time counts 0; account credit is a liability', async () => {
    const h = history();
    const T = (d: string) => `2026-${d}T12:00:00.000Z`;
    // 790 USD a year → 6583 cents a month (79000 / 12 = 6583.33, rounded).
    h.created('y', T('01-01'), { amount: 79000, plan: 'unlimited', billingMonths: 12 });
    h.paid('y', T('01-01'), { amount: 79000, start: T('01-01'), end: '2027-01-01T12:00:00.000Z', capture: 'y1', from: 'INITIAL' });
    // A $20 monthly plan given February free after its January: Jan 2000, Feb 0, and an overpayment kept as credit.
    h.created('m', T('01-01'), { amount: 2000 });
    h.paid('m', T('01-01'), { amount: 2000, start: T('01-01'), end: T('02-01'), capture: 'm1', from: 'INITIAL' });
    h.complimentary('m', T('01-20'), T('02-01'), T('03-01'));
    h.creditedCapture('m', T('01-21'), { amount: 500, capture: 'm2' });
    const rm = await projectFinance(h.events);
    const o = await financeOverview(rm, { asOf: '2026-02-10', book: 'real' });
    expect(o.mrr).to.deep.equal({ USD: 6583 });
    expect(monthOf(o.months, '2026-01').mrrEnd).to.deep.equal({ USD: 8583 });
    expect(o.creditLiability).to.deep.equal({ USD: 500 });
    // Captured 79000 + 2000 + 500; the 500 of credit is neither recognised nor deferred.
    const jan = monthOf(o.months, '2026-01');
    expect(jan.captured.USD).to.equal(81500);
    // The year: 365 days from Jan 1, Jan's 31 days → ⌊79000·31/365⌋ = 6709; the month: 2000.
    expect(jan.recognised.USD).to.equal(8709);
    expect(jan.deferred.USD).to.equal(79000 - 6709);
  });

  it('VAT is neither MRR nor revenue: a German consumer’s $79.00 month with $15.01 VAT, $9.40 refunded', async () => {
    const h = history();
    const T = (d: string) => `2026-${d}T12:00:00.000Z`;
    h.created('v', T('01-01'), { amount: 7900, plan: 'unlimited' });
    h.paid('v', T('01-01'), { amount: 9401, start: T('01-01'), end: T('02-01'), capture: 'v1', from: 'INITIAL', vat: { country: 'DE', rate: '0.19', amount: 1501 } });
    // $9.40 of $94.01 back on Jan 11: its VAT ⌊1501 × 940 / 9401 + ½⌋ = 150, its net 790.
    h.refunded('v', T('01-11'), { capture: 'v1', amount: 940, refund: 'vr1' });
    const rm = await projectFinance(h.events);
    const o = await financeOverview(rm, { asOf: '2026-01-31', book: 'real' });
    const jan = monthOf(o.months, '2026-01');
    expect(o.mrr).to.deep.equal({ USD: 7900 });
    expect([jan.captured.USD, jan.refunded.USD, jan.net.USD]).to.deep.equal([9401, 940, 8461]);
    expect([jan.tax.USD, jan.taxReturned.USD, o.taxPayable.USD]).to.deep.equal([1501, 150, 1351]);
    // Revenue is the net: 7900 − 790 = 7110 over the month, all recognised by its end (the period ends Feb 1 12:00:
    // 31 days from Jan 1). Cash kept = revenue + tax payable: 8461 = 7110 + 1351.
    expect([jan.recognised.USD, jan.deferred.USD]).to.deep.equal([7110, 0]);
  });

  it('demo payments make a book of their own', async () => {
    const h = history();
    h.created('r', '2026-01-01T10:00:00.000Z', { amount: 2000 });
    h.paid('r', '2026-01-01T10:00:00.000Z', { amount: 2000, start: '2026-01-01T10:00:00.000Z', end: '2026-02-01T10:00:00.000Z', capture: 'r1', from: 'INITIAL' });
    h.created('x', '2026-01-02T10:00:00.000Z', { amount: 4000, demo: true });
    h.paid('x', '2026-01-02T10:00:00.000Z', { amount: 4000, start: '2026-01-02T10:00:00.000Z', end: '2026-02-02T10:00:00.000Z', capture: 'x1', from: 'INITIAL', demo: true });
    const rm = await projectFinance(h.events);
    expect((await financeOverview(rm, { asOf: '2026-01-31', book: 'real' })).mrr).to.deep.equal({ USD: 2000 });
    expect((await financeOverview(rm, { asOf: '2026-01-31', book: 'demo' })).mrr).to.deep.equal({ USD: 4000 });
  });
});
