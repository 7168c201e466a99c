import { expect } from 'chai';
import { checkout, historyOf, liveSubscription, offline, revise, startWorld, type World } from '../../test/entitlement.js';
import { deliverWebhook } from '../../test/paypal-standin/flow.js';

/**
 * Where two money paths meet (the books issue), each reproduction written from its request sequence, through the
 * real HTTP API on the test billing clock and the PayPal stand-in. Prices (seed): 1 unit $5.00 a month, so 2 units
 * $10.00, 3 units $15.00, 4 units $20.00, 6 units $30.00. A period from Jan 31 ends on Feb 28 (28 days), then Mar 31.
 */

const JAN_31 = '2026-01-31T00:00:00.000Z';
const FEB_28 = '2026-02-28T00:00:00.000Z';
const MAR_31 = '2026-03-31T00:00:00.000Z';
const ACTIVE = 'SUBSCRIPTION_STATUS_ACTIVE';
const CANCEL = 'SUBSCRIPTION_STATUS_CANCEL';

/** The capture ids of a subscription's payments, oldest first. */
const capturesOf = async (w: World, id: string) => (await historyOf(w.admin, id)).filter((h) => h.type === 'OrderCaptured').map((h) => h.data.captureId as string);

describe('money paths that meet: refunds never turn against the customer, grace never licenses what was not paid', function () {
  this.timeout(120_000);
  const worlds: World[] = [];
  const world = async (start = JAN_31) => {
    const w = await startWorld(start);
    worlds.push(w);
    return w;
  };
  afterEach(async () => {
    while (worlds.length) await worlds.pop()!.close();
  });

  it('1. cancel now after an upgrade refunds the upgrade’s balance too: $7.50 of January’s 3 units and $7.50 of the raise to 6', async () => {
    const w = await world();
    const customer = await w.server.customer('CancelAfterUpgrade');
    const { id, vaultId } = await liveSubscription(w, customer, 3, { saveWallet: true });
    await w.advance({ to: '2026-02-14T00:00:00.000Z' });
    const up = await revise(w, customer, id, 6);
    // The balance: (3000 − 1500) × 14 of 28 days = 750, charged to the saved wallet.
    expect(up.body.meta, JSON.stringify(up.body)).to.deep.include({ effect: 'immediate', savedWallet: 'paid' });
    expect(w.paypal.walletCharges(vaultId)).to.equal(1);
    const preview = await w.admin.post('/subscriptions/cancelNowPreview', { id });
    expect(preview.body.data).to.deep.include({ refund: 1500, paidUntil: FEB_28, currency: 'USD' });
    expect(preview.body.data.lines.map((l: { kind: string; amount: number; quantity: number }) => [l.kind, l.quantity, l.amount])).to.deep.equal([['period', 3, 750], ['raise', 6, 750]]);
    const cancelled = await w.admin.post('/subscriptions/cancelNow', { id, refund: true });
    expect(cancelled.status, JSON.stringify(cancelled.body)).to.equal(200);
    expect(cancelled.body.data).to.include({ status: CANCEL });
    expect(cancelled.body.data.totals).to.include({ refunded: 1500 });
    // Said in the history as it happened: a payment of a balance is not "paid for — – —".
    const summaries = (await historyOf(w.admin, id)).map((h) => h.summary as string);
    expect(summaries.some((s) => /\$15\.00 of unused paid time to be refunded/.test(s)), summaries.join('\n')).to.equal(true);
  });

  it('2. a refund with a saved wallet ends the subscription: the wallet is never charged again for it', async () => {
    const w = await world();
    const customer = await w.server.customer('RefundWallet');
    const { id, vaultId } = await liveSubscription(w, customer, 4, { saveWallet: true });
    await w.advance({ to: '2026-02-10T00:00:00.000Z' });
    const [capture] = await capturesOf(w, id);
    const refunded = await w.admin.post('/subscriptions/refund', { id, captureId: capture });
    expect(refunded.status, JSON.stringify(refunded.body)).to.equal(200);
    expect(refunded.body.data).to.include({ status: CANCEL, amountDue: 0 });
    const charges = w.paypal.walletCharges(vaultId);
    await w.advance({ to: '2026-03-20T00:00:00.000Z' });
    expect(w.paypal.walletCharges(vaultId), 'no charge after the refund').to.equal(charges);
    expect((await w.view(id)).status).to.equal(CANCEL);
  });

  it('3. refunding an upgrade’s balance returns the 2 units paid before it and keeps the period paid ahead (to Mar 31)', async () => {
    const w = await world();
    const customer = await w.server.customer('BalanceRefund');
    const { id, vaultId } = await liveSubscription(w, customer, 2, { saveWallet: true });
    await checkout(w, customer, id, { expectAmount: 1000 }); // February paid ahead: Feb 28 → Mar 31
    expect((await w.view(id)).periodEnd).to.equal(MAR_31);
    await w.advance({ to: '2026-02-10T00:00:00.000Z' });
    const up = await revise(w, customer, id, 4);
    // The balance: ⌈1000 × 18/28⌉ = 643 for what is left of the first period, 1000 for the period paid ahead.
    expect(up.body.meta, JSON.stringify(up.body)).to.deep.include({ effect: 'immediate', savedWallet: 'paid' });
    expect(up.body.data.totals.captured, 'two periods and the balance').to.equal(1000 + 1000 + 1643);
    const charges = w.paypal.walletCharges(vaultId);
    await w.advance({ to: '2026-02-20T00:00:00.000Z' });
    const balance = (await capturesOf(w, id)).at(-1)!;
    const refunded = await w.admin.post('/subscriptions/refund', { id, captureId: balance });
    expect(refunded.status, JSON.stringify(refunded.body)).to.equal(200);
    expect(refunded.body.data).to.include({ status: ACTIVE, quantity: 2, amount: 1000, periodEnd: MAR_31 });
    expect(w.paypal.walletCharges(vaultId), 'nothing charged for the refund').to.equal(charges);
    await w.download(customer, id, 'after the balance was refunded');
    expect(w.files.at(-1)!.doc, 'the licence is for the 2 units paid, to the end of the time paid ahead').to.include({ quantity: 2, validUntil: MAR_31 });
    // The renewal on Mar 31 charges 2 units.
    await w.advance({ to: '2026-03-31T12:00:00.000Z' });
    expect(await w.view(id)).to.include({ status: ACTIVE, quantity: 2, periodEnd: '2026-04-30T00:00:00.000Z' });
  });

  it('4. a customer who cancelled at the period end and is refunded in full is cancelled at once and never chased', async () => {
    const w = await world('2026-02-10T00:00:00.000Z');
    const customer = await w.server.customer('CancelledRefunded');
    const { id } = await liveSubscription(w, customer, 2);
    const scheduled = await customer.post('/subscriptions/cancelAtPeriodEnd', { id });
    expect(scheduled.status, JSON.stringify(scheduled.body)).to.equal(200);
    await w.advance({ to: '2026-03-01T00:00:00.000Z' });
    const [capture] = await capturesOf(w, id);
    const refunded = await w.admin.post('/subscriptions/refund', { id, captureId: capture });
    expect(refunded.body.data).to.include({ status: CANCEL, amountDue: 0 });
    const seen = (await historyOf(w.admin, id)).length;
    await w.advance({ to: '2026-04-10T00:00:00.000Z' });
    const later = (await historyOf(w.admin, id)).slice(seen).map((h) => h.type);
    expect(later.filter((t) => ['RenewalFailed', 'SubscriptionPaused', 'LicenceIssued', 'PaymentOrdered', 'SubscriptionCancelled'].includes(t)), 'no dunning, no grace, no second cancellation').to.deep.equal([]);
    const mail = await w.admin.post('/admin/mail/messages', { user_id: customer.userId, pageSize: 100 });
    const templates = ((mail.body.data ?? []) as { template: string }[]).map((m) => m.template);
    expect(templates.filter((t) => /payment-failed|renewal-failed|dunning/i.test(t)), `messages: ${templates.join(', ')}`).to.deep.equal([]);
  });

  it('5. a grace licence is for what was paid (1 unit), not the raise to 1,000 nobody paid for; after a chargeback nothing stands', async () => {
    const w = await world();
    const customer = await w.server.customer('GraceRaise');
    const { id } = await liveSubscription(w, customer, 1);
    const up = await revise(w, customer, id, 1000);
    expect(up.body.meta, JSON.stringify(up.body)).to.deep.include({ effect: 'pending' });
    await w.advance({ to: '2026-02-28T12:00:00.000Z' }); // the renewal lapses: grace
    await w.download(customer, id, 'grace');
    const grace = w.files.at(-1)!;
    expect(grace.doc, 'the grace licence').to.include({ quantity: 1, validUntil: '2026-03-07T00:00:00.000Z' });
    const [capture] = await capturesOf(w, id);
    const reversal = w.paypal.webhookEvent('PAYMENT.CAPTURE.REVERSED', w.paypal.reverse(capture!));
    expect((await deliverWebhook(w.server, w.paypal, reversal)).body.data).to.include({ outcome: 'applied' });
    // The grace rested on the period paid: taken back, the subscription ends, and nothing is chased.
    expect(await w.view(id)).to.include({ status: CANCEL, amountDue: 0 });
    const online = await w.server.client().post('/licence/verify', { licence: grace.text });
    expect(online.body.data).to.include({ valid: false });
    expect(offline(w, grace, '2026-03-01T00:00:00.000Z').licence?.quantity ?? 1, 'offline it never held more than 1 unit').to.equal(1);
  });

  it('7. a period paid ahead refunded: the history says the paid time now ends Feb 28, not that it ended', async () => {
    const w = await world();
    const customer = await w.server.customer('AheadRefunded');
    const { id } = await liveSubscription(w, customer, 2);
    await checkout(w, customer, id, { expectAmount: 1000 });
    await w.advance({ to: '2026-02-05T00:00:00.000Z' });
    const ahead = (await capturesOf(w, id)).at(-1)!;
    const refunded = await w.admin.post('/subscriptions/refund', { id, captureId: ahead });
    expect(refunded.body.data).to.include({ status: ACTIVE, periodEnd: FEB_28 });
    const line = (await historyOf(w.admin, id)).find((h) => h.type === 'PaidTimeEnded')!;
    expect(line.summary).to.equal('One paid period taken back (its payment was refunded): paid time now ends 2026-02-28, not 2026-03-31');
  });
});
