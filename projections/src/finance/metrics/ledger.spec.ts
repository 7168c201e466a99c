import { expect } from 'chai';
import { ledgerEntries, trialBalance } from './ledger.js';
import { history, projectFinance } from './test-support.js';

/**
 * The ledger of a book, read from the finance projection, on one customer worked by hand: $31.00 paid on Jan 1 for
 * Jan 1 → Feb 1 (31 days: 100 cents a day), $10.00 of it refunded on Jan 11 (the 2100 still deferred for Jan 11–31
 * become 1100: 52 or 53 a day), then $31.00 for February (28 days: 110 or 111 a day).
 */
function customer() {
  const h = history();
  const T = (day: string, time = '10:00:00') => `2026-${day}T${time}.000Z`;
  h.created('g', T('01-01', '09:00:00'), { amount: 3100 });
  h.paid('g', T('01-01'), { amount: 3100, start: T('01-01'), end: T('02-01'), capture: 'g1', from: 'INITIAL' });
  h.refunded('g', T('01-11'), { capture: 'g1', amount: 1000, refund: 'gr1' });
  h.paid('g', T('02-01'), { amount: 3100, start: T('02-01'), end: T('03-01'), capture: 'g2' });
  return h.events;
}

describe('the ledger of a book (finance/metrics/ledger.ts)', () => {
  it('each event’s entry with the event that made it, and each day’s revenue recognised, in time order, paged', async () => {
    const rm = await projectFinance(customer());
    const page = await ledgerEntries(rm, { book: 'real', from: '2026-01-01', to: '2026-01-11', offset: 0, limit: 100 });
    // Jan 1: the capture, then the day's 100; Jan 2–10: 100 a day; Jan 11: the refund, then ⌊1100·1/21⌋ = 52.
    expect(page.total).to.equal(13);
    expect(page.entries.map((e) => [e.day, e.kind, e.eventType ?? '', e.postings.map((p) => `${p.account} ${p.debit}/${p.credit}`).join(', ')])).to.deep.equal([
      ['2026-01-01', 'event', 'OrderCaptured', 'paypal-clearing 3100/0, deferred-revenue 0/3100'],
      ['2026-01-01', 'recognition', '', 'deferred-revenue 100/0, revenue:constructor 0/100'],
      ...['02', '03', '04', '05', '06', '07', '08', '09', '10'].map((d) => [`2026-01-${d}`, 'recognition', '', 'deferred-revenue 100/0, revenue:constructor 0/100']),
      ['2026-01-11', 'event', 'PaymentRefunded', 'paypal-clearing 0/1000, deferred-revenue 1000/0'],
      ['2026-01-11', 'recognition', '', 'deferred-revenue 52/0, revenue:constructor 0/52'],
    ]);
    const second = await ledgerEntries(rm, { book: 'real', from: '2026-01-01', to: '2026-01-11', offset: 11, limit: 5 });
    expect([second.total, second.entries.map((e) => e.eventType ?? e.kind)]).to.deep.equal([13, ['PaymentRefunded', 'recognition']]);
    expect(page.entries[0]).to.include({ subscriptionId: 'g', plan: 'constructor', currency: 'USD', position: '2' });
  });

  it('the trial balance on Jan 31 and Feb 28 sums to zero, every account written out', async () => {
    const rm = await projectFinance(customer());
    // Jan 31: 3100 − 1000 in cash; January's revenue 1000 (Jan 1–10) + 1100 (Jan 11–31) = 2100, nothing deferred.
    expect((await trialBalance(rm, { asOf: '2026-01-31', book: 'real', currency: 'USD' })).accounts).to.deep.equal([
      { account: 'paypal-clearing', kind: 'asset', debit: 3100, credit: 1000, balance: 2100 },
      { account: 'deferred-revenue', kind: 'liability', debit: 1000 + 2100, credit: 3100, balance: 0 },
      { account: 'revenue:constructor', kind: 'income', debit: 0, credit: 2100, balance: -2100 },
    ]);
    // Feb 28: February's 3100 captured and recognised (Feb 1 – Feb 28 is the whole period).
    const feb = await trialBalance(rm, { asOf: '2026-02-28', book: 'real', currency: 'USD' });
    expect([feb.debit, feb.credit, feb.balanced]).to.deep.equal([6200 + 1000 + 5200, 1000 + 6200 + 5200, true]);
    expect(feb.accounts.map((a) => [a.account, a.balance])).to.deep.equal([['paypal-clearing', 5200], ['deferred-revenue', 0], ['revenue:constructor', -5200]]);
  });

  it('a book of its own for demo payments: nothing of it in the real book', async () => {
    const h = history();
    h.created('x', '2026-01-01T09:00:00.000Z', { amount: 1000, demo: true });
    h.paid('x', '2026-01-01T10:00:00.000Z', { amount: 1000, start: '2026-01-01T10:00:00.000Z', end: '2026-02-01T10:00:00.000Z', capture: 'x1', from: 'INITIAL', demo: true });
    const rm = await projectFinance(h.events);
    expect((await trialBalance(rm, { asOf: '2026-01-31', book: 'real', currency: 'USD' })).accounts).to.deep.equal([]);
    expect((await trialBalance(rm, { asOf: '2026-01-31', book: 'demo', currency: 'USD' })).accounts.map((a) => a.account)).to.deep.equal(['paypal-clearing', 'deferred-revenue', 'revenue:constructor']);
  });
});
