import { expect } from 'chai';
import fc from 'fast-check';
import type { EventEnvelope } from '@relaycast/contracts';
import { addDays, dayOf } from '@relaycast/billing-core';
import { createRandomHistory, financeActionArb, type Action } from '../../../../billing-core/test/random-history.js';
import { financeOverview } from './queries.js';
import { trialBalance } from './ledger.js';
import { projectFinance } from './test-support.js';

/**
 * Tax is never revenue (issue 35; Stripe's MRR and revenue recognition exclude it): the same customer doing the same
 * things — once billed without tax (a customer in the US), once as a consumer in Germany (VAT 19 % on top of every
 * price) — has the same MRR, the same revenue recognised and the same revenue deferred at every cut. In the German
 * run the books hold the VAT as tax payable, which the overview reports: what was captured, less what went back, is
 * the revenue, what is deferred, the customer's credit and the tax payable.
 *
 * Like with like: the actions are the same, their money not (a refund of a capture gives back its gross, VAT
 * included; a partial refund is a share of the gross, whose tax part is rounded half-up — so its net may differ from
 * the untaxed run's by a cent, once per partial refund).
 */

const usd = (m: Record<string, number>) => m.USD ?? 0;
const endOf = (day: string) => `${day}T23:59:59.999Z`;

async function historyOf(units: number, actions: readonly Action[], taxCountry?: string): Promise<EventEnvelope[]> {
  const run = await createRandomHistory(units, taxCountry ? { taxCountry } : {});
  try {
    for (const action of actions) await run.step(action);
    await run.settle();
    run.advanceDays(1);
    await run.clockRuns();
    return (await run.history()).filter((e) => e.type !== 'SetBillingPolicy');
  } finally {
    await run.close();
  }
}

/** Money in the events to the end of a day: captured (cash) and given back. */
function cashUpTo(events: readonly EventEnvelope[], day: string) {
  let captured = 0;
  let refunded = 0;
  for (const e of events) {
    if (e.occurredAt > endOf(day)) continue;
    if (e.type === 'OrderCaptured') captured += (e.data as { amount: number }).amount;
    if (e.type === 'PaymentRefunded') refunded += (e.data as { amount: number }).amount;
  }
  return { captured, refunded };
}

describe('finance with and without VAT (property)', function () {
  this.timeout(600_000);

  it('MRR, revenue recognised and deferred are the same with and without VAT; the VAT is tax payable', async () => {
    const runs = Number(process.env.FINANCE_TAX_PROPERTY_RUNS ?? 40);
    let taxed = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 50 }), fc.array(financeActionArb, { minLength: 1, maxLength: 16 }), fc.boolean(), async (units, drawn, startLive) => {
        const actions: Action[] = [...(startLive ? [{ kind: 'capture' as const, outcome: 'COMPLETED' as const, late: false }] : []), ...drawn];
        const [plain, german] = await Promise.all([historyOf(units, actions), historyOf(units, actions, 'DE')]);
        const partialRefunds = german.filter((e) => e.type === 'PaymentRefunded').length;
        const [rmPlain, rmGerman] = await Promise.all([projectFinance(plain), projectFinance(german)]);
        const first = dayOf(german[0]!.occurredAt);
        const last = dayOf(german[german.length - 1]!.occurredAt);
        const cuts = new Set<string>([...german.map((e) => dayOf(e.occurredAt)), ...plain.map((e) => dayOf(e.occurredAt)), addDays(last, 15), addDays(last, 400)]);
        for (let d = first; d <= addDays(last, 40); d = addDays(d, 1)) if (addDays(d, 1).endsWith('-01')) cuts.add(d);
        for (const day of [...cuts].sort()) {
          const [a, b] = await Promise.all([financeOverview(rmPlain, { asOf: day, book: 'real' }), financeOverview(rmGerman, { asOf: day, book: 'real' })]);
          expect(b.mrr, `MRR at ${day}`).to.deep.equal(a.mrr);
          expect(b.series.map((p) => [p.day, p.mrr]), `MRR series to ${day}`).to.deep.equal(a.series.map((p) => [p.day, p.mrr]));
          expect(usd(a.taxPayable), `no tax without VAT at ${day}`).to.equal(0);
          const recognisedA = a.months.reduce((n, m) => n + usd(m.recognised), 0);
          const recognisedB = b.months.reduce((n, m) => n + usd(m.recognised), 0);
          const deferredA = usd(a.months[a.months.length - 1]?.deferred ?? {});
          const deferredB = usd(b.months[b.months.length - 1]?.deferred ?? {});
          // The same to the cent but for partial refunds' rounding (a cent each, at most).
          expect(Math.abs(recognisedB - recognisedA), `recognised at ${day}: ${recognisedA} without VAT, ${recognisedB} with`).to.be.at.most(partialRefunds);
          expect(Math.abs(deferredB - deferredA), `deferred at ${day}: ${deferredA} without VAT, ${deferredB} with`).to.be.at.most(partialRefunds);
          // The German run's money: kept cash = revenue + deferred + credit + tax payable; the books say the same tax.
          const { captured, refunded } = cashUpTo(german, day);
          expect(captured - refunded, `cash kept at ${day}`).to.equal(recognisedB + deferredB + usd(b.creditLiability) + usd(b.taxPayable));
          const tb = await trialBalance(rmGerman, { asOf: day, book: 'real', currency: 'USD' });
          const taxAccounts = tb.accounts.filter((x) => x.account.startsWith('tax-payable:'));
          expect(-taxAccounts.reduce((n, x) => n + x.balance, 0), `tax payable at ${day} (books)`).to.equal(usd(b.taxPayable));
          expect(taxAccounts.every((x) => x.account === 'tax-payable:DE:0.19'), `tax payable to Germany at 19 % only: ${taxAccounts.map((x) => x.account).join(', ')}`).to.equal(true);
          expect(tb.balanced, `trial balance at ${day}`).to.equal(true);
        }
        if (german.some((e) => e.type === 'OrderCaptured')) taxed++;
      }),
      {
        numRuns: runs,
        ...(process.env.FINANCE_TAX_PROPERTY_SEED ? { seed: Number(process.env.FINANCE_TAX_PROPERTY_SEED) } : {}),
        ...(process.env.FINANCE_TAX_PROPERTY_PATH ? { path: process.env.FINANCE_TAX_PROPERTY_PATH, endOnFailure: true } : {}),
      },
    );
    // The property said something: most runs billed VAT.
    expect(taxed, 'runs with a payment').to.be.greaterThan(runs / 4);
  });
});
