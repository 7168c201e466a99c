import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { useClockServer } from '../../test/clock-server.js';
import { approveInBrowser, buyConstructor, captureBody, historyOf, type Customer } from '../../test/paypal-standin/flow.js';

/**
 * The trial balance and the ledger over real HTTP, on the test clock with the PayPal stand-in: one customer's
 * purchase, upgrade, partial refund and cancellation with a refund, every figure worked by hand (the same history as
 * billing-core/src/books/ledger.spec.ts, there on the decider alone).
 *
 * - Mar 1 00:00: 2 streams at $5, $10.00 a month, paid for Mar 1 → Apr 1 (31 days); the PayPal account saved.
 * - Mar 16 12:00: up to 4 streams, charged to the saved account: $10.00 more a month × 15.5 of 31 days = $5.00.
 * - Mar 20 00:00: the administrator refunds $3.00 of the first payment.
 * - Mar 25 00:00: the administrator cancels now with a refund of the unused time.
 *
 * Revenue is recognised day by day (docs/finance.md): $10.00 over 31 days is ⌊1000·(i+1)/31⌋ − ⌊1000·i/31⌋ cents on
 * day i (Mar 1–19: ⌊1000·19/31⌋ = 612); the balance, $5.00 over the 16 days Mar 16–31, ⌊500·(j+1)/16⌋ − ⌊500·j/16⌋
 * (Mar 16–19: 125). The refund of $3.00 on Mar 20 comes out of the 388 March still deferred: 88 over Mar 20–31
 * (⌊88·(k+1)/12⌋ − ⌊88·k/12⌋: 7, 7, 8, 7, 7, …).
 *
 * On Mar 25 the cancellation owes back each capture’s unused share, to the millisecond, rounded down per capture:
 * March’s money after the refund holds 1000·12/31 − 300 = 87.10 for Mar 20 → Apr 1, 7 of 12 days unused: 50.81 → 50;
 * the balance, 500 for Mar 16 12:00 → Apr 1 (15.5 days), 7 days unused: 225.81 → 225. March still defers 88 − 36
 * (Mar 20–24) = 52: 50 of it is owed back, and the 2 left are recognised that day (the service ended). The balance
 * still defers 500 − ⌊500·9/16⌋ = 219: all of it, and 6 more out of revenue already recognised (contra-revenue).
 */
const START = '2026-03-01T00:00:00.000Z';

