import { expect } from 'chai';
import { AppError, type EventEnvelope, type OrderTax } from '@relaycast/contracts';
import { subscriptionDecider } from '../subscription/index.js';
import { amountToPay } from './index.js';
import { cr, dr, entriesOf } from '../../test/book-entries.js';
import { MAR_1, taxCustomer } from '../../test/tax-world.js';

/**
 * PayPal's payer country as evidence of where the customer is (docs/tax.md, "The payer's country"), worked by hand:
 * the seller in Estonia, the unlimited plan at $79.00 a month (net).
 *
 * - No country known (a purchase through the API): no VAT is added, $79.00 is asked. PayPal then shows a German
 *   payer: the German VAT is carved out of the $79.00 paid — the seller bears it. 7900 × 19 / 119 = 1261.34 → $12.61
 *   VAT, net 7900 − 1261 = $66.39; the books hold $66.39 as revenue to come and $12.61 payable to Germany.
 * - A billing country (Germany) and a payer country (France) that disagree: nothing is captured until the customer
 *   says which is right — confirms Germany ($94.01 with German VAT, the conflict kept as evidence), or changes the
 *   billing details to France, which prices a new order: 7900 × 0.2 = 1580 → $94.80.
 */

/** The customer before the purchase, paid for in each case's own way. */
const world = (billing: { country: string; vatNumber?: string } | null) => taxCustomer(billing);

type Captured = { amount: number; tax: OrderTax };
const capturedOf = (history: readonly EventEnvelope[]) => history.filter((e) => e.type === 'OrderCaptured').map((e) => e.data as Captured);


