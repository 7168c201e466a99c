import { expect } from 'chai';
import fc from 'fast-check';
import type { EventEnvelope } from '@relaycast/contracts';
import { coveredUntil, dueItemsOf, exists, subscriptionDecider, type ExistingSubscription } from '../subscription/index.js';
import { foldEvents } from '../handler.js';
import { dayOf } from '../books/calendar.js';
import { accountKind, addPostings, cashOf, postingsOf, recognisedThrough } from '../books/postings.js';
import { actionArb, createRandomHistory, POLICY, type Action } from '../../test/random-history.js';
import { allowance, grantedSlots, grantedTimes, grantedUnitsAt, licenceExcess, monthlyPrice, paidPeriods, paidUnitsAt, unusedByCapture, usedByCapture, DAY } from '../../test/entitlement-model.js';

/**
 * "No free lunch": random interleavings of revisions (up and down, in Wait payment too), orders, captures
 * (completed, declined, pending, answered late while other commands run), PayPal's webhooks, refunds of single
 * periods, reversals, cancellation, trials, an administrator's pause, resume and complimentary grants, renewals
 * charged to a saved wallet raced by a revision, a cancellation or a checkout, and a moving clock. After every step:
 *
 * - what the history entitles the customer to — priced here from the seed's catalogue, over the paid periods —
 *   never exceeds the money PayPal holds for us (captured less refunded), plus what a refund or reversal took back
 *   of time already used (a concession that cannot be revoked);
 * - the signed licence files issued so far, over the time each still verifies offline, are worth no more beyond
 *   what was paid than the documented allowance (the trial, complimentary grants, and the grace of each lapsed
 *   renewal at what it charges): test/entitlement-model.ts values them, from the documented rules;
 * - liveness: a subscription that owes something (a lapsed payment, money in flight, credit left on an ended one)
 *   has a due item for the billing clock.
 *
 * At the end, every capture PayPal made is recorded once.
 */


/**
 * What the recorded history entitles the customer to, in cents, priced from the catalogue: for each paid period
 * (the model's: test/entitlement-model.ts), the share of time the subscription is Live times the monthly price of
 * the units that period paid for (raised where a balance was paid, or a change it already paid for as much); and for
 * each raise paid inside the trial or a complimentary grant, what it adds above the units granted, per billing
 * period of that grant.
 */
function entitledValue(history: readonly EventEnvelope[]): number {
  const live: { from: number; to: number }[] = [];
  let liveSince: number | null = null;
  for (const e of history) {
    const d = e.data as Record<string, unknown>;
    const at = Date.parse(e.occurredAt);
    if (e.type === 'SubscriptionStatusChanged') {
      if (d.to === 'SUBSCRIPTION_STATUS_ACTIVE' && liveSince === null) liveSince = at;
      if (d.to !== 'SUBSCRIPTION_STATUS_ACTIVE' && liveSince !== null) {
        live.push({ from: liveSince, to: at });
        liveSince = null;
      }
    }
    if (e.type === 'SubscriptionCancelled' && liveSince !== null) {
      live.push({ from: liveSince, to: at });
      liveSince = null;
    }
  }
  if (liveSince !== null) live.push({ from: liveSince, to: Infinity });
  let value = 0;
  const periods = paidPeriods(history);
  for (const p of periods) {
    if (p.end <= p.start) continue;
    const cuts = new Set<number>([p.start, p.end, ...p.units.map((u) => u.at), ...live.flatMap((l) => [l.from, l.to])].filter((x) => x >= p.start && x <= p.end));
    const points = [...cuts].sort((a, b) => a - b);
    for (let i = 0; i + 1 < points.length; i++) {
      const [a, b] = [points[i]!, points[i + 1]!];
      const mid = (a + b) / 2;
      if (!live.some((l) => l.from <= mid && mid < l.to)) continue;
      // A period cut short keeps its price per unit of time: its billing period's length divides.
      value += (monthlyPrice(paidUnitsAt([p], mid)) * (b - a)) / p.length;
    }
  }
  // Raises paid inside the trial or a complimentary grant: what they add above what was granted, Live, outside paid
  // time, per billing period of the grant (its price difference times the time over that billing period's length).
  for (const g of grantedTimes(history)) {
    if (g.raises.length === 0) continue;
    for (const slot of grantedSlots(g)) {
      const edges = [slot.start, slot.end, ...g.raises.flatMap((r) => [r.at, r.until ?? slot.end]), ...live.flatMap((l) => [l.from, l.to]), ...periods.flatMap((p) => [p.start, p.end])];
      const points = [...new Set(edges.filter((x) => x >= slot.start && x <= slot.end))].sort((a, b) => a - b);
      for (let i = 0; i + 1 < points.length; i++) {
        const [a, b] = [points[i]!, points[i + 1]!];
        const mid = (a + b) / 2;
        if (!live.some((l) => l.from <= mid && mid < l.to) || periods.some((p) => p.start <= mid && mid < p.end)) continue;
        value += ((monthlyPrice(grantedUnitsAt(g, mid)) - monthlyPrice(g.units)) * (b - a)) / slot.length;
      }
    }
  }
  return value;
}

