import { expect } from 'chai';
import { startTestServer } from '../../test/harness.js';
import { useClockServer } from '../../test/clock-server.js';
import { approveInBrowser, buyConstructor, captureBody, historyOf, type Customer } from '../../test/paypal-standin/flow.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../test/harness.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { countByTemplate, received } from '../../test/mail.js';

/**
 * A simulated year on the test clock, through the HTTP API and the PayPal stand-in, with nothing but the clock moving
 * (the scheduler runs only when the administrator advances the clock). Every expected date, status and amount below
 * is written out from the rules (issue "Billing that keeps time"): monthly periods anchored to the first paid date
 * (Jan 31 → Feb 28 → Mar 31 → Apr 30 …, UTC), dunning retries at +1, +3, +5, +7 days, licence valid to the end of the
 * paid time (after a missed renewal, a grace licence to the due date + 7 days), pause at the end of the grace, cancel
 * 14 days later. Prices: $5 per stream a month.
 */

const START = '2026-01-31T10:00:00.000Z';
const noon = (day: string) => `${day}T12:00:00.000Z`;
const ten = (day: string) => `${day}T10:00:00.000Z`;

describe('a simulated year on the test clock (renewals, dunning, trial, end-of-term cancel, downgrade)', function () {
  this.timeout(180_000);
  // The customers' e-mail goes to a real SMTP server on loopback (its port known before the server starts).
  const mailEnv: Record<string, string> = { NOTIFIER: 'in-process' };
  let sink: SmtpSink;
  let sinkDir: string;
  before(async () => {
    sinkDir = mkdtempSync(join(tmpdir(), 'relaycast-year-mail-'));
    sink = await startSmtpSink(sinkDir, await freePort());
    mailEnv.SMTP_URL = sink.url;
  });
  after(async () => {
    await sink?.stop();
    if (sinkDir) rmSync(sinkDir, { recursive: true, force: true });
  });
  const clock = useClockServer(START, mailEnv);
  const advanceTo = (at: string) => clock.advance({ to: at });
  const view = (id: string) => clock.view(id);

  /** Buys with "save my PayPal account for renewals" ticked; answers the subscription and its saved wallet. */
  async function subscribeSaving(customer: Customer, streams: number, type = 'SUBSCRIPTION_MONTH') {
    const sub = type === 'SUBSCRIPTION_MONTH' ? await buyConstructor(customer, streams) : await buyAnnual(customer, streams);
    const ordered = await customer.post('/subscriptions/createOrder', { id: sub._id, saveWallet: true });
    expect(ordered.status, JSON.stringify(ordered.body)).to.equal(200);
    await approveInBrowser(ordered.body.data.approveUrl);
    const captured = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, ordered.body.data));
    expect(captured.status, JSON.stringify(captured.body)).to.equal(200);
    const vaultId = clock.paypal.orders.get(ordered.body.data.paypalOrderID)!.vaultId!;
    expect(vaultId, 'PayPal saved the wallet').to.be.a('string');
    return { id: sub._id as string, vaultId };
  }
  async function buyAnnual(customer: Customer, streams: number) {
    const created = await customer.post('/subscriptions/create', {
      subscription_type: 'SUBSCRIPTION_YEAR', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: customer.userId,
      modules: [{ name: 'streams', limit: streams }], payment_details: { plan_id: 'constructor', privacy_policy_confirm: true },
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    return created.body.data;
  }

  it('renews, retries, suspends, cancels and converts exactly as the rules say, and finance agrees to the cent', async () => {
    // --- Day 0: six customers.
    const [ann, bob, cat, dan, eve, fay] = await Promise.all(['Ann', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay'].map((n) => clock.server.customer(n)));
    // Dan reads Russian: he says so in his profile right after signing up (his sign-up's message was English).
    expect((await dan!.post('/auth/profile/update', { language: 'ru' })).status).to.equal(200);
    const a = await subscribeSaving(ann!, 2); // monthly, $10, renews untouched all year
    const b = await subscribeSaving(bob!, 2); // monthly, $10, renewal of month 3 declined twice, recovers at the 2nd retry
    const c = await subscribeSaving(cat!, 2); // monthly, $10, every retry of month 3 declined → Pause → Cancel
    const e = await subscribeSaving(eve!, 2); // monthly, $10, cancels at the end of month 5
    const f = await subscribeSaving(fay!, 3); // monthly, $15, downgrades to 1 stream ($5) in month 1
    // Dan: an annual plan ($120) that starts with the 7-day trial and no saved wallet.
    const dSub = await buyAnnual(dan!, 2);
    expect((await dan!.post('/subscriptions/startTrial', { id: dSub._id })).status).to.equal(200);
    const d = dSub._id as string;

    expect(await view(a.id)).to.deep.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', periodStart: START, periodEnd: ten('2026-02-28') });
    expect((await view(a.id)).nextRenewal).to.deep.equal({ at: ten('2026-02-28'), amount: 1000 });
    expect((await view(a.id)).paymentMethod).to.deep.include({ vaulted: true });
    expect((await view(a.id)).licence).to.deep.include({ serial: 1, validUntil: ten('2026-02-28'), revoked: false });
    // Dan's trial licence: his 2 streams until the trial's end, Feb 7.
    expect((await view(d)).licence).to.deep.include({ serial: 1, validUntil: ten('2026-02-07'), revoked: false });
    expect((await view(d)).status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
    expect((await view(d)).nextEvent).to.deep.equal({ kind: 'renewal', at: ten('2026-02-07') });

    // --- Feb 7: Dan's trial ends without a saved wallet → Wait payment; he pays the next day, inside the grace.
    await advanceTo(noon('2026-02-07'));
    expect(await view(d)).to.deep.include({ status: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' });
    expect((await view(d)).dunning).to.deep.include({ dueAt: ten('2026-02-07'), attempts: 1, nextRetryAt: ten('2026-02-08') });
    // The grace licence: what the payment due charges (2 streams), until the end of the grace, Feb 14.
    expect((await view(d)).licence).to.deep.include({ serial: 2, validUntil: ten('2026-02-14'), revoked: false });
    await advanceTo(ten('2026-02-08').replace('10:00', '09:00'));
    const dOrder = await dan!.post('/subscriptions/createOrder', { id: d });
    expect(dOrder.body.data.amount).to.equal(12_000);
    await approveInBrowser(dOrder.body.data.approveUrl);
    expect((await dan!.post('/subscriptions/captureOrder', captureBody(dan!, dSub, dOrder.body.data))).status).to.equal(200);
    // The year continues the trial without a gap: Feb 7 → Feb 7 next year.
    expect(await view(d)).to.deep.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', periodStart: ten('2026-02-07'), periodEnd: ten('2027-02-07') });
    expect((await view(d)).licence).to.deep.include({ serial: 3, validUntil: ten('2027-02-07'), revoked: false });

    // --- Feb 10: Fay moves from 3 streams to 1: scheduled for her period's end.
    await advanceTo(noon('2026-02-10'));
    const revised = await fay!.post('/subscriptions/revise', { id: f.id, user_id: fay!.userId, paypalSubscriptionID: (await view(f.id)).paypalSubscriptionID, quantity: 1, modules: [{ name: 'streams', limit: 1 }] });
    expect(revised.status, JSON.stringify(revised.body)).to.equal(200);
    expect((await view(f.id)).scheduledChange).to.deep.include({ quantity: 1, amount: 500, effectiveAt: ten('2026-02-28') });

    // Month by month. Each row: the clock's time, then what Ann's (untouched) subscription shows.
    const monthEnds = ['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30', '2026-07-31', '2026-08-31', '2026-09-30', '2026-10-31', '2026-11-30', '2026-12-31', '2027-01-31'];
    const nextEnds = ['2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30', '2026-07-31', '2026-08-31', '2026-09-30', '2026-10-31', '2026-11-30', '2026-12-31', '2027-01-31', '2027-02-28'];
    // The licence runs to the end of the period just paid: the renewal's.
    const licenceUntil = nextEnds;

    for (let month = 0; month < monthEnds.length; month++) {
      const day = monthEnds[month]!;
      if (day === '2026-03-31') {
        clock.paypal.declineWallet(b.vaultId, 2);
        clock.paypal.declineWallet(c.vaultId, 100);
      }
      if (day === '2026-06-30') {
        // Eve, in month 5, asks to cancel at the period's end.
        await advanceTo(noon('2026-06-10'));
        const cancel = await eve!.post('/subscriptions/cancelAtPeriodEnd', { id: e.id });
        expect(cancel.status, JSON.stringify(cancel.body)).to.equal(200);
        expect(cancel.body.data.cancelAt).to.equal(ten('2026-06-30'));
        expect(cancel.body.data.licence).to.deep.include({ validUntil: ten('2026-06-30'), revoked: false });
      }
      await advanceTo(noon(day));
      expect(await view(a.id), `Ann at ${day}`).to.deep.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', periodStart: ten(day), periodEnd: ten(nextEnds[month]!) });
      expect((await view(a.id)).licence, `Ann's licence at ${day}`).to.deep.include({ validUntil: ten(licenceUntil[month]!), revoked: false });

      if (day === '2026-02-28') {
        // Fay's downgrade took effect at the period start and the renewal charged the new price.
        expect(await view(f.id)).to.deep.include({ quantity: 1, amount: 500, periodStart: ten('2026-02-28'), periodEnd: ten('2026-03-31') });
        const licences = (await historyOf(fay!, f.id)).filter((h) => h.type === 'LicenceIssued');
        expect(licences[licences.length - 1]!.data).to.deep.include({ quantity: 1, modules: [{ name: 'streams', limit: 1 }], validUntil: ten('2026-03-31') });
      }
      if (day === '2026-03-31') {
        // Bob and Cat: the saved wallet was declined at the due date → Wait payment, a grace licence to the grace's end.
        for (const id of [b.id, c.id]) {
          expect(await view(id)).to.deep.include({ status: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' });
          expect((await view(id)).dunning).to.deep.equal({
            dueAt: ten('2026-03-31'), attempts: 1, nextRetryAt: ten('2026-04-01'), graceUntil: ten('2026-04-07'), suspendAt: ten('2026-04-07'), cancelAt: ten('2026-04-21'),
          });
          expect((await view(id)).licence).to.deep.include({ validUntil: ten('2026-04-07'), revoked: false });
        }
        await advanceTo(noon('2026-04-01')); // 1st retry: both declined
        expect((await view(b.id)).dunning).to.deep.include({ attempts: 2, nextRetryAt: ten('2026-04-03') });
        // The administrators' lists: the dunning list, and the renewals of the next 7 days (Ann's, Eve's, Fay's: Apr 30 is later).
        const dunningList = (await clock.admin.post('/subscriptions/findAll', { due: 'dunning', pageSize: 100 })).body.data.map((v: { _id: string }) => v._id);
        expect(dunningList.sort()).to.deep.equal([b.id, c.id].sort());
        const soon = (await clock.admin.post('/subscriptions/findAll', { due: 'renewal', dueBefore: noon('2026-04-08'), pageSize: 100 })).body.data;
        expect(soon).to.deep.equal([]);
        const byMonthEnd = (await clock.admin.post('/subscriptions/findAll', { due: 'renewal', dueBefore: noon('2026-04-30'), pageSize: 100 })).body.data.map((v: { _id: string }) => v._id);
        expect(byMonthEnd.sort()).to.deep.equal([a.id, e.id, f.id].sort());
        await advanceTo(noon('2026-04-03')); // 2nd retry: Bob's goes through, continuing his period without a gap
        expect(await view(b.id)).to.deep.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', periodStart: ten('2026-03-31'), periodEnd: ten('2026-04-30') });
        expect((await view(b.id)).dunning).to.equal(undefined);
        expect((await view(c.id)).dunning).to.deep.include({ attempts: 3, nextRetryAt: ten('2026-04-05') });
        await advanceTo(noon('2026-04-07')); // retries of Apr 5 and Apr 7 fail; the grace ends → paused, licence revoked
        expect(await view(c.id)).to.deep.include({ status: 'SUBSCRIPTION_STATUS_PAUSE' });
        expect((await view(c.id)).licence).to.deep.include({ revoked: true });
        expect((await view(c.id)).pause).to.deep.equal({ reason: 'NON_PAYMENT' });
        await advanceTo(noon('2026-04-21')); // 14 days later → cancelled
        expect((await view(c.id)).status).to.equal('SUBSCRIPTION_STATUS_CANCEL');
        const cancelledAt = (await historyOf(clock.admin, c.id)).find((h) => h.type === 'SubscriptionCancelled') as unknown as { at: string; data: { reason: string } };
        expect(cancelledAt.at).to.equal(ten('2026-04-21'));
      }
      if (day === '2026-06-30') {
        expect((await view(e.id)).status).to.equal('SUBSCRIPTION_STATUS_CANCEL');
        const history = (await historyOf(eve!, e.id)) as unknown as { type: string; at: string }[];
        expect(history.find((h) => h.type === 'SubscriptionCancelled')!.at, 'cancelled exactly at the period end').to.equal(ten('2026-06-30'));
        expect((await view(e.id)).licence).to.deep.include({ revoked: true });
      }
    }

    // Final states after the year.
    expect(await view(b.id)).to.deep.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', periodEnd: ten('2027-02-28') });
    expect(await view(d)).to.deep.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', periodEnd: ten('2027-02-07') });
    expect(await view(f.id)).to.deep.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', quantity: 1, periodEnd: ten('2027-02-28') });

    // Charges at PayPal: merchant-initiated renewals per saved wallet (Bob's two declines took nothing).
    expect(clock.paypal.walletCharges(a.vaultId)).to.equal(12);
    expect(clock.paypal.walletCharges(b.vaultId)).to.equal(12);
    expect(clock.paypal.walletCharges(c.vaultId)).to.equal(1);
    expect(clock.paypal.walletCharges(e.vaultId)).to.equal(4);
    expect(clock.paypal.walletCharges(f.vaultId)).to.equal(12);

    // Finance replays the events over the year: captured per subscription, to the cent.
    const report = (await clock.admin.post('/finance/replay', {})).body.data as { rows: { subscriptionId: string; captured: number; refunded: number }[] };
    const captured = (id: string) => report.rows.filter((r) => r.subscriptionId === id).reduce((sum, r) => sum + r.captured, 0);
    expect(captured(a.id)).to.equal(13 * 1000);
    expect(captured(b.id)).to.equal(13 * 1000);
    expect(captured(c.id)).to.equal(2 * 1000);
    expect(captured(d)).to.equal(12_000);
    expect(captured(e.id)).to.equal(5 * 1000);
    expect(captured(f.id)).to.equal(1500 + 12 * 500);

    // The e-mail each customer received over the year, by kind (the notifier followed the log; SMTP accepted each).
    expect(await clock.server.rt.notifier.waitFor(await clock.server.rt.events.headPosition(), 60_000)).to.equal(true);
    const mail = await received(sink);
    const of = (c: Customer) => countByTemplate(mail.filter((m) => m.to[0]!.toLowerCase() === c.email.toLowerCase()));
    // Ann: the sign-up's verification; the purchase's receipt (invoice attached) and licence; 12 renewals charged to her
    // saved wallet, each with its receipt and its licence file.
    expect(of(ann!)).to.deep.equal({ 'licence-issued': 13, 'payment-received': 1, 'renewal-charged': 12, 'verify-email': 1 });
    // Bob: as Ann, but March's renewal declined at the due date and at the first retry (two "payment needed"), the
    // grace licence, then the second retry charged.
    expect(of(bob!)).to.deep.equal({ 'licence-issued': 14, 'payment-received': 1, 'renewal-charged': 12, 'renewal-failed': 2, 'verify-email': 1 });
    // Cat: February renewed; March declined at the due date and at every retry (Apr 1, 3, 5, 7): five "payment
    // needed", the grace licence, paused at the grace's end, cancelled 14 days later.
    expect(of(cat!)).to.deep.equal({ cancelled: 1, 'licence-issued': 3, paused: 1, 'payment-received': 1, 'renewal-charged': 1, 'renewal-failed': 5, 'verify-email': 1 });
    // Dan: the trial's licence, its reminder (Feb 4), its end unpaid (payment needed, grace licence), his payment and
    // the annual licence; a week before the renewal (Jan 31 2027) its reminder.
    expect(of(dan!)).to.deep.equal({ 'annual-renewal': 1, 'licence-issued': 3, 'payment-received': 1, 'renewal-failed': 1, 'trial-ending': 1, 'verify-email': 1 });
    // Eve: four renewals, then her cancellation at the period end confirmed (Jun 10), the licence-expiring reminder a
    // week before (Jun 23), and the cancellation itself (Jun 30).
    expect(of(eve!)).to.deep.equal({ cancelled: 1, 'cancellation-scheduled': 1, 'licence-expiring': 1, 'licence-issued': 5, 'payment-received': 1, 'renewal-charged': 4, 'verify-email': 1 });
    // Fay: as Ann (her downgrade changed the price, not what she is told).
    expect(of(fay!)).to.deep.equal({ 'licence-issued': 13, 'payment-received': 1, 'renewal-charged': 12, 'verify-email': 1 });
    // In the language each customer reads as of each message: Dan's sign-up in English, then Russian.
    const dans = mail.filter((m) => m.to[0]!.toLowerCase() === dan!.email.toLowerCase());
    expect(dans.map((m) => m.lang)).to.deep.equal(['en', 'ru', 'ru', 'ru', 'ru', 'ru', 'ru', 'ru']);
    // Every receipt carries its invoice, every licence message its file; every message went out once.
    for (const m of mail.filter((x) => /^(Payment received|Renewed|Оплата получена)/.test(x.subject))) expect(m.mail.attachments.map((a) => a.contentType)).to.deep.equal(['application/pdf']);
    for (const m of mail.filter((x) => /^(Your licence file|Файл лицензии)/.test(x.subject))) expect(m.mail.attachments[0]!.filename).to.match(/\.lic$/);
    expect(new Set(mail.map((m) => m.messageId)).size).to.equal(mail.length);
  });

  it('refuses to move the system clock, and customers cannot move a test clock', async () => {
    const customer = await clock.server.customer('Clock');
    expect((await customer.post('/admin/clock/advance', { days: 1 })).status).to.equal(403);
    const plain = await startTestServer();
    try {
      const res = await (await plain.admin()).post('/admin/clock/advance', { days: 1 });
      expect(res.status).to.equal(403);
      expect(res.body.error.message).to.match(/system clock/);
    } finally {
      await plain.close();
    }
  });
});