async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the PayPal payer’s country as tax evidence (payments/payer-country.spec.ts)', () => {
  describe('a purchase through the API with no country known', () => {
    it('a German payer: $79.00 asked (no VAT added), then the VAT carved out of it at the capture — $12.61 payable to Germany, $66.39 net; the seller bears it', async () => {
      const w = await world(null);
      try {
        const order = await w.order();
        expect(order.amount).to.equal(7900);
        w.paypal.approve(order.paypalOrderID, 'DE');
        expect((await w.capture(order.paypalOrderID)).outcome).to.equal('captured');
        const [captured] = capturedOf(await w.history());
        expect(captured!.amount).to.equal(7900);
        expect([captured!.tax.amount, captured!.tax.tax, captured!.tax.total, captured!.tax.included]).to.deep.equal([6639, 1261, 7900, true]);
        expect(captured!.tax.taxLines).to.deep.equal([{ kind: 'vat', country: 'DE', rate: '0.19', amount: 1261 }]);
        expect(captured!.tax.decision).to.deep.include({ kind: 'vat', country: 'DE', rate: '0.19', customerType: 'consumer' });
        expect(captured!.tax.decision.evidence).to.deep.include({ payerCountry: 'DE', country: 'DE', countrySource: 'payer', sellerCountry: 'EE' });
        expect(captured!.tax.decision.evidence).to.not.have.property('billingCountry');
        // The books: the cash is $79.00, of which $12.61 is Germany's and $66.39 revenue to come.
        expect(entriesOf(await w.history())).to.deep.equal([{ type: 'OrderCaptured', postings: [dr('paypal-clearing', 7900), cr('deferred-revenue', 6639), cr('tax-payable:DE:0.19', 1261)] }]);
        // The period was paid for at its catalogue price ($79.00): an upgrade's balance is priced against that, not
        // against the net the seller kept.
        expect((await w.state()).paid.map((p) => p.amount)).to.deep.equal([7900]);
      } finally {
        await w.close();
      }
    });

    it('a US payer: outside the scope of EU VAT — nothing carved out, the payer country kept as evidence', async () => {
      const w = await world(null);
      try {
        const order = await w.order();
        w.paypal.approve(order.paypalOrderID, 'US');
        await w.capture(order.paypalOrderID);
        const [captured] = capturedOf(await w.history());
        expect([captured!.amount, captured!.tax.amount, captured!.tax.tax, captured!.tax.total]).to.deep.equal([7900, 7900, 0, 7900]);
        expect(captured!.tax.taxLines).to.deep.equal([{ kind: 'outside-scope', country: 'US', rate: '0', amount: 0 }]);
        expect(captured!.tax.decision.evidence).to.deep.include({ payerCountry: 'US', countrySource: 'payer' });
        expect(entriesOf(await w.history())).to.deep.equal([{ type: 'OrderCaptured', postings: [dr('paypal-clearing', 7900), cr('deferred-revenue', 7900)] }]);
      } finally {
        await w.close();
      }
    });

    it('PayPal gives no country: the order’s decision as it was (no VAT, the notice that no country was known)', async () => {
      const w = await world(null);
      try {
        const order = await w.order();
        w.paypal.approve(order.paypalOrderID);
        await w.capture(order.paypalOrderID);
        const [captured] = capturedOf(await w.history());
        expect([captured!.tax.tax, captured!.tax.total, captured!.tax.decision.kind]).to.deep.equal([0, 7900, 'none']);
        expect(captured!.tax.decision.notices).to.deep.equal(['noCountry']);
      } finally {
        await w.close();
      }
    });
  });

  describe('a billing country', () => {
    it('the payer in the same country: the order’s VAT ($15.01 on $79.00), the payer country added to the evidence', async () => {
      const w = await world({ country: 'DE' });
      try {
        const order = await w.order();
        w.paypal.approve(order.paypalOrderID, 'DE');
        await w.capture(order.paypalOrderID);
        const [captured] = capturedOf(await w.history());
        expect([captured!.amount, captured!.tax.amount, captured!.tax.tax, captured!.tax.total]).to.deep.equal([9401, 7900, 1501, 9401]);
        expect(captured!.tax.decision.evidence).to.deep.include({ billingCountry: 'DE', payerCountry: 'DE', countrySource: 'billing' });
        expect(captured!.tax.decision.notices).to.deep.equal([]);
      } finally {
        await w.close();
      }
    });

    it('a French payer for a German billing country: refused before PayPal is asked (409 TAX_COUNTRY_CONFLICT naming both); confirming Germany captures $94.01 with the conflict on record', async () => {
      const w = await world({ country: 'DE' });
      try {
        const order = await w.order();
        w.paypal.approve(order.paypalOrderID, 'FR');
        const conflict = await refusal(() => w.capture(order.paypalOrderID));
        expect(conflict.code).to.equal('TAX_COUNTRY_CONFLICT');
        expect(conflict.details).to.deep.equal({ billingCountry: 'DE', payerCountry: 'FR' });
        // Nothing moved, and no capture was even started.
        expect(w.paypal.orders.get(order.paypalOrderID)!.status).to.equal('APPROVED');
        expect((await w.history()).map((e) => e.type)).to.not.include('PaymentCaptureStarted');
        // Confirming the payer's country instead is not how to change it: the billing details are.
        const wrong = await refusal(() => w.capture(order.paypalOrderID, 'FR'));
        expect(wrong.code).to.equal('VALIDATION_FAILED');
        expect((wrong.details as { field: string }[]).map((p) => p.field)).to.deep.equal(['confirmCountry']);

        expect((await w.capture(order.paypalOrderID, 'DE')).outcome).to.equal('captured');
        const [captured] = capturedOf(await w.history());
        expect([captured!.amount, captured!.tax.tax, captured!.tax.total]).to.deep.equal([9401, 1501, 9401]);
        expect(captured!.tax.taxLines).to.deep.equal([{ kind: 'vat', country: 'DE', rate: '0.19', amount: 1501 }]);
        expect(captured!.tax.decision.evidence).to.deep.include({ billingCountry: 'DE', payerCountry: 'FR', countryConfirmed: true, country: 'DE', countrySource: 'billing' });
        expect(captured!.tax.decision.notices).to.deep.equal(['countryConflict']);
      } finally {
        await w.close();
      }
    });

    it('…or the customer says France: the billing details change, the approved order is closed unpaid and a new one asks $79.00 + 20 % = $94.80', async () => {
      const w = await world({ country: 'DE' });
      try {
        const first = await w.order();
        w.paypal.approve(first.paypalOrderID, 'FR');
        expect((await refusal(() => w.capture(first.paypalOrderID))).code).to.equal('TAX_COUNTRY_CONFLICT');
        await w.setBilling({ country: 'FR' });
        // What paying now asks, before the new order: the French VAT.
        expect(await amountToPay(w.deps, await w.state(), MAR_1)).to.deep.include({ purpose: 'period', amount: 7900, tax: 1580, total: 9480, toPay: 9480 });
        // The order priced at the German VAT is never captured: a new one at the French VAT replaces it.
        const second = await w.order();
        expect(second.paypalOrderID).to.not.equal(first.paypalOrderID);
        expect(second.amount).to.equal(9480);
        const superseded = (await w.history()).find((e) => e.type === 'PaymentOrderSuperseded')!.data;
        expect(superseded).to.deep.equal({ paypalOrderID: first.paypalOrderID, reason: 'TAX_CHANGED' });
        w.paypal.approve(second.paypalOrderID, 'FR');
        await w.capture(second.paypalOrderID);
        const [captured] = capturedOf(await w.history());
        expect([captured!.amount, captured!.tax.tax]).to.deep.equal([9480, 1580]);
        expect(captured!.tax.decision.evidence).to.deep.include({ billingCountry: 'FR', payerCountry: 'FR' });
        expect(w.paypal.orders.get(first.paypalOrderID)!.capture).to.equal(null);
      } finally {
        await w.close();
      }
    });

    it('billing details changed after the order was approved: its capture is refused (409) and the order closed, nothing charged at the old tax', async () => {
      const w = await world({ country: 'DE' });
      try {
        const order = await w.order();
        w.paypal.approve(order.paypalOrderID, 'DE');
        await w.setBilling({ country: 'FR' });
        const stale = await refusal(() => w.capture(order.paypalOrderID));
        expect(stale.code).to.equal('CONFLICT');
        expect(w.paypal.orders.get(order.paypalOrderID)!.capture).to.equal(null);
        expect((await w.state()).orders[order.paypalOrderID]!.status).to.equal('superseded');
      } finally {
        await w.close();
      }
    });
  });

  it('the decider takes no other tax for a capture than the order’s money: a forged one is refused (VALIDATION_FAILED on tax)', async () => {
    const w = await world(null);
    try {
      const order = await w.order();
      const ordered = (await w.state()).orders[order.paypalOrderID]!.tax!;
      // "VAT added" on top of a capture of $79.00 that added none: another total.
      const forged: OrderTax = { ...ordered, amount: 7900, tax: 1501, total: 9401, taxLines: [{ kind: 'vat', country: 'DE', rate: '0.19', amount: 1501 }] };
      const error = await refusal(() =>
        w.deps.execute(subscriptionDecider, 'sub-1', {
          type: 'CaptureOrder',
          data: { paypalOrderID: order.paypalOrderID, paypalSubscriptionID: order.paypalSubscriptionID, captureId: 'C-1', quantity: 1, amount: 7900, currency: 'USD', providerStatus: 'COMPLETED', licenceKey: 'KEY-TAX-1', tax: forged },
          metadata: w.meta(),
        }),
      );
      expect(error.code).to.equal('VALIDATION_FAILED');
      expect((error.details as { field: string }[]).map((p) => p.field)).to.deep.equal(['tax']);
    } finally {
      await w.close();
    }
  });
});