/** What share of a capture's money is net of tax (1 without tax): money given back is compared net with net. */
function netShareOf(history: readonly EventEnvelope[], captureId: string): number {
  const captured = history.find((e) => e.type === 'OrderCaptured' && (e.data as { captureId: string }).captureId === captureId);
  const tax = (captured?.data as { tax?: { amount: number; total: number } } | undefined)?.tax;
  return tax && tax.total > 0 ? tax.amount / tax.total : 1;
}

/** The part of a capture's paid period already used when its money was taken back, valued at the time (net of tax). */
function usedValueAtRefund(history: readonly EventEnvelope[], captureId: string, at: number): number {
  // `history` is as it was just before the refund.
  const before = history.filter((e) => Date.parse(e.occurredAt) <= at);
  const captured = before.find((e) => e.type === 'OrderCaptured' && (e.data as { captureId: string }).captureId === captureId);
  const raw = captured?.data as { periodStart?: string; periodEnd?: string; credited?: boolean; amount: number; credit?: number; purpose: string; tax?: { amount: number } } | undefined;
  if (!raw) return 0;
  // Valued net of tax: the money that paid for the service (tax inside it goes to tax authorities).
  const data = raw.tax ? { ...raw, amount: raw.tax.amount, credit: 0 } : raw;
  if (data.credited) {
    // Money kept as credit is used by later payments: the share of their periods already run was used.
    return before
      .filter((e) => e.type === 'OrderCaptured' && (e.data as { credit?: number }).credit)
      .reduce((sum, e) => {
        const c = e.data as { credit: number; periodStart?: string; periodEnd?: string };
        if (!c.periodStart) return sum + c.credit;
        const [start, end] = [Date.parse(c.periodStart), Date.parse(c.periodEnd!)];
        return sum + c.credit * Math.min(1, Math.max(0, at - start) / (end - start));
      }, 0);
  }
  const money = data.amount + (data.credit ?? 0);
  if (data.purpose === 'balance') {
    // A balance pays for the rest of the covered time known when it was captured — the paid periods, the trial or a
    // grant running then — each share in proportion to what the raise costs over it (the model's shares): what of
    // its shares has run by now is used.
    return usedByCapture(before, at).get(captureId) ?? 0;
  }
  // The period it pays for now: a refund of an earlier one may have moved it back into that one's place.
  const period = paidPeriods(before).find((p) => p.captureId === captureId);
  if (!period) return 0;
  return money * Math.min(1, Math.max(0, at - period.start) / period.length);
}