describe('/finance/trialBalance and /finance/ledger (real HTTP, test clock, PayPal stand-in)', function () {
  this.timeout(120_000);
  const clock = useClockServer(START);
  let customer: Customer;
  let subscriptionId: string;
  /** The subscription's events as its history lists them: type, id and global position. */
  let events: { type: string; id: string; position: string; data: any }[];

  before(async () => {
    customer = (await clock.server.customer('Ledger')) as Customer;
    const sub = await buyConstructor(customer, 2);
    subscriptionId = sub._id;
    const ordered = await customer.post('/subscriptions/createOrder', { id: sub._id });
    await approveInBrowser(ordered.body.data.approveUrl);
    const captured = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, ordered.body.data));
    expect(captured.status, JSON.stringify(captured.body)).to.equal(200);
    expect(captured.body.data).to.deep.include({ periodStart: '2026-03-01T00:00:00.000Z', periodEnd: '2026-04-01T00:00:00.000Z', amount: 1000 });
    const setup = await customer.post('/subscriptions/walletSetup', { id: sub._id });
    await approveInBrowser(setup.body.data.approveUrl);
    expect((await customer.post('/subscriptions/walletSave', { id: sub._id, setupTokenId: setup.body.data.setupTokenId })).status).to.equal(200);

    await clock.advance({ to: '2026-03-16T12:00:00.000Z' });
    const up = await customer.post('/subscriptions/revise', { id: sub._id, user_id: customer.userId, paypalSubscriptionID: captured.body.data.paypalSubscriptionID, quantity: 4, modules: [{ name: 'streams', limit: 4 }] });
    expect(up.status, JSON.stringify(up.body)).to.equal(200);
    expect(up.body.meta).to.deep.equal({ effect: 'immediate', savedWallet: 'paid' });
    expect(up.body.data.totals.captured).to.equal(1000 + 500);

    await clock.advance({ to: '2026-03-20T00:00:00.000Z' });
    const firstCapture = (await historyOf(clock.admin, sub._id)).find((h) => h.type === 'OrderCaptured')!.data.captureId as string;
    const refund = await clock.admin.post('/subscriptions/refund', { id: sub._id, captureId: firstCapture, amount: 300 });
    expect(refund.status, JSON.stringify(refund.body)).to.equal(200);

    await clock.advance({ to: '2026-03-25T00:00:00.000Z' });
    const preview = await clock.admin.post('/subscriptions/cancelNowPreview', { id: sub._id });
    expect(preview.body.data.refund).to.equal(50 + 225);
    const cancelled = await clock.admin.post('/subscriptions/cancelNow', { id: sub._id, refund: true });
    expect(cancelled.status, JSON.stringify(cancelled.body)).to.equal(200);
    expect(cancelled.body.meta.refunded).to.equal(275);
    await clock.server.rt.readSide.waitFor(await clock.server.rt.events.headPosition(), 5000);
    events = (await historyOf(clock.admin, sub._id)) as never;
  });

  const balances = (accounts: { account: string; debit: number; credit: number; balance: number }[]) => accounts.map((a) => [a.account, a.debit, a.credit, a.balance]);

  it('the trial balance at the end of Mar 31: every account written out, debits equal credits', async () => {
    const res = await clock.admin.post('/finance/trialBalance', { asOf: '2026-03-31', book: 'real', currency: 'USD' });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data).to.deep.include({ asOf: '2026-03-31', book: 'real', currency: 'USD', balanced: true, debit: 3281, credit: 3281 });
    // [account, debit, credit, balance (debit − credit)]
    expect(balances(res.body.data.accounts)).to.deep.equal([
      // Captured 1000 + 500; refunded 300, then 50 + 225: $9.25 kept.
      ['paypal-clearing', 1500, 575, 925],
      // The cancellation owed 275 back; PayPal refunded it.
      ['customer-credit', 275, 275, 0],
      // In: 1000 + 500. Out: the refund 300, the cancellation 50 + 219, revenue recognised 931. Nothing deferred.
      ['deferred-revenue', 300 + 269 + 931, 1500, 0],
      // Mar 1–19: 612 + 125; Mar 20–24: 38 + 38 + 39 + 39 + 38; Mar 25: 2.
      ['revenue:constructor', 0, 931, -931],
      // Given back out of revenue already recognised by the cancellation.
      ['refunds:constructor', 6, 0, 6],
    ]);
    expect(res.body.data.accounts.map((a: { kind: string }) => a.kind)).to.deep.equal(['asset', 'liability', 'liability', 'income', 'contra-income']);
  });

  it('the trial balance at the end of Mar 22, money still deferred; before anything happened, no account; the demo book apart', async () => {
    const res = await clock.admin.post('/finance/trialBalance', { asOf: '2026-03-22' });
    // Recognised to Mar 22: March 612 + ⌊88·3/12⌋ = 22; the balance ⌊500·7/16⌋ = 218. 852 in all.
    expect(balances(res.body.data.accounts)).to.deep.equal([
      ['paypal-clearing', 1500, 300, 1200],
      ['deferred-revenue', 300 + 852, 1500, -348],
      ['revenue:constructor', 0, 852, -852],
    ]);
    expect(res.body.data.balanced).to.equal(true);
    expect((await clock.admin.post('/finance/trialBalance', { asOf: '2026-02-28' })).body.data).to.deep.include({ accounts: [], debit: 0, credit: 0, balanced: true });
    expect((await clock.admin.post('/finance/trialBalance', { asOf: '2026-03-31', book: 'demo' })).body.data.accounts).to.deep.equal([]);
    expect((await clock.admin.post('/finance/trialBalance', { asOf: '2026-03-31', currency: 'EUR' })).body.data.accounts).to.deep.equal([]);
    // Without asOf: today by the billing clock (Mar 25), after the refunds of that day.
    const today = await clock.admin.post('/finance/trialBalance', {});
    expect(today.body.data.asOf).to.equal('2026-03-25');
    expect(balances(today.body.data.accounts)[0]).to.deep.equal(['paypal-clearing', 1500, 575, 925]);
  });

  /** An entry as [day, kind, event type, postings as "account debit/credit"]. */
  const brief = (e: { day: string; kind: string; eventType?: string; postings: { account: string; debit: number; credit: number }[] }) => [e.day, e.kind, e.eventType ?? '', e.postings.map((p) => `${p.account} ${p.debit}/${p.credit}`).join(', ')];

  it('the ledger: each event’s entry with the event that made it, each day’s revenue recognised, in time order, paged', async () => {
    const all = await clock.admin.post('/finance/ledger', { from: '2026-03-01', to: '2026-03-31', pageSize: 500 });
    expect(all.status, JSON.stringify(all.body)).to.equal(200);
    // 6 entries of events and 25 days of revenue (Mar 1–25).
    expect(all.body.meta).to.deep.equal({ total: 31, page: 1, pageSize: 500 });
    const entries = all.body.data as { day: string; kind: string; eventType?: string; eventId?: string; position?: string; subscriptionId?: string; plan: string; currency: string; postings: { account: string; debit: number; credit: number }[] }[];
    const recognition = (day: string, cents: number) => [day, 'recognition', '', `deferred-revenue ${cents}/0, revenue:constructor 0/${cents}`];
    expect(entries.filter((e) => e.kind === 'event').map(brief)).to.deep.equal([
      ['2026-03-01', 'event', 'OrderCaptured', 'paypal-clearing 1000/0, deferred-revenue 0/1000'],
      ['2026-03-16', 'event', 'OrderCaptured', 'paypal-clearing 500/0, deferred-revenue 0/500'],
      ['2026-03-20', 'event', 'PaymentRefunded', 'paypal-clearing 0/300, deferred-revenue 300/0'],
      ['2026-03-25', 'event', 'SubscriptionCancelled', 'deferred-revenue 269/0, customer-credit 0/275, refunds:constructor 6/0'],
      ['2026-03-25', 'event', 'PaymentRefunded', 'paypal-clearing 0/50, customer-credit 50/0'],
      ['2026-03-25', 'event', 'PaymentRefunded', 'paypal-clearing 0/225, customer-credit 225/0'],
    ]);
    // In time order, a day's revenue after its events: Mar 1 (⌊1000/31⌋ = 32), Mar 16 (March's day 15: 516 − 483 =
    // 33, the balance's first ⌊500/16⌋ = 31), Mar 20 (7 + 31), Mar 25 (the 2 left of March).
    expect(entries.slice(0, 2).map(brief)).to.deep.equal([brief(entries[0]!), recognition('2026-03-01', 32)]);
    const at = (day: string) => entries.filter((e) => e.day === day).map(brief);
    expect(at('2026-03-16')).to.deep.equal([['2026-03-16', 'event', 'OrderCaptured', 'paypal-clearing 500/0, deferred-revenue 0/500'], recognition('2026-03-16', 64)]);
    expect(at('2026-03-20').slice(1)).to.deep.equal([recognition('2026-03-20', 38)]);
    expect(at('2026-03-25').map((e) => e[2])).to.deep.equal(['SubscriptionCancelled', 'PaymentRefunded', 'PaymentRefunded', '']);
    expect(at('2026-03-25')[3]).to.deep.equal(recognition('2026-03-25', 2));
    expect(at('2026-03-26')).to.deep.equal([]);
    // Each entry of an event names it: its type, id and position are those of the subscription's history.
    for (const entry of entries.filter((e) => e.kind === 'event')) {
      const event = events.find((h) => h.id === entry.eventId);
      expect(event, entry.eventId).to.not.equal(undefined);
      expect([entry.eventType, entry.position, entry.subscriptionId, entry.plan, entry.currency]).to.deep.equal([event!.type, event!.position, subscriptionId, 'constructor', 'USD']);
    }
    const refunds = events.filter((h) => h.type === 'PaymentRefunded').map((h) => h.data.amount);
    expect(refunds).to.deep.equal([300, 50, 225]);
    // The revenue of the days adds up to the trial balance's: 931.
    expect(entries.filter((e) => e.kind === 'recognition').reduce((sum, e) => sum + e.postings[1]!.credit, 0)).to.equal(931);

    // Pages of 10: 31 entries make 4 pages; the fourth holds the last one.
    const third = await clock.admin.post('/finance/ledger', { from: '2026-03-01', to: '2026-03-31', page: 3, pageSize: 10 });
    expect(third.body.meta).to.deep.equal({ total: 31, page: 3, pageSize: 10 });
    expect(third.body.data.map(brief)).to.deep.equal(entries.slice(20, 30).map(brief));
    const fourth = await clock.admin.post('/finance/ledger', { from: '2026-03-01', to: '2026-03-31', page: 4, pageSize: 10 });
    expect(fourth.body.data.map(brief)).to.deep.equal([recognition('2026-03-25', 2)]);
    // The default page size: 50.
    expect((await clock.admin.post('/finance/ledger', { from: '2026-03-01', to: '2026-03-31' })).body.meta).to.deep.equal({ total: 31, page: 1, pageSize: 50 });
    // One day: Mar 20's refund and its revenue. One subscription: the same entries (it is the only one).
    expect((await clock.admin.post('/finance/ledger', { from: '2026-03-20', to: '2026-03-20' })).body.data.map(brief)).to.deep.equal(at('2026-03-20'));
    const own = await clock.admin.post('/finance/ledger', { from: '2026-03-01', to: '2026-03-31', subscriptionId, pageSize: 500 });
    expect(own.body.data.map(brief)).to.deep.equal(entries.map(brief));
    expect((await clock.admin.post('/finance/ledger', { from: '2026-03-01', to: '2026-03-31', subscriptionId: 'someone-else' })).body).to.deep.equal({ data: [], meta: { total: 0, page: 1, pageSize: 50 } });
    expect((await clock.admin.post('/finance/ledger', { from: '2026-03-01', to: '2026-03-31', book: 'demo' })).body.meta.total).to.equal(0);
  });

  it('the ledger as CSV: a file, one row per posting line, amounts in dollars with two decimals; parsed back, the same entries', async () => {
    const res = await fetch(`${clock.server.baseUrl}/finance/ledger`, {
      method: 'POST',
      headers: { origin: clock.server.baseUrl, 'content-type': 'application/json', cookie: [...clock.admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: JSON.stringify({ from: '2026-03-01', to: '2026-03-31', format: 'csv' }),
    });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).to.match(/^attachment; filename="?relaycast-ledger-real-USD-2026-03-01-2026-03-31\.csv"?$/);
    const text = await res.text();
    expect(text.split('\r\n')[0]).to.equal('day,time,entry_id,kind,event_type,event_id,position,subscription_id,plan,currency,account,debit,credit');
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    // 6 events with 2, 2, 2, 3, 2 and 2 lines; 25 days of revenue with 2 lines each.
    expect(rows).to.have.length(13 + 50);
    const captured = events.find((h) => h.type === 'OrderCaptured')!;
    expect(rows[0]).to.deep.include({ day: '2026-03-01', time: '2026-03-01T00:00:00.000Z', kind: 'event', event_type: 'OrderCaptured', event_id: captured.id, position: captured.position, subscription_id: subscriptionId, plan: 'constructor', currency: 'USD', account: 'paypal-clearing', debit: '10.00', credit: '0.00' });
    expect(rows[1]).to.deep.include({ account: 'deferred-revenue', debit: '0.00', credit: '10.00' });
    expect(rows[2]).to.deep.include({ day: '2026-03-01', kind: 'recognition', event_type: '', account: 'deferred-revenue', debit: '0.32' });
    const cancellation = rows.filter((r) => r.event_type === 'SubscriptionCancelled').map((r) => [r.account, r.debit, r.credit]);
    expect(cancellation).to.deep.equal([['deferred-revenue', '2.69', '0.00'], ['customer-credit', '0.00', '2.75'], ['refunds:constructor', '0.06', '0.00']]);
    // Each entry's lines balance; so does the file.
    const cents = (s: string) => Math.round(Number(s) * 100);
    const byEntry = new Map<string, number>();
    for (const r of rows) byEntry.set(r.entry_id!, (byEntry.get(r.entry_id!) ?? 0) + cents(r.debit!) - cents(r.credit!));
    expect([...byEntry.values()].every((v) => v === 0)).to.equal(true);
    expect(byEntry.size).to.equal(31);
  });

  it('bad input is a 400 naming the field; customers are refused', async () => {
    const bad = async (path: string, body: unknown, field: string) => {
      const res = await clock.admin.post(path, body);
      expect(res.status, `${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).to.equal(400);
      expect(res.body.error.message, JSON.stringify(body)).to.match(new RegExp(`^${field} `));
    };
    await bad('/finance/trialBalance', { asOf: '2026-02-30' }, 'asOf');
    await bad('/finance/trialBalance', { asOf: 'yesterday' }, 'asOf');
    await bad('/finance/trialBalance', { book: 'play money' }, 'book');
    await bad('/finance/trialBalance', { currency: 'usd' }, 'currency');
    await bad('/finance/ledger', { to: '2026-03-31' }, 'from');
    await bad('/finance/ledger', { from: '2026-03-01', to: 'today' }, 'to');
    await bad('/finance/ledger', { from: '2026-02-29', to: '2026-03-31' }, 'from');
    await bad('/finance/ledger', { from: '2026-03-31', to: '2026-03-01' }, 'to');
    // 367 days from Jan 1, 2026 (both included): one too many; 366 are answered.
    await bad('/finance/ledger', { from: '2026-01-01', to: '2027-01-02' }, 'to');
    expect((await clock.admin.post('/finance/ledger', { from: '2026-01-01', to: '2027-01-01' })).body.meta.total).to.equal(31);
    await bad('/finance/ledger', { from: '2026-03-01', to: '2026-03-31', book: 'both' }, 'book');
    await bad('/finance/ledger', { from: '2026-03-01', to: '2026-03-31', pageSize: 501 }, 'pageSize');
    await bad('/finance/ledger', { from: '2026-03-01', to: '2026-03-31', page: 0 }, 'page');
    await bad('/finance/ledger', { from: '2026-03-01', to: '2026-03-31', format: 'xlsx' }, 'format');
    // The CSV route checks the same (it runs before the JSON one).
    await bad('/finance/ledger', { from: '2026-03-31', to: '2026-03-01', format: 'csv' }, 'to');
    for (const path of ['/finance/trialBalance', '/finance/ledger']) {
      expect((await customer.post(path, { from: '2026-03-01', to: '2026-03-31' })).status, path).to.equal(403);
      expect((await clock.server.client().post(path, { from: '2026-03-01', to: '2026-03-31' })).status, path).to.equal(401);
    }
    expect((await customer.post('/finance/ledger', { from: '2026-03-01', to: '2026-03-31', format: 'csv' })).status).to.equal(403);
  });
});
