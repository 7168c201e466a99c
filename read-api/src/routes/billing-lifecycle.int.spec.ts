import { expect } from 'chai';
import { useClockServer } from '../../test/clock-server.js';
import { approveInBrowser, buyConstructor, captureBody, historyOf, type Customer } from '../../test/paypal-standin/flow.js';

/**
 * The lifecycle calls one at a time, on the test clock: saving a wallet without paying, end-of-term cancellation
 * and its undo, pause with a resume date, cancel-now with a prorated refund, and a renewal meeting a checkout the
 * customer left open. Expected dates and amounts are written out from the rules.
 */
const START = '2026-03-01T00:00:00.000Z';

describe('billing lifecycle calls on the test clock', function () {
  this.timeout(120_000);
  const clock = useClockServer(START);
  const view = (id: string) => clock.view(id);
  const advance = (days: number) => clock.advance({ days });

  /** Pays the first month (2 streams, $10) without saving the wallet. */
  async function live(customer: Customer) {
    const sub = await buyConstructor(customer, 2);
    const ordered = await customer.post('/subscriptions/createOrder', { id: sub._id });
    await approveInBrowser(ordered.body.data.approveUrl);
    expect((await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, ordered.body.data))).status).to.equal(200);
    return sub;
  }

  it('saves a PayPal account without a payment (setup token → payment token), only for the subscription that started it', async () => {
    const customer = await clock.server.customer('Wallet');
    const sub = await live(customer);
    expect((await view(sub._id)).paymentMethod).to.deep.equal({ vaulted: false });
    expect((await view(sub._id)).nextRenewal).to.deep.equal({ at: '2026-04-01T00:00:00.000Z', amount: 1000 });

    const setup = await customer.post('/subscriptions/walletSetup', { id: sub._id });
    expect(setup.status, JSON.stringify(setup.body)).to.equal(200);
    const back = await approveInBrowser(setup.body.data.approveUrl);
    expect(back.searchParams.get('approval_token_id')).to.equal(setup.body.data.setupTokenId);

    // Another customer's subscription cannot take this token.
    const other = await clock.server.customer('Thief');
    const otherSub = await buyConstructor(other, 1);
    const stolen = await other.post('/subscriptions/walletSave', { id: otherSub._id, setupTokenId: setup.body.data.setupTokenId });
    expect(stolen.status).to.equal(400);
    expect(stolen.body.error.details[0].field).to.equal('setupTokenId');

    const before = clock.paypal.walletCharges();
    const saved = await customer.post('/subscriptions/walletSave', { id: sub._id, setupTokenId: setup.body.data.setupTokenId });
    expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
    expect(saved.body.data.paymentMethod).to.deep.equal({ vaulted: true, payerEmail: 'buyer@example.com' });
    expect(clock.paypal.walletCharges(), 'saving charges nothing').to.equal(before);

    // The renewal now charges the saved account without the buyer.
    await advance(31);
    expect(await view(sub._id)).to.deep.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', periodStart: '2026-04-01T00:00:00.000Z', periodEnd: '2026-05-01T00:00:00.000Z' });
    expect(clock.paypal.walletCharges()).to.equal(before + 1);
  });

  it('cancels at the period end only if not undone; twice at once is one request', async () => {
    const customer = await clock.server.customer('Undo');
    const sub = await live(customer); // paid from the clock's time now, a month
    const paidEnd = (await view(sub._id)).periodEnd as string;
    const twice = await Promise.all([1, 2].map(() => customer.post('/subscriptions/cancelAtPeriodEnd', { id: sub._id })));
    expect(twice.map((r) => r.status)).to.deep.equal([200, 200]);
    expect((await historyOf(customer, sub._id)).filter((h) => h.type === 'CancellationScheduled')).to.have.length(1);
    expect((await view(sub._id)).cancelAt).to.equal(paidEnd);
    expect((await view(sub._id)).nextEvent).to.deep.equal({ kind: 'cancel-at-period-end', at: paidEnd });
    const undone = await customer.post('/subscriptions/cancelAtPeriodEnd', { id: sub._id, undo: true });
    expect(undone.body.data.cancelAt).to.equal(undefined);
    // Without a saved wallet the period's end asks for payment instead of cancelling.
    await advance(32);
    expect((await view(sub._id)).status).to.equal('SUBSCRIPTION_STATUS_WAIT_PAYMENT');
  });

  it('a downgrade scheduled for the end of the paid time keeps the next renewal in view, at the new price; asking for the configuration in force withdraws it', async () => {
    const customer = await clock.server.customer('Downgrade');
    const sub = await buyConstructor(customer, 4); // 4 streams: 4 units at $5, $20.00 a month
    const ordered = await customer.post('/subscriptions/createOrder', { id: sub._id });
    await approveInBrowser(ordered.body.data.approveUrl);
    expect((await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, ordered.body.data))).status).to.equal(200);
    const paid = await view(sub._id);
    expect(paid.nextRenewal).to.deep.equal({ at: paid.periodEnd, amount: 2000 });
    const reference = paid.paypalSubscriptionID;
    // 4 → 2 streams inside the paid month: nothing to pay, in force when the paid time ends.
    const down = await customer.post('/subscriptions/revise', { id: sub._id, user_id: customer.userId, paypalSubscriptionID: reference, quantity: 2, modules: [{ name: 'streams', limit: 2 }] });
    expect(down.status, JSON.stringify(down.body)).to.equal(200);
    expect(down.body.meta).to.deep.equal({ effect: 'scheduled' });
    const scheduled = await view(sub._id);
    expect(scheduled.scheduledChange).to.deep.include({ quantity: 2, amount: 1000, effectiveAt: paid.periodEnd });
    // The next renewal is still said: the same day, at the price after the change ($10.00, not $20.00).
    expect(scheduled.nextRenewal).to.deep.equal({ at: paid.periodEnd, amount: 1000 });
    // The withdrawal: the configuration in force asked for again (what the account's "Keep 4 units" button sends).
    const keep = await customer.post('/subscriptions/revise', { id: sub._id, user_id: customer.userId, paypalSubscriptionID: reference, quantity: 4, modules: [{ name: 'streams', limit: 4 }], version: scheduled.version });
    expect(keep.status, JSON.stringify(keep.body)).to.equal(200);
    expect(keep.body.meta).to.deep.equal({ effect: 'withdrawn' });
    const kept = await view(sub._id);
    expect(kept.scheduledChange).to.equal(undefined);
    expect(kept.nextRenewal).to.deep.equal({ at: paid.periodEnd, amount: 2000 });
    expect((await historyOf(customer, sub._id)).map((h) => h.type).filter((t) => t.startsWith('SubscriptionChange'))).to.deep.equal(['SubscriptionChangeScheduled', 'SubscriptionChangeWithdrawn']);
  });

  it('pauses until a resume date (licence revoked meanwhile, issued again on resume)', async () => {
    const customer = await clock.server.customer('Pause');
    const sub = await live(customer);
    const now = (await clock.admin.post('/admin/clock/advance', { days: 0 })).body.data.now as string;
    const resumeAt = new Date(Date.parse(now) + 5 * 86_400_000).toISOString();
    const paused = await clock.admin.post('/subscriptions/pause', { id: sub._id, resumeAt });
    expect(paused.status, JSON.stringify(paused.body)).to.equal(200);
    expect(paused.body.data).to.deep.include({ status: 'SUBSCRIPTION_STATUS_PAUSE', pause: { reason: 'ADMIN', resumeAt } });
    expect(paused.body.data.licence).to.deep.include({ serial: 1, revoked: true });
    expect((await customer.post('/subscriptions/pause', { id: sub._id })).status, 'customers cannot pause').to.equal(403);
    await advance(5);
    const resumed = await view(sub._id);
    expect(resumed.status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
    expect(resumed.licence).to.deep.include({ serial: 2, revoked: false });
    const types = (await historyOf(clock.admin, sub._id)).map((h) => h.type);
    expect(types).to.include.members(['SubscriptionPaused', 'LicenceRevoked', 'SubscriptionResumed']);
  });

  it('cancels now with a refund of the unused share of the running period (rounded down)', async () => {
    const customer = await clock.server.customer('Refund');
    const sub = await live(customer);
    // The clock has moved 68 days by now (31 + 32 + 5): paid May 8 → Jun 8, 31 days.
    expect(await view(sub._id)).to.deep.include({ periodStart: '2026-05-08T00:00:00.000Z', periodEnd: '2026-06-08T00:00:00.000Z' });
    await advance(10);
    const res = await clock.admin.post('/subscriptions/cancelNow', { id: sub._id, refund: true });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    // $10.00 for 31 days, 21 of them unused: 1000 × 21 / 31 = 677.4 → 677 cents (rounded down).
    const expected = 677;
    expect(res.body.meta.refunded).to.equal(expected);
    expect(res.body.data.status).to.equal('SUBSCRIPTION_STATUS_CANCEL');
    expect(res.body.data.licence).to.deep.include({ revoked: true });
    expect(res.body.data.totals.refunded).to.equal(expected);
  });

  it('a renewal closes the checkout a customer left open; paying it afterwards becomes credit, never a second period', async () => {
    const customer = await clock.server.customer('Open');
    const sub = await live(customer);
    // Save a wallet so the renewal charges it.
    const setup = await customer.post('/subscriptions/walletSetup', { id: sub._id });
    await approveInBrowser(setup.body.data.approveUrl);
    await customer.post('/subscriptions/walletSave', { id: sub._id, setupTokenId: setup.body.data.setupTokenId });
    // The customer opens an early-renewal checkout and approves it, but does not come back to capture.
    const open = await customer.post('/subscriptions/createOrder', { id: sub._id });
    await approveInBrowser(open.body.data.approveUrl);
    const before = await view(sub._id);
    await advance(32);
    const after = await view(sub._id);
    expect(after.periodStart).to.equal(before.periodEnd);
    const late = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, open.body.data));
    expect(late.status).to.equal(409); // superseded by the renewal: PayPal was never asked to capture it
    expect((await view(sub._id)).periodEnd).to.equal(after.periodEnd);
    expect(clock.paypal.captureCount(open.body.data.paypalOrderID)).to.equal(0);
  });

  it('an upgrade with a saved PayPal account is charged its balance at once and in force at once; declined, it waits', async () => {
    const customer = await clock.server.customer('Upgrade');
    const sub = await live(customer); // 2 streams, $10 a month, paid from now
    const setup = await customer.post('/subscriptions/walletSetup', { id: sub._id });
    await approveInBrowser(setup.body.data.approveUrl);
    const saved = await customer.post('/subscriptions/walletSave', { id: sub._id, setupTokenId: setup.body.data.setupTokenId });
    const vaultId = [...clock.paypal.wallets.keys()].pop()!;
    expect(saved.body.data.paymentMethod.vaulted).to.equal(true);
    const reference = (await view(sub._id)).paypalSubscriptionID;
    // At the very start of the period: 2 → 4 streams costs the full difference, $10.00.
    const up = await customer.post('/subscriptions/revise', { id: sub._id, user_id: customer.userId, paypalSubscriptionID: reference, quantity: 4, modules: [{ name: 'streams', limit: 4 }] });
    expect(up.status, JSON.stringify(up.body)).to.equal(200);
    expect(up.body.meta).to.deep.equal({ effect: 'immediate', savedWallet: 'paid' });
    expect(up.body.data).to.deep.include({ quantity: 4, amount: 2000, balance: 0, amountDue: 2000 });
    expect(up.body.data.pendingChange).to.equal(undefined);
    expect(clock.paypal.walletCharges(vaultId)).to.equal(1);
    expect(up.body.data.totals.captured).to.equal(1000 + 1000);

    clock.paypal.declineWallet(vaultId, 1);
    const again = await customer.post('/subscriptions/revise', { id: sub._id, user_id: customer.userId, paypalSubscriptionID: reference, quantity: 6, modules: [{ name: 'streams', limit: 6 }] });
    expect(again.body.meta).to.deep.equal({ effect: 'pending', savedWallet: 'declined' });
    expect(again.body.data.pendingChange).to.deep.include({ quantity: 6, amount: 3000, balance: 1000 });
    expect(again.body.data.quantity).to.equal(4);
    expect(clock.paypal.walletCharges(vaultId)).to.equal(1);
  });

  it('the change of payment method (authorized and voided, no charge) replaces the saved account renewals charge', async () => {
    const customer = await clock.server.customer('Switcher');
    const sub = await live(customer);
    const ordered = await customer.post('/subscriptions/createPaymentMethodOrder', { id: sub._id });
    expect(ordered.status, JSON.stringify(ordered.body)).to.equal(200);
    await approveInBrowser(ordered.body.data.approveUrl);
    const reference = (await view(sub._id)).paypalSubscriptionID;
    const changed = await customer.post('/subscriptions/captureChangePaymentMethod', { id: sub._id, user_id: customer.userId, paypalOrderID: ordered.body.data.paypalOrderID, paypalSubscriptionID: reference, quantity: 2 });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
    expect(changed.body.data.paymentMethod).to.deep.equal({ vaulted: true, payerEmail: 'buyer@example.com' });
    const order = clock.paypal.orders.get(ordered.body.data.paypalOrderID)!;
    expect(order.authorizations[0]!.status, 'nothing charged').to.equal('VOIDED');
    const before = clock.paypal.walletCharges(order.vaultId!);
    await advance(32);
    expect(clock.paypal.walletCharges(order.vaultId!), 'the renewal charged the new account').to.equal(before + 1);
    expect((await view(sub._id)).status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
    expect((await historyOf(customer, sub._id)).map((h) => h.type)).to.include.members(['PaymentMethodVaulted', 'PaymentMethodChanged']);
  });

  it('keeps a customer from moving the clock, and refuses a clock moving back', async () => {
    const customer = await clock.server.customer('NoClock');
    expect((await customer.post('/admin/clock/advance', { days: 1 })).status).to.equal(403);
    const back = await clock.admin.post('/admin/clock/advance', { to: '2020-01-01T00:00:00.000Z' });
    expect(back.status).to.equal(400);
    expect(back.body.error.details[0].field).to.equal('to');
    const shown = (await (await fetch(`${clock.server.baseUrl}/billing/clock`)).json()) as { data: { mode: string } };
    expect(shown.data.mode).to.equal('test');
  });
});