/** Does this subscription owe something (or hold money in flight, or credit once ended), so that it needs a due item? */
function owes(s: ExistingSubscription, now: string): boolean {
  if (s.removed) return false;
  if (s.charge || Object.values(s.orders).some((o) => o.status === 'open' && o.capturing)) return true;
  if (s.status === 'SUBSCRIPTION_STATUS_CANCEL') return s.credit > 0;
  if (s.status === 'SUBSCRIPTION_STATUS_PAUSE') return s.pause?.reason === 'NON_PAYMENT';
  const covered = coveredUntil(s);
  const billed = s.plan.billingMonths > 0 && s.amount > 0;
  return billed && covered !== undefined && covered <= now && (s.status === 'SUBSCRIPTION_STATUS_ACTIVE' || s.status === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT');
}

/**
 * The books of a history as double entry: every event's postings (billing-core/src/books/postings.ts) and the
 * revenue recognised through `today`. Balances by account kind, and whether every line is whole, non-negative cents.
 */
function ledgerOf(history: readonly EventEnvelope[], today: string) {
  const totals = new Map<string, { debit: number; credit: number }>();
  let state = subscriptionDecider.initialState();
  let whole = true;
  for (const e of history) {
    const before = exists(state) ? state : undefined;
    state = subscriptionDecider.evolve(state, { type: e.type, data: e.data } as never);
    if (!exists(state)) continue;
    const postings = postingsOf(before, state, cashOf(e));
    if (postings.some((p) => !Number.isInteger(p.debit) || !Number.isInteger(p.credit) || p.debit < 0 || p.credit < 0)) whole = false;
    addPostings(totals, postings);
  }
  if (exists(state)) {
    const recognised = recognisedThrough(state.books, today);
    addPostings(totals, [{ account: 'deferred-revenue', debit: recognised, credit: 0 }, { account: `revenue:${state.plan.plan_id}`, debit: 0, credit: recognised }]);
  }
  const balance = (test: (account: string) => boolean) => [...totals].filter(([a]) => test(a)).reduce((n, [, t]) => n + t.debit - t.credit, 0);
  return {
    whole,
    debits: [...totals.values()].reduce((n, t) => n + t.debit, 0),
    credits: [...totals.values()].reduce((n, t) => n + t.credit, 0),
    /** Money PayPal holds for us by the books (clearing and disputed). */
    cash: balance((a) => accountKind(a) === 'asset'),
    /** Revenue kept for time delivered: recognised less given back (credit-positive). */
    delivered: -balance((a) => accountKind(a) === 'income' || accountKind(a) === 'contra-income'),
    deferred: -balance((a) => a === 'deferred-revenue'),
    owedToCustomer: -balance((a) => a === 'customer-credit'),
    /** Tax held for tax authorities: never the seller's money. */
    taxPayable: -balance((a) => a.startsWith('tax-payable:')),
  };
}

/**
 * The customer's side, read from the history alone: every saved-wallet charge was asked for (a renewal of time not
 * cancelled, a retry of a renewal that lapsed, a raise the customer requested), and dunning only follows a renewal
 * that lapsed — never a refund, a cancellation, or a cancellation at the end of the paid time. Returns the first
 * breach, or null.
 */
function chargedUnasked(history: readonly EventEnvelope[]): string | null {
  let status = '';
  let waitCause = '';
  let cancelAt = false;
  let raiseRequested = false;
  for (const e of history) {
    const d = e.data as Record<string, any>;
    switch (e.type) {
      case 'SubscriptionCreated':
        status = d.status;
        break;
      case 'SubscriptionStatusChanged':
        if (d.to === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' && d.cause === 'PAYMENT_TAKEN_BACK') return `${e.occurredAt}: waits for payment after money was taken back`;
        status = d.to;
        if (d.to === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT') waitCause = d.cause ?? '';
        break;
      case 'SubscriptionCancelled':
        status = 'SUBSCRIPTION_STATUS_CANCEL';
        break;
      case 'CancellationScheduled':
        cancelAt = true;
        break;
      case 'CancellationWithdrawn':
        cancelAt = false;
        break;
      case 'SubscriptionChangePending':
        raiseRequested = true;
        break;
      case 'SubscriptionRevised':
      case 'SubscriptionChangeWithdrawn':
      case 'PaidChangeTakenBack':
        raiseRequested = false;
        break;
      case 'SavedWalletChargeStarted': {
        const renewal = (status === 'SUBSCRIPTION_STATUS_ACTIVE' && !cancelAt) || (status === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' && (waitCause === 'PAYMENT_DUE' || waitCause === 'RESUMED'));
        const asked = d.purpose === 'balance' ? raiseRequested && status === 'SUBSCRIPTION_STATUS_ACTIVE' : renewal;
        if (!asked) return `${e.occurredAt}: the saved wallet charged (${d.purpose}) while ${status}${cancelAt ? ', cancelling at the end' : ''} (${waitCause})`;
        break;
      }
      case 'RenewalFailed': {
        const lapsed = (status === 'SUBSCRIPTION_STATUS_ACTIVE' && !cancelAt) || (status === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' && (waitCause === 'PAYMENT_DUE' || waitCause === 'RESUMED'));
        if (!lapsed) return `${e.occurredAt}: dunning while ${status}${cancelAt ? ', cancelling at the end' : ''} (${waitCause})`;
        break;
      }
    }
  }
  return null;
}

/** What a cancellation with a refund at `at` gives back by the model: each capture's unused share, rounded down, within its money left. */
function expectedCancelRefund(before: readonly EventEnvelope[], at: number): { amount: number; captures: number } {
  const unused = unusedByCapture(before, at);
  const state = foldEvents(subscriptionDecider, before);
  if (!exists(state) || state.status === 'SUBSCRIPTION_STATUS_CANCEL') return { amount: 0, captures: 0 };
  let amount = 0;
  let captures = 0;
  for (const c of state.captures) {
    if (c.credited) continue;
    const share = Math.min(Math.floor((unused.get(c.captureId) ?? 0) + 1e-6), c.amount - c.refunded);
    if (share >= 1) {
      amount += share;
      captures++;
    }
  }
  return { amount, captures };
}

/** How often the runs reached each interesting situation: the property is only as strong as what it exercised. */
const reached = new Map<string, number>();
function noteReached(history: readonly EventEnvelope[], refusals: ReadonlySet<string>): void {
  const seen = new Set<string>(refusals);
  let status = '';
  let dunning = false;
  let charging = false;
  let raisedAt = -Infinity;
  let cancelling = false;
  let walletRefunded = false;
  for (const e of history) {
    const d = e.data as Record<string, unknown>;
    if (e.type === 'OrderCaptured') seen.add(d.credited ? 'capture kept as credit' : d.purpose === 'balance' ? 'balance captured' : d.credit ? 'period paid with credit' : 'period captured');
    if (e.type === 'OrderCaptured' && d.purpose === 'balance' && !d.credited) {
      // A raise paid while only granted time ran (no paid period then): the trial's or a grant's.
      const at = Date.parse(d.capturedAt as string);
      const index = history.indexOf(e);
      const inGranted = grantedTimes(history, index).find((g) => g.start <= at && at < g.end);
      if (inGranted && !paidPeriods(history, index).some((p) => p.start <= at && at < p.end)) seen.add(`balance paid in ${inGranted.kind === 'trial' ? 'a trial' : 'complimentary time'}`);
    }
    if (e.type === 'SubscriptionChangePending') {
      const at = Date.parse(e.occurredAt);
      const index = history.indexOf(e);
      if (grantedTimes(history, index).some((g) => g.start <= at && at < g.end) && !paidPeriods(history, index).some((p) => p.start <= at && at < p.end)) seen.add('raise pending in granted time');
    }
    if (e.type === 'SubscriptionRevised') {
      seen.add(`revised (${String(d.reason)})`);
      if (status === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' && dunning) seen.add('revised in Wait payment');
      if (d.reason === 'BALANCE_PAID') raisedAt = Date.parse(e.occurredAt);
    }
    if (e.type === 'SubscriptionChangeScheduled' && Date.parse(e.occurredAt) - raisedAt < 2 * DAY) seen.add('upgrade then downgrade near a period end');
    if (['SubscriptionChangePending', 'SubscriptionChangeScheduled', 'PaymentOrderSuperseded', 'PaymentPending', 'PaymentRejected', 'PaidTimeEnded', 'SubscriptionCancelled', 'ComplimentaryGranted', 'SubscriptionResumed'].includes(e.type)) seen.add(e.type);
    if (e.type === 'PaidTimeEnded' && d.paidThroughAfter && Date.parse(d.paidThroughAfter as string) > Date.parse(d.endedAt as string)) seen.add('one prepaid period refunded');
    if (e.type === 'PaymentRefunded') seen.add(d.reversal ? 'reversal' : 'refund');
    if (['RenewalFailed', 'LicenceRevoked', 'TrialStarted'].includes(e.type)) seen.add(e.type);
    if (e.type === 'SubscriptionPaused') seen.add(d.reason === 'ADMIN' ? 'paused by an administrator' : 'paused for non-payment');
    if (e.type === 'LicenceIssued') seen.add(`licence (${String(d.basis ?? 'PAID')})`);
    if (e.type === 'PaymentOrdered' && String(d.requestId ?? '').startsWith('wallet-')) seen.add('charged to a saved wallet');
    if (e.type === 'SubscriptionStatusChanged') status = String(d.to);
    if (e.type === 'SubscriptionCancelled') {
      status = 'SUBSCRIPTION_STATUS_CANCEL';
      if (charging) seen.add('cancelled while a wallet charge was in flight');
    }
    if (e.type === 'RenewalFailed' && d.timeline) dunning = true;
    if (e.type === 'SavedWalletChargeStarted') charging = true;
    if (e.type === 'PaymentOrdered' && d.requestId) charging = false;
    if (e.type === 'SavedWalletChargeDeclined') charging = false;
    if (e.type === 'PaymentRefunded' && status === 'SUBSCRIPTION_STATUS_CANCEL') seen.add('money returned after cancellation');
    if (e.type === 'SubscriptionCancelled' && (d.refunds as unknown[] | undefined)?.length) seen.add('cancelled now with a refund');
    if (e.type === 'SubscriptionCancelled' && d.cause === 'PAYMENT_TAKEN_BACK') seen.add(cancelling ? 'refunded while cancelling at the end' : 'ended by a refund');
    if (e.type === 'PaidChangeTakenBack') seen.add('raise taken back');
    if (e.type === 'PaymentDisputed' && d.stage === 'CREATED') seen.add('dispute');
    if (e.type === 'SavedWalletChargeStarted' && walletRefunded) seen.add('charged after a refund, by the customer');
    if (e.type === 'CancellationScheduled') cancelling = true;
    if (e.type === 'CancellationWithdrawn') cancelling = false;
    if (e.type === 'PaymentRefunded') walletRefunded = true;
  }
  for (const s of seen) reached.set(s, (reached.get(s) ?? 0) + 1);
}

const SITUATIONS = [
  'period captured', 'capture kept as credit', 'balance captured', 'revised (BALANCE_PAID)', 'revised (SCHEDULED)', 'revised (IMMEDIATE)',
  'SubscriptionChangePending', 'SubscriptionChangeScheduled', 'PaymentOrderSuperseded', 'PaymentPending', 'PaymentRejected', 'PaidTimeEnded',
  'refund', 'reversal', 'SubscriptionCancelled', 'RenewalFailed', 'charged to a saved wallet', 'paused for non-payment', 'LicenceRevoked',
  // The entitlement issue's interleavings.
  'revised in Wait payment', 'upgrade then downgrade near a period end', 'one prepaid period refunded', 'paused by an administrator', 'SubscriptionResumed',
  'ComplimentaryGranted', 'TrialStarted', 'licence (GRACE)', 'licence (TRIAL)', 'licence (COMPLIMENTARY)', 'cancelled while a wallet charge was in flight',
  'money returned after cancellation', 'revision refused: payment in flight', 'checkout refused: payment in flight',
  // The books issue's paths.
  'cancelled now with a refund', 'ended by a refund', 'refunded while cancelling at the end', 'raise taken back', 'dispute',
  // Issue 30: raises during a trial or a complimentary grant.
  'raise pending in granted time', 'balance paid in a trial', 'balance paid in complimentary time',
];

describe('no free lunch, both ways: nothing used beyond what was paid, nothing kept that is owed, nothing charged unasked, and the books balance (property, 2,000 runs)', function () {
  this.timeout(900_000);

  it('holds after every step of random interleavings over a simulated clock, and everything owed has a due item', async () => {
    const runs = Number(process.env.NO_FREE_LUNCH_RUNS ?? 2000);
    // Chosen here rather than by fast-check so that the coverage check below can name it too.
    const seed = process.env.NO_FREE_LUNCH_SEED ? Number(process.env.NO_FREE_LUNCH_SEED) : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 50 }), fc.array(actionArb, { minLength: 1, maxLength: 24 }), fc.boolean(), async (units, drawn, startLive) => {
        // Half the runs start from a paid period, where revisions are pending or scheduled rather than immediate.
        // Of those, the ones with an odd number of units have saved a PayPal account: renewals charge it.
        const start: Action[] = startLive ? [{ kind: 'capture', outcome: 'COMPLETED', late: false }, ...(units % 2 ? [{ kind: 'save-wallet' as const }] : [])] : [];
        const actions: Action[] = [...start, ...drawn];
        // A third of the runs with VAT (a German consumer: 19 % on top), a third outside the scope (a US customer).
        const run = await createRandomHistory(units, { ...(units % 3 === 1 ? { taxCountry: 'DE' } : units % 3 === 2 ? { taxCountry: 'US' } : {}) });
        const { paypal, history, load, clockRuns, refusals } = run;
        let conceded = 0;
        // The VAT that goes back with money given back is rounded to the cent (half-up, in proportion): the net given
        // back may differ from its exact share by half a cent each time taxed money goes back.
        let rounding = 0;
        try {
          for (const action of actions) {
            await run.step(action);
            // Money taken back for time already used is a concession the history cannot revoke.
            const after = await history();
            // Like with like: the money kept is net of the tax it holds for tax authorities.
            for (const t of run.takenBack.splice(0)) {
              const share = netShareOf(t.before, t.captureId);
              const net = t.amount * share;
              conceded += t.concession ? net : Math.min(net, usedValueAtRefund(t.before, t.captureId, t.at));
              if (share < 1) rounding += 0.5;
            }
            // A cancellation's refunds too (checked against the model below): each refund of a taxed capture.
            for (const c of run.cancelRefunds) {
              const cancelledAt = after.findIndex((e, i) => i >= c.before.length && e.type === 'SubscriptionCancelled');
              if (cancelledAt < 0) continue;
              for (const e of after.slice(cancelledAt)) if (e.type === 'PaymentRefunded' && netShareOf(after, (e.data as { captureId: string }).captureId) < 1) rounding += 0.5;
            }
            if (process.env.NO_FREE_LUNCH_DEBUG) for (const e of after) console.log(e.occurredAt, e.type, JSON.stringify(e.data).replace(/"modules":\[[^\]]*\],?/g, '').slice(0, 220));
            const value = entitledValue(after);
            const keptNet = paypal.net() - ledgerOf(after, dayOf(run.nowIso())).taxPayable;
            expect(value, `after ${action.kind}: entitled ${value.toFixed(2)} > kept ${keptNet} (net of tax) + conceded ${conceded.toFixed(2)}`).to.be.at.most(keptNet + conceded + rounding + 1e-6);
            const excess = licenceExcess(after);
            const allowed = allowance(after, POLICY.graceDays);
            expect(excess, `after ${action.kind}: licence files worth ${excess.toFixed(2)} beyond what was paid > allowance ${allowed.toFixed(2)}`).to.be.at.most(allowed + 1e-6);
            const s = await load();
            if (exists(s) && owes(s, run.nowIso())) expect(dueItemsOf(s), `after ${action.kind}: owes something (${s.status}) and has no due item`).to.not.deep.equal([]);
            // The books balance, to the cent, both ways.
            const ledger = ledgerOf(after, dayOf(run.nowIso()));
            expect(ledger.whole, `after ${action.kind}: every posting in whole, non-negative cents`).to.equal(true);
            expect(ledger.debits, `after ${action.kind}: debits = credits`).to.equal(ledger.credits);
            const recorded = new Set(after.filter((e) => e.type === 'OrderCaptured').map((e) => (e.data as { captureId: string }).captureId));
            const keptForRecorded = paypal.completedCaptures().filter((c) => recorded.has(c.id)).reduce((n, c) => n + c.amount - c.refunded, 0);
            expect(ledger.cash, `after ${action.kind}: the books hold what PayPal holds for the captures recorded`).to.equal(keptForRecorded);
            // The customer's money kept is the value of time delivered plus what the books owe them (service or money).
            expect(ledger.cash, `after ${action.kind}: kept ${ledger.cash} = delivered ${ledger.delivered} + deferred ${ledger.deferred} + owed ${ledger.owedToCustomer} + tax ${ledger.taxPayable}`).to.equal(ledger.delivered + ledger.deferred + ledger.owedToCustomer + ledger.taxPayable);
            expect(ledger.taxPayable, 'tax payable is never negative').to.be.at.least(0);
            expect(ledger.deferred, 'deferred revenue is never negative').to.be.at.least(0);
            expect(ledger.owedToCustomer, 'what is owed to the customer is never negative').to.be.at.least(0);
            // Never charged unasked, never chased while owing nothing.
            expect(chargedUnasked(after), `after ${action.kind}`).to.equal(null);
            // A cancellation with a refund gives back each capture's unused share (the model's), rounded down per capture.
            for (const c of run.cancelRefunds.splice(0)) {
              // The history as the cancellation found it (a payment answered late may have been recorded first).
              const cancelledAt = after.findIndex((e, i) => i >= c.before.length && e.type === 'SubscriptionCancelled');
              const expected = expectedCancelRefund(cancelledAt >= 0 ? after.slice(0, cancelledAt) : c.before, c.at);
              // What went back for it: the refunds recorded after the cancellation in the step (PayPal's side is
              // checked by the books against PayPal above; its net also moved with a late answer in the same step).
              const refunded = cancelledAt < 0 ? 0 : after.slice(cancelledAt).filter((e) => e.type === 'PaymentRefunded').reduce((n, e) => n + (e.data as { amount: number }).amount, 0);
              // Rounded down per capture; with tax, each refund's tax share is rounded half-up too: a cent more per capture.
              const taxed = after.some((e) => e.type === 'OrderCaptured' && (e.data as { tax?: { tax: number } }).tax?.tax);
              expect(Math.abs(refunded - expected.amount), `cancel-now at ${new Date(c.at).toISOString()}: refunded ${refunded}, the model's unused ${expected.amount}`).to.be.at.most(expected.captures * (taxed ? 2 : 1));
            }
          }
          await run.settle();
          noteReached(await history(), refusals);
          // Never lose a payment: every capture PayPal completed is recorded, once.
          const recorded = (await history()).filter((e) => e.type === 'OrderCaptured').map((e) => (e.data as { captureId: string }).captureId);
          expect(new Set(recorded).size, 'one record per capture').to.equal(recorded.length);
          const completedAnswered = paypal.completedCaptures().map((c) => c.id);
          // Payments from account credit are ours (CREDIT-n), not PayPal's.
          expect(recorded.filter((id) => !completedAnswered.includes(id) && !id.startsWith('CREDIT-'))).to.deep.equal([]);
          // A wallet charge left in flight (its answer lost) is still PayPal's money: settled by the clock's payment check.
          await clockRuns();
          run.advanceDays(1);
          await clockRuns();
          const settled = (await history()).filter((e) => e.type === 'OrderCaptured').map((e) => (e.data as { captureId: string }).captureId);
          for (const id of completedAnswered) expect(settled, `capture ${id} recorded`).to.include(id);
          // Settled: a cancelled subscription owes nothing and defers nothing (credit and refunds owed went back).
          const end = await load();
          if (exists(end) && end.status === 'SUBSCRIPTION_STATUS_CANCEL') {
            const ledger = ledgerOf(await history(), dayOf(run.nowIso()));
            expect(ledger.owedToCustomer, 'owed to the customer of a cancelled subscription, once the clock ran').to.equal(0);
            expect(ledger.deferred, 'deferred on a cancelled subscription').to.equal(0);
          }
        } finally {
          await run.close();
        }
      }),
      {
        numRuns: runs,
        seed,
        // To replay a failure: NO_FREE_LUNCH_SEED and NO_FREE_LUNCH_PATH from its report.
        ...(process.env.NO_FREE_LUNCH_PATH ? { path: process.env.NO_FREE_LUNCH_PATH, endOnFailure: true } : {}),
        examples: [
          ...(process.env.NO_FREE_LUNCH_EXAMPLE ? [JSON.parse(process.env.NO_FREE_LUNCH_EXAMPLE) as [number, Action[], boolean]] : []),
          // Found by make test (seed 1165533167): a German consumer's $5.95, 9 % of it refunded as goodwill — 53 cents of
          // which 8 are VAT (⌊95 × 53 / 595 + ½⌋), so 45 net where the exact share is 44.54.
          [1, [{ kind: 'partial-refund', which: 0, percent: 9 }], true],
          // Found by make test (seed 1881000440): a German consumer's period and a raise's balance, both refunded by
          // cancel-now 28 days on — each refund's VAT rounded half-up, so the net given back is 0.88 ¢ over its exact share.
          [10, [{ kind: 'capture', outcome: 'COMPLETED', late: false }, { kind: 'revise', units: 11 }, { kind: 'capture', outcome: 'COMPLETED', late: true }, { kind: 'advance', days: 28, declined: false }, { kind: 'cancel-now', refund: true }, { kind: 'capture', outcome: 'COMPLETED', late: false }], true],
          // Found by CI (seed 1872740453): a balance paid in January, reversed at the end of March after two renewals.
          [1, [{ kind: 'revise', units: 4 }, { kind: 'capture', outcome: 'COMPLETED', late: false }, { kind: 'revise', units: 1 }, { kind: 'advance', days: 28 }, { kind: 'advance', days: 31 }, { kind: 'reverse', which: 5 }], true],
          // The entitlement issue's attacks: a revision to 1,000 units in Wait payment, then back and paid.
          [1, [{ kind: 'advance', days: 29 }, { kind: 'revise', units: 1000 }, { kind: 'revise', units: 1 }, { kind: 'capture', outcome: 'COMPLETED', late: false }], true],
          // Up to 1,000 on the last day with a saved wallet, down again, seven days into the next period.
          [1, [{ kind: 'save-wallet' }, { kind: 'up-down', units: 1000 }, { kind: 'advance', days: 7 }], true],
          // A revision, a cancellation and a checkout while the renewal charge is in flight.
          [1, [{ kind: 'save-wallet' }, { kind: 'race', days: 30, with: 'revise', units: 4 }, { kind: 'answer' }, { kind: 'advance', days: 1 }], true],
          [1, [{ kind: 'save-wallet' }, { kind: 'race', days: 30, with: 'cancel', units: 1 }, { kind: 'answer' }, { kind: 'advance', days: 1 }], true],
          [1, [{ kind: 'save-wallet' }, { kind: 'race', days: 30, with: 'checkout', units: 1 }, { kind: 'answer' }, { kind: 'advance', days: 1 }], true],
          // Three periods paid ahead, the second refunded.
          [1, [{ kind: 'capture', outcome: 'COMPLETED', late: false }, { kind: 'capture', outcome: 'COMPLETED', late: false }, { kind: 'refund', which: 1 }], true],
          // Found by CI (seed 1604291849): the next period paid ahead, 20 units' balance paid the day before it starts,
          // the first period reversed (the next one moves into its place), then the balance reversed. The model had moved
          // the 20 units' raise back to the first period's start, before it was paid: a raise counts from its payment on.
          [1, [{ kind: 'capture', outcome: 'COMPLETED', late: true }, { kind: 'up-down', units: 20 }, { kind: 'reverse', which: 0 }, { kind: 'reverse', which: 2 }, { kind: 'capture', outcome: 'COMPLETED', late: false }], true],
          // Found by the same run of make test (seed 1006281437): the first of two prepaid periods refunded at once (the
          // second moves into its place), 20 units' balance paid for its last day, then refunded the next day. The model
          // had valued the balance over the second period's original end: a thirty-second of it used instead of all.
          [1, [{ kind: 'prepay-refund', which: 0 }, { kind: 'up-down', units: 20 }, { kind: 'advance', days: 1, declined: false }, { kind: 'refund', which: 5 }], false],
          // Found while building the books (issue 30): two raises, the first refunded (the second's unused money
          // becomes credit), then cancelled without a refund: the credit goes back. And the second raise's capture
          // reversed after its credit paid for a third raise.
          [1, [{ kind: 'raise', units: 2 }, { kind: 'raise', units: 3 }, { kind: 'refund', which: 1 }, { kind: 'cancel-now', refund: false }], true],
          [1, [{ kind: 'raise', units: 2 }, { kind: 'raise', units: 3 }, { kind: 'dispute', which: 1, lost: true }, { kind: 'revise', units: 2 }, { kind: 'reverse', which: 2 }], true],
          // A renewal charged late while the customer acts, then cancelled now with a refund.
          [1, [{ kind: 'race', days: 28, with: 'revise', units: 1 }, { kind: 'race', days: 35, with: 'revise', units: 1 }, { kind: 'cancel-now', refund: true }], true],
          // A raise asked during the trial, complimentary time granted after it, then its balance paid: prorated when
          // paid, over the time covered then (the grant included).
          [1, [{ kind: 'granted-raise', via: 'trial', days: 1, units: 2, pay: false }, { kind: 'complimentary', days: 7 }, { kind: 'capture', outcome: 'COMPLETED', late: false }], false],
          [1, [{ kind: 'granted-raise', via: 'trial', days: 1, units: 58, pay: false }, { kind: 'granted-raise', via: 'complimentary', days: 8, units: 58, pay: true }, { kind: 'answer' }], false],
        ],
      },
    );
    if (process.env.NO_FREE_LUNCH_STATS) console.log(Object.fromEntries([...reached].sort()));
    // Each situation the rules distinguish was reached by enough runs: at least 1 % of them (20 of 2,000).
    // (A replayed path is one run: nothing to count.)
    const counted = process.env.NO_FREE_LUNCH_PATH ? 0 : runs;
    for (const situation of SITUATIONS) expect(reached.get(situation) ?? 0, `${situation} (seed ${seed})`).to.be.at.least(Math.floor(counted / 100));
  });
});
