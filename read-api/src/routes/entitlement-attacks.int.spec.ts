import { expect } from 'chai';
import { streamIds } from '@relaycast/contracts';
import { buyConstructor, type Customer } from '../../test/paypal-standin/flow.js';
import {
  checkout,
  describeFile,
  historyOf,
  liveSubscription,
  netCapturedAtPayPal,
  offline,
  plusDays,
  revise,
  sha256hex,
  sleep,
  startWorld,
  type KeptFile,
  type World,
} from '../../test/entitlement.js';

/**
 * The entitlement attacks, each through the real HTTP API (the read-api on a test billing clock, the PayPal
 * stand-in), one server per test. What is asserted is what a customer can do with the licence files they keep:
 * every file downloaded is kept and verified OFFLINE (the signature and the date, with the public key only).
 *
 * The rule: a licence file may verify beyond the paid time of ITS configuration only for the grace (when a renewal
 * lapses, a grace file for the configuration the lapsed renewal charges, valid to the due date + LICENCE_GRACE_DAYS);
 * otherwise only to the end of the paid time of its configuration. A revision while nothing is paid (Wait payment)
 * changes what is due, never what is licensed.
 *
 * Prices (seed): 1 unit = 500 cents a month; 4 units = 2,000; 1,000 units = 306,000. Grace: 7 days.
 */

const START = '2026-03-01T00:00:00.000Z';
const ONE_UNIT = 500;
const FOUR_UNITS = 2_000;
const WAIT = 'SUBSCRIPTION_STATUS_WAIT_PAYMENT';
const ACTIVE = 'SUBSCRIPTION_STATUS_ACTIVE';
const PAUSE = 'SUBSCRIPTION_STATUS_PAUSE';
const CANCEL = 'SUBSCRIPTION_STATUS_CANCEL';

/** The next `n` answers to POST /v2/checkout/orders (a saved-wallet charge is one) come 4 s late; our PayPal timeout is 1 s. */
const delayWalletCharge = (w: World) => w.paypal.delayNext(1, 4000, /\/v2\/checkout\/orders$/);

/** A merchant-initiated charge of a saved wallet (its PayPal-Request-Id names the wallet charge, not a checkout order). */
const walletCharge = (r: { method: string; path: string; requestId?: string }) => r.method === 'POST' && r.path === '/v2/checkout/orders' && /^(renewal|wallet)-/.test(r.requestId ?? '');

/** Waits until the stand-in has received the saved-wallet renewal charge (its answer is then 4 s away). */
async function walletChargeInFlight(w: World) {
  const deadline = Date.now() + 5000;
  while (!w.paypal.requests.some(walletCharge)) {
    if (Date.now() > deadline) throw new Error('the renewal never charged the saved wallet');
    await sleep(20);
  }
  await sleep(100);
}

describe('entitlement attacks: no licence file verifies beyond what was paid (test clock, stand-in PayPal)', function () {
  this.timeout(120_000);
  const worlds: World[] = [];
  const world = async (start = START) => {
    const w = await startWorld(start);
    worlds.push(w);
    return w;
  };
  afterEach(async () => {
    // Let late stand-in answers land before the servers close.
    while (worlds.length) await worlds.pop()!.close();
  });

  /** Files among `files` that verify offline at one of `instants` with a quantity above `max`. */
  function verifyingAbove(w: World, files: KeptFile[], max: number, instants: string[]): string[] {
    const found: string[] = [];
    for (const f of files) {
      for (const at of instants) {
        const verdict = offline(w, f, at);
        if (verdict.valid && verdict.licence.quantity > max) found.push(`${describeFile(f)} verifies offline at ${at}`);
      }
    }
    return found;
  }

  it('item 1: a revision in Wait payment (1 → 1,000 units) licenses nothing; paying $5 afterwards licenses 1 unit only', async () => {
    const w = await world();
    const customer = await w.server.customer('WaitRevise');
    const { id } = await liveSubscription(w, customer, 1);
    await w.download(customer, id, 'first month paid, 1 unit');

    await w.advance({ to: '2026-04-01T12:00:00.000Z' }); // the renewal lapses (no saved wallet)
    expect((await w.view(id)).status).to.equal(WAIT);
    await w.download(customer, id, 'Wait payment');

    const up = await revise(w, customer, id, 1000);
    console.log(`      item 1: revise 1 → 1000 in Wait payment answered ${up.status} ${JSON.stringify(up.body?.meta ?? up.body?.error)}`);
    await w.download(customer, id, 'Wait payment, after revising to 1,000');
    const instantsBefore = ['2026-04-01T12:00:00.000Z', '2026-04-04T12:00:00.000Z'];
    const earlier = verifyingAbove(w, w.files, 1, instantsBefore);

    const down = await revise(w, customer, id, 1);
    expect([200, 202], `revise back to 1: ${JSON.stringify(down.body)}`).to.include(down.status);
    await w.download(customer, id, 'Wait payment, revised back to 1');
    await checkout(w, customer, id, { expectAmount: ONE_UNIT });
    expect((await w.view(id)).status).to.equal(ACTIVE);
    await w.download(customer, id, 'paid $5 after the revisions');

    const now = await w.now();
    const instants = [...instantsBefore, now, plusDays(now, 3)];
    const problems = [...new Set([...earlier, ...verifyingAbove(w, w.files, 1, instants)])];
    // Online, a 1,000-unit file must not be valid either.
    for (const f of w.files.filter((file) => (file.doc?.quantity ?? 0) > 1)) {
      const online = await w.server.client().post('/licence/verify', { licence: f.text });
      if (online.body?.data?.valid === true) problems.push(`POST /licence/verify says valid: true for ${describeFile(f)}: ${JSON.stringify(online.body.data)}`);
    }
    expect(problems, `nothing above 1 unit was ever paid, yet:\n${problems.join('\n')}`).to.deep.equal([]);
    // Not vacuous: the paid 1-unit licence verifies now.
    const last = w.files[w.files.length - 1]!;
    expect(offline(w, last, now).valid, `the paid file ${describeFile(last)} verifies now`).to.equal(true);
  });

  it('item 2: an upgrade to 1,000 units on the last day, then a downgrade: the 1,000-unit file ends with its paid time', async () => {
    const w = await world();
    const customer = await w.server.customer('LastDay');
    const { id, vaultId } = await liveSubscription(w, customer, 1, { saveWallet: true });
    await w.advance({ to: '2026-03-31T00:00:00.000Z' }); // one day before the period end (Apr 1)

    const up = await revise(w, customer, id, 1000);
    expect(up.status, JSON.stringify(up.body)).to.equal(200);
    expect(up.body.meta, 'the balance is paid from the saved wallet and the upgrade is in force').to.deep.include({ effect: 'immediate', savedWallet: 'paid' });
    await w.download(customer, id, 'upgraded to 1,000 on Mar 31');
    const thousand = w.files.filter((f) => f.doc?.quantity === 1000);
    expect(thousand, 'a 1,000-unit file was downloaded').to.have.length.greaterThan(0);

    const down = await revise(w, customer, id, 1);
    expect(down.status, JSON.stringify(down.body)).to.equal(200);
    expect((await w.view(id)).scheduledChange, 'the downgrade waits for the period end').to.deep.include({ quantity: 1, effectiveAt: '2026-04-01T00:00:00.000Z' });

    await w.advance({ to: '2026-04-01T12:00:00.000Z' }); // the renewal charges 1 unit to the saved wallet
    const renewed = await w.view(id);
    expect(renewed, 'renewed at 1 unit').to.deep.include({ status: ACTIVE, quantity: 1, periodStart: '2026-04-01T00:00:00.000Z', periodEnd: '2026-05-01T00:00:00.000Z' });
    expect(w.paypal.walletCharges(vaultId), 'the balance and the renewal were charged to the saved wallet').to.equal(2);
    await w.download(customer, id, 'renewed at 1 unit');
    await w.advance({ to: '2026-04-07T12:00:00.000Z' });
    await w.download(customer, id, '6 days into the renewed period');

    const problems = verifyingAbove(w, thousand, 1, ['2026-04-02T00:00:00.000Z', '2026-04-07T00:00:00.000Z']);
    expect(problems, `1,000 units were paid until 2026-04-01 only, the renewal was paid (no grace), yet:\n${problems.join('\n')}`).to.deep.equal([]);
    const current = w.files[w.files.length - 1]!;
    expect(current.doc?.quantity).to.equal(1);
    expect(offline(w, current, await w.now()).valid, `the current file ${describeFile(current)} verifies`).to.equal(true);
  });

  it('item 3: a revision (1 → 4 units) while the saved-wallet renewal charge is in flight', async () => {
    const w = await world();
    const customer = await w.server.customer('RaceRenewal');
    const { id, firstOrderId } = await liveSubscription(w, customer, 1, { saveWallet: true });
    const reference = (await w.view(id)).paypalSubscriptionID;

    delayWalletCharge(w);
    const advancing = w.admin.post('/admin/clock/advance', { to: '2026-04-01T01:00:00.000Z' });
    await walletChargeInFlight(w);
    const up = await customer.post('/subscriptions/revise', { id, user_id: customer.userId, paypalSubscriptionID: reference, quantity: 4 });
    console.log(`      item 3: revise to 4 during the charge answered ${up.status} ${JSON.stringify(up.body?.meta ?? up.body?.error)}`);
    await w.download(customer, id, 'revised to 4 during the renewal charge');
    const advanced = await advancing;
    console.log(`      item 3: the advance answered ${advanced.status} ${JSON.stringify(advanced.body?.data ?? advanced.body)}`);
    await sleep(4000); // the stand-in's late answer lands
    await w.download(customer, id, 'after the renewal run');

    const requestsBefore = w.paypal.requests.length;
    for (let i = 0; i < 3; i++) {
      await w.advance({ days: 1 });
      await w.download(customer, id, `after ${i + 1} more day(s)`);
    }

    const problems: string[] = [];
    const now = await w.now();
    const v = await w.view(id);
    const paidNow = v.status === ACTIVE && typeof v.periodEnd === 'string' && v.periodEnd > now;
    const dunning = v.status === WAIT && Boolean(v.dunning?.nextRetryAt);
    if (!paidNow && !dunning) {
      problems.push(`end state at ${now}: status ${v.status}, periodEnd ${v.periodEnd}, nextEvent ${JSON.stringify(v.nextEvent)}, dunning ${JSON.stringify(v.dunning)} (neither Live with paid time covering now nor in dunning with a next step)`);
    }
    const ids = new Map<string, number>();
    for (const r of w.paypal.requests) if (r.method === 'POST' && r.path === '/v2/checkout/orders' && r.requestId) ids.set(r.requestId, (ids.get(r.requestId) ?? 0) + 1);
    for (const [requestId, count] of ids) if (count > 2) problems.push(`PayPal-Request-Id ${requestId} sent ${count} times to POST /v2/checkout/orders`);
    const further = w.paypal.requests.slice(requestsBefore).filter((r) => r.method === 'POST' && r.path === '/v2/checkout/orders').length;
    const money = netCapturedAtPayPal(w.paypal, id, [firstOrderId]);
    for (const f of w.files.filter((file) => file.doc?.quantity === 4)) {
      if (offline(w, f, now).valid && money.net < FOUR_UNITS) {
        problems.push(`${describeFile(f)} verifies offline at ${now}, but PayPal holds only ${money.net} cents for the renewed period (${money.orders.join('; ')})`);
      }
    }
    expect(problems, `${problems.join('\n')}\n(${further} POST /v2/checkout/orders during the 3 later advances)`).to.deep.equal([]);
  });

  it('item 4: refunding the second of three prepaid periods leaves the subscription Live, paid through start + 2 months', async () => {
    const w = await world();
    const customer = await w.server.customer('Prepaid');
    const { id } = await liveSubscription(w, customer, 1);
    await checkout(w, customer, id, { expectAmount: ONE_UNIT });
    await checkout(w, customer, id, { expectAmount: ONE_UNIT });
    expect(await w.view(id), 'three months paid').to.deep.include({ status: ACTIVE, periodEnd: '2026-06-01T00:00:00.000Z' });

    const captureIds = (await historyOf(w.admin, id)).filter((h) => h.type === 'OrderCaptured').map((h) => h.data.captureId as string);
    expect(captureIds).to.have.length(3);
    const refunded = await w.admin.post('/subscriptions/refund', { id, captureId: captureIds[1] });
    expect(refunded.status, JSON.stringify(refunded.body)).to.equal(200);

    const v = await w.view(id);
    const shown = JSON.stringify({ status: v.status, periodStart: v.periodStart, periodEnd: v.periodEnd, endDate: v.endDate });
    expect(v.status, shown).to.equal(ACTIVE);
    expect(v.periodEnd, `two paid periods remain: ${shown}`).to.equal('2026-05-01T00:00:00.000Z');
    expect(v.endDate, shown).to.equal('2026-05-01T00:00:00.000Z');
    expect(v.periodStart < v.periodEnd, `periodStart before periodEnd: ${shown}`).to.equal(true);
  });

  // Item 5 (one billing policy for the read-api and the scheduler bundles) needs the built bundles: written elsewhere.

  it('item 6: refused requests claim no licence key; an administrator can still set it afterwards', async () => {
    const w = await world();
    const customer = await w.server.customer('KeyClaim');
    const other = await w.server.customer('KeyClaimOther');
    const own = await buyConstructor(customer, 1);
    const target = await buyConstructor(other, 1);
    const KEY = 'ABCDE-FGHIJ-KLMNO-PQRST-UVWXY';
    const claimStream = (key: string) => streamIds.claim(`licence-key-${sha256hex(key)}`);
    expect(claimStream(KEY)).to.equal(`claim-licence-key-${sha256hex(KEY)}`);
    const claims = async (key: string) => (await w.server.rt.events.readStream(claimStream(key)).catch(() => [])).length;

    const createBody = (key: string, extra: Record<string, unknown>, paymentDetails: Record<string, unknown> = { plan_id: 'constructor', privacy_policy_confirm: true }) => ({
      subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: customer.userId, modules: [{ name: 'streams', limit: 2 }],
      payment_details: paymentDetails, licence_key: key, ...extra,
    });
    const refused: { label: string; send: (key: string) => Promise<{ status: number; body: any }> }[] = [
      { label: 'customer create with status ACTIVE', send: (key) => customer.post('/subscriptions/create', createBody(key, { status: 'SUBSCRIPTION_STATUS_ACTIVE' })) },
      { label: 'customer create without privacy_policy_confirm', send: (key) => customer.post('/subscriptions/create', createBody(key, {}, { plan_id: 'constructor' })) },
      { label: 'customer update of their own subscription setting licence_key', send: (key) => customer.post('/subscriptions/update', { id: own._id, licence_key: key }) },
      { label: "administrator update with name ''", send: (key) => w.admin.post('/subscriptions/update', { id: own._id, licence_key: key, name: '' }) },
      { label: 'administrator update with a stale version', send: (key) => w.admin.post('/subscriptions/update', { id: own._id, licence_key: key, version: 0 }) },
      { label: 'administrator create with a wrong price', send: (key) => w.admin.post('/subscriptions/create', createBody(key, {}, { plan_id: 'constructor', amount: 1 })) },
    ];

    const problems: string[] = [];
    // Each refused request alone, with a key of its own: does it leave a claim?
    for (const [i, r] of refused.entries()) {
      const key = `ABCDE-FGHIJ-KLMNO-PQRST-UVWX${i}`;
      const res = await r.send(key);
      expect(res.status, `${r.label}: ${JSON.stringify(res.body)}`).to.be.within(400, 499);
      if ((await claims(key)) > 0) problems.push(`${r.label} (refused ${res.status} ${res.body?.error?.code}) left a claim on its licence key`);
    }
    // All of them with the one key.
    for (const r of refused) {
      const res = await r.send(KEY);
      expect(res.status, `${r.label} with ${KEY}: ${JSON.stringify(res.body)}`).to.be.within(400, 499);
    }
    const left = await claims(KEY);
    if (left > 0) problems.push(`the claim stream of ${KEY} holds ${left} event(s) after refused requests only`);
    const set = await w.admin.post('/subscriptions/update', { id: target._id, licence_key: KEY });
    if (set.status !== 200) problems.push(`an administrator setting ${KEY} on a real subscription got ${set.status} ${JSON.stringify(set.body?.error)}`);
    else expect(set.body.data.licence_key).to.equal(KEY);
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  it('item 7: cancelling while the renewal is being charged to the saved wallet: the money goes back', async () => {
    const w = await world();
    const customer = await w.server.customer('CancelRace');
    const { id, firstOrderId } = await liveSubscription(w, customer, 1, { saveWallet: true });

    delayWalletCharge(w);
    const started = Date.now();
    const advancing = w.admin.post('/admin/clock/advance', { to: '2026-04-01T01:00:00.000Z' });
    await walletChargeInFlight(w);
    const cancelled = await customer.post('/subscriptions/cancel', { id });
    expect([200, 202], `cancel: ${JSON.stringify(cancelled.body)}`).to.include(cancelled.status);
    const advanced = await advancing;
    console.log(`      item 7: the advance answered ${advanced.status} ${JSON.stringify(advanced.body?.data ?? advanced.body)}`);
    await sleep(Math.max(0, 4500 - (Date.now() - started)));
    await w.advance({ days: 1 });

    const v = await w.view(id);
    if (process.env.DBG) console.log(JSON.stringify({ next: v.nextEvent, hist: (await historyOf(w.admin, id)).map((h: any) => `${h.at} ${h.type} ${JSON.stringify(h.data).slice(0, 120)}`) }, null, 1));
    expect(v.status).to.equal(CANCEL);
    const renewalCaptures = [...w.paypal.orders.values()]
      .filter((o) => o.reference_id === id && o.id !== firstOrderId)
      .flatMap((o) => o.captures.filter((c) => c.status !== 'DECLINED').map((c) => ({ order: o.id, capture: c })));
    console.log(`      item 7: renewal captures at PayPal: ${JSON.stringify(renewalCaptures.map((r) => ({ order: r.order, id: r.capture.id, status: r.capture.status, value: r.capture.amount.value })))}`);
    const problems: string[] = [];
    for (const { order, capture } of renewalCaptures) {
      if (capture.status !== 'REFUNDED' && w.paypal.refundCount(capture.id) === 0) {
        problems.push(`PayPal took ${capture.amount.value} ${capture.amount.currency_code} for the renewal (order ${order}, capture ${capture.id}, ${capture.status}) and it was never refunded`);
      }
    }
    if (v.credit !== 0) problems.push(`the cancelled subscription keeps ${v.credit} cents of account credit`);
    expect(problems, `${problems.join('\n')}\n(view: status ${v.status}, credit ${v.credit}, totals ${JSON.stringify(v.totals)})`).to.deep.equal([]);
  });

  /** Status after each of two further advances (30 then 60 days), and whether a non-payment pause was recorded. */
  async function movesOn(w: World, id: string) {
    await w.advance({ days: 30 });
    const after30 = await w.view(id);
    await w.advance({ days: 60 });
    const after90 = await w.view(id);
    const history = await historyOf(w.admin, id);
    const pausedForNonPayment = history.some((h) => h.type === 'SubscriptionPaused' && h.data?.reason === 'NON_PAYMENT');
    const shown = `after +30 days: ${after30.status} (nextEvent ${JSON.stringify(after30.nextEvent)}, dunning ${JSON.stringify(after30.dunning)}); after +60 more: ${after90.status} (nextEvent ${JSON.stringify(after90.nextEvent)})`;
    expect([PAUSE, CANCEL], `still waiting for payment for ever: ${shown}`).to.include(after30.status);
    expect(after90.status, shown).to.equal(CANCEL);
    expect(pausedForNonPayment, `paused for non-payment on the way: ${shown}; history ${history.map((h) => h.type).join(', ')}`).to.equal(true);
  }

  it('item 8a: paused by an administrator in dunning and resumed after the suspension date: dunning goes on (Pause, then Cancel)', async () => {
    const w = await world();
    const customer = await w.server.customer('PausedDunning');
    const { id } = await liveSubscription(w, customer, 1);
    await w.advance({ to: '2026-04-01T12:00:00.000Z' });
    expect((await w.view(id)).status).to.equal(WAIT);
    const paused = await w.admin.post('/subscriptions/pause', { id });
    expect(paused.status, JSON.stringify(paused.body)).to.equal(200);
    await w.advance({ to: '2026-04-11T12:00:00.000Z' }); // past the suspension date (Apr 8)
    const resumed = await w.admin.post('/subscriptions/resume', { id });
    expect(resumed.status, JSON.stringify(resumed.body)).to.equal(200);
    expect(resumed.body.data.status).to.equal(WAIT);
    await movesOn(w, id);
  });

  it('item 8a (variant): paused while Live, resumed after the paid time ended: Wait payment with a next step (Pause, then Cancel)', async () => {
    const w = await world();
    const customer = await w.server.customer('PausedLive');
    const { id } = await liveSubscription(w, customer, 1);
    await w.advance({ to: '2026-03-15T00:00:00.000Z' });
    const paused = await w.admin.post('/subscriptions/pause', { id });
    expect(paused.status, JSON.stringify(paused.body)).to.equal(200);
    await w.advance({ to: '2026-04-11T12:00:00.000Z' }); // the paid time ended on Apr 1
    const resumed = await w.admin.post('/subscriptions/resume', { id });
    expect(resumed.status, JSON.stringify(resumed.body)).to.equal(200);
    expect(resumed.body.data.status).to.equal(WAIT);
    await movesOn(w, id);
  });

  it('item 8b: a grace payment refunded in full: the subscription ends there (refunded) — no Wait payment, no dunning, no grace licence', async () => {
    const w = await world();
    const customer = await w.server.customer('RefundedGrace');
    const { id } = await liveSubscription(w, customer, 1);
    await w.advance({ to: '2026-04-02T12:00:00.000Z' });
    expect((await w.view(id)).status).to.equal(WAIT);
    await checkout(w, customer, id, { expectAmount: ONE_UNIT });
    expect((await w.view(id)).status, 'paid inside the grace').to.equal(ACTIVE);
    const captureIds = (await historyOf(w.admin, id)).filter((h) => h.type === 'OrderCaptured').map((h) => h.data.captureId as string);
    const refunded = await w.admin.post('/subscriptions/refund', { id, captureId: captureIds[captureIds.length - 1] });
    expect(refunded.status, JSON.stringify(refunded.body)).to.equal(200);
    expect(refunded.body.data).to.include({ status: CANCEL, amountDue: 0 });
    const at = (await historyOf(w.admin, id)).length;
    await w.advance({ days: 30 });
    const later = (await historyOf(w.admin, id)).slice(at).map((h) => h.type);
    expect(later.filter((t) => ['RenewalFailed', 'SubscriptionPaused', 'SavedWalletChargeStarted', 'PaymentOrdered', 'LicenceIssued'].includes(t)), 'nothing chased, nothing licensed after the refund').to.deep.equal([]);
    expect((await w.view(id)).status).to.equal(CANCEL);
  });

  it('item 9: a trial licence: 3 streams, valid until the trial end (7 days), not after', async () => {
    const w = await world('2026-03-01T10:00:00.000Z');
    const customer = await w.server.customer('Trial');
    const sub = await buyConstructor(customer, 3);
    const trial = await customer.post('/subscriptions/startTrial', { id: sub._id });
    expect(trial.status, JSON.stringify(trial.body)).to.equal(200);
    const status = await w.download(customer, sub._id, 'trial');
    expect(status, 'a trial licence can be downloaded').to.equal(200);
    const file = w.files[0]!;
    expect(file.doc, describeFile(file)).to.deep.include({ quantity: 3, validUntil: '2026-03-08T10:00:00.000Z' });
    expect(offline(w, file, '2026-03-08T09:59:00.000Z').valid, 'valid during the trial').to.equal(true);
    expect(offline(w, file, '2026-03-08T10:00:00.000Z').valid, 'not valid at the trial end').to.equal(false);
    expect(offline(w, file, '2026-03-09T10:00:00.000Z').valid, 'not valid after the trial').to.equal(false);
  });

  const adminCreate = (w: World, customer: Customer, extra: Record<string, unknown>, paymentDetails: Record<string, unknown> = { plan_id: 'constructor' }) =>
    w.admin.post('/subscriptions/create', {
      subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: customer.userId,
      modules: [{ name: 'streams', limit: 3 }], payment_details: paymentDetails, ...extra,
    });

  it('item 10a: an administrator cannot create a Live paid subscription without payment or a complimentary reason', async () => {
    const w = await world();
    const customer = await w.server.customer('AdminLive');
    const res = await adminCreate(w, customer, { status: ACTIVE });
    const list = await w.admin.post('/subscriptions/findAll', { user_id: customer.userId, pageSize: 100 });
    const live = (list.body.data as { _id: string; status: string }[]).filter((s) => s.status === ACTIVE);
    expect(res.status, `admin create ACTIVE answered ${res.status}: ${JSON.stringify(res.body?.data ? { status: res.body.data.status, amount: res.body.data.amount } : res.body)}`).to.be.oneOf([400, 409, 422]);
    expect(live, 'nothing Live').to.deep.equal([]);
  });

  it('item 10a: a complimentary grant is explicit: with its reason, shown as such, a licence to its end, extended on a Live one', async () => {
    const w = await world();
    const customer = await w.server.customer('AdminComplimentary');
    const res = await adminCreate(w, customer, { status: ACTIVE, complimentary: { reason: 'partner programme', until: '2026-03-15T00:00:00.000Z' } });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const id = res.body.data._id as string;
    expect(res.body.data).to.include({ status: ACTIVE });
    expect(res.body.data.licence).to.include({ serial: 1, validUntil: '2026-03-15T00:00:00.000Z', revoked: false });
    const history = await historyOf(w.admin, id);
    expect(history.map((h) => h.type)).to.deep.equal(['SubscriptionCreated', 'ComplimentaryGranted', 'SubscriptionStatusChanged', 'LicenceIssued']);
    expect(history[1]!.data).to.include({ note: 'partner programme', start: START, end: '2026-03-15T00:00:00.000Z' });
    // The customer reads the grant, not the administrator's words.
    expect(JSON.stringify(await historyOf(customer, id))).to.not.include('partner programme');
    // Granted again on the Live subscription: the time is added after what is covered (to Apr 1).
    const more = await w.admin.post('/subscriptions/grantComplimentary', { id, reason: 'extended', until: '2026-04-01T00:00:00.000Z' });
    expect(more.status, JSON.stringify(more.body)).to.equal(200);
    expect(more.body.data.licence).to.include({ serial: 2, validUntil: '2026-04-01T00:00:00.000Z' });
    expect(await w.download(customer, id, 'complimentary')).to.equal(200);
    const file = w.files[w.files.length - 1]!;
    expect(offline(w, file, '2026-03-31T23:00:00.000Z').valid).to.equal(true);
    expect(offline(w, file, '2026-04-01T00:00:00.000Z').valid).to.equal(false);
  });

  it('item 10b: an administrator create with a negative streams limit is refused with 400 naming the field', async () => {
    const w = await world();
    const customer = await w.server.customer('AdminNegative');
    const res = await adminCreate(w, customer, { modules: [{ name: 'streams', limit: -3 }] });
    expect(res.status, JSON.stringify(res.body)).to.equal(400);
    expect(JSON.stringify(res.body.error), 'the error names the modules field').to.match(/modules/);
  });

  it('item 10c: an administrator create does not record the customer’s privacy-policy consent', async () => {
    const w = await world();
    const customer = await w.server.customer('AdminConsent');
    const res = await adminCreate(w, customer, {}, { plan_id: 'constructor', privacy_policy_confirm: true });
    if (res.status === 400) return; // refused: an administrator cannot consent for the customer
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const created = (await historyOf(w.admin, res.body.data._id)).find((h) => h.type === 'SubscriptionCreated')!;
    expect(created.data.payment_details.privacy_policy_confirm, 'recorded as the customer’s consent though an administrator sent it').to.equal(false);
  });

  it('item 11a: paused in dunning, resumed after the suspension date: no licence issued already expired', async () => {
    const w = await world();
    const customer = await w.server.customer('ResumeLicence');
    const { id } = await liveSubscription(w, customer, 1);
    await w.download(customer, id, 'paid');
    await w.advance({ to: '2026-04-01T12:00:00.000Z' });
    expect((await w.view(id)).status).to.equal(WAIT);
    await w.download(customer, id, 'Wait payment');
    expect((await w.admin.post('/subscriptions/pause', { id })).status).to.equal(200);
    await w.download(customer, id, 'paused');
    await w.advance({ to: '2026-04-11T12:00:00.000Z' });
    const resumed = await w.admin.post('/subscriptions/resume', { id });
    expect(resumed.status, JSON.stringify(resumed.body)).to.equal(200);
    const before = w.files.length;
    const status = await w.download(customer, id, 'resumed after the suspension date');
    const now = await w.now();

    const problems: string[] = [];
    if (status === 200) {
      const file = w.files[before]!;
      const verdict = offline(w, file, now);
      if (!verdict.valid) problems.push(`the licence downloadable at ${now} does not verify (${verdict.reason}): ${describeFile(file)}`);
    }
    for (const h of (await historyOf(w.admin, id)).filter((e) => e.type === 'LicenceIssued')) {
      if (h.data.validUntil <= h.data.issuedAt) problems.push(`LicenceIssued serial ${h.data.serial} at ${h.data.issuedAt} valid only until ${h.data.validUntil}`);
    }
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  it('item 11b: paying by checkout while the saved-wallet renewal is in flight charges the period at most once, net', async () => {
    const w = await world();
    const customer = await w.server.customer('DoublePay');
    const { id, firstOrderId } = await liveSubscription(w, customer, 1, { saveWallet: true });

    delayWalletCharge(w);
    const started = Date.now();
    const advancing = w.admin.post('/admin/clock/advance', { to: '2026-04-01T01:00:00.000Z' });
    await walletChargeInFlight(w);
    // The customer pays what is due by checkout meanwhile (a refusal is an acceptable answer).
    const ordered = await customer.post('/subscriptions/createOrder', { id });
    console.log(`      item 11b: createOrder during the wallet charge answered ${ordered.status} ${JSON.stringify(ordered.body?.data ? { amount: ordered.body.data.amount, purpose: ordered.body.data.purpose } : ordered.body)}`);
    if (ordered.status === 200 && ordered.body.data.approveUrl) {
      await fetch(ordered.body.data.approveUrl, { redirect: 'manual' });
      const captured = await customer.post('/subscriptions/captureOrder', { id, user_id: customer.userId, paypalOrderID: ordered.body.data.paypalOrderID, paypalSubscriptionID: ordered.body.data.paypalSubscriptionID, quantity: 1 });
      console.log(`      item 11b: captureOrder answered ${captured.status} ${JSON.stringify(captured.body?.meta ?? captured.body?.error ?? null)}`);
    } else {
      expect(ordered.status, `createOrder: ${JSON.stringify(ordered.body)}`).to.be.within(400, 499);
    }
    const advanced = await advancing;
    console.log(`      item 11b: the advance answered ${advanced.status} ${JSON.stringify(advanced.body?.data ?? advanced.body)}`);
    await sleep(Math.max(0, 4500 - (Date.now() - started)));
    await w.advance({ days: 1 });
    await w.advance({ days: 1 });

    const money = netCapturedAtPayPal(w.paypal, id, [firstOrderId]);
    const v = await w.view(id);
    expect(money.net, `PayPal kept ${money.net} cents for the period due 2026-04-01 (one period is ${ONE_UNIT}): ${money.orders.join('; ')}; view: status ${v.status}, periodEnd ${v.periodEnd}, credit ${v.credit}, totals ${JSON.stringify(v.totals)}`).to.be.at.most(ONE_UNIT);
  });

  it('webhooks: an outsider cannot make the server call PayPal at will', async () => {
    const w = await world();
    const verifyCalls = () => w.paypal.requests.filter((r) => r.path === '/v1/notifications/verify-webhook-signature').length;
    const post = async (body: string, headers: Record<string, string>) => {
      const res = await fetch(`${w.server.baseUrl}/paypal/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
      await res.text();
      return res.status;
    };
    const garbage = ['not json', '{}', '[]', 'null', '{"id":1}', '{"event_type":"X"}', '"text"', '{"id":"x","event_type":"y"}', '12345', '{"resource":{}}'];
    const event = () => JSON.stringify(w.paypal.webhookEvent('PAYMENT.CAPTURE.COMPLETED', { id: `CAP-${Math.random().toString(36).slice(2)}`, status: 'COMPLETED', amount: { currency_code: 'USD', value: '5.00' } }));
    const forged = () => w.paypal.webhookHeaders({ valid: false });
    const statuses: number[] = [];

    // Without PayPal's transmission headers (none, or some of them): nothing to verify, PayPal must not be asked.
    for (const body of garbage) statuses.push(await post(body, {}));
    for (let i = 0; i < 10; i++) statuses.push(await post(event(), {}));
    for (let i = 0; i < 10; i++) statuses.push(await post(event(), { 'paypal-transmission-id': `garbage-${i}`, 'paypal-transmission-sig': 'x' }));
    const withoutHeaders = verifyCalls();

    // With the headers but a forged signature: 10 garbage bodies and 50 events.
    for (const body of garbage) statuses.push(await post(body, forged()));
    for (let i = 0; i < 50; i++) statuses.push(await post(event(), forged()));
    const withHeaders = verifyCalls() - withoutHeaders;
    console.log(`      webhooks: answers ${JSON.stringify(Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length])))}`);

    expect(statuses.filter((s) => s >= 200 && s < 300), 'no forged delivery accepted').to.deep.equal([]);
    expect(withoutHeaders, 'verify calls for deliveries without the transmission headers').to.equal(0);
    expect(withHeaders, 'verify calls for 60 forged deliveries (rate-limited before PayPal is asked)').to.be.at.most(10);
  });
});
