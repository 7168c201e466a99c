import { expect } from 'chai';
import { foldEvents } from '../handler.js';
import { subscriptionDecider, type ExistingSubscription } from '../subscription/index.js';
import { taxWorld } from '../../test/tax-world.js';
import { refundCapture } from './index.js';
import { cr, dr, entriesOf } from '../../test/book-entries.js';

/**
 * Taxes through the payment workflows (docs/tax.md), worked by hand: the seller in Estonia, the unlimited plan at
 * $79.00 a month (catalogue prices are net). A German consumer pays 19 % VAT: ⌊7900 × 0.19 + ½⌋ = 1501, $94.01 in
 * all — what PayPal is asked for, with its breakdown; the books hold $79.00 as revenue to come and $15.01 as tax
 * payable to Germany. A German business with a valid VAT number is reverse-charged ($79.00); a US customer pays no
 * EU VAT. A full refund gives back the $94.01 and the tax with it.
 */

const world = (billing: { country: string; vatNumber?: string } | null) => taxWorld(billing);


describe('taxes through the payment workflows (payments/tax.spec.ts)', () => {
  it('a German consumer: $79.00 + 19 % VAT $15.01 = $94.01 asked of PayPal, with its breakdown; the books hold the VAT as payable to Germany', async () => {
    const w = await world({ country: 'DE' });
    try {
      expect(w.order.amount).to.equal(9401);
      const captured = (await w.history()).find((e) => e.type === 'OrderCaptured')!.data as { amount: number; tax: { amount: number; tax: number; total: number; taxLines: unknown[] } };
      expect([captured.amount, captured.tax.amount, captured.tax.tax, captured.tax.total]).to.deep.equal([9401, 7900, 1501, 9401]);
      expect(captured.tax.taxLines).to.deep.equal([{ kind: 'vat', country: 'DE', rate: '0.19', amount: 1501 }]);
      expect(entriesOf(await w.history())).to.deep.equal([{ type: 'OrderCaptured', postings: [dr('paypal-clearing', 9401), cr('deferred-revenue', 7900), cr('tax-payable:DE:0.19', 1501)] }]);
      // A full refund gives the gross back, and the VAT with it.
      const sub = foldEvents(subscriptionDecider, await w.history()) as ExistingSubscription;
      await refundCapture(w.deps, { subscriptionId: 'sub-1', captureId: sub.captures[0]!.captureId }, w.meta('ROLE_ADMIN'));
      const refund = entriesOf(await w.history()).find((e) => e.type === 'PaymentRefunded')!;
      expect(refund.postings).to.deep.equal([cr('paypal-clearing', 9401), dr('deferred-revenue', 7900), dr('tax-payable:DE:0.19', 1501)]);
    } finally {
      await w.close();
    }
  });

  it('a partial refund gives back its share of the VAT, once: $9.40 of $94.01 takes ⌊1501 × 940 / 9401 + ½⌋ = $1.50 of tax, then the rest the remainder', async () => {
    const w = await world({ country: 'DE' });
    try {
      const sub = foldEvents(subscriptionDecider, await w.history()) as ExistingSubscription;
      const captureId = sub.captures[0]!.captureId;
      await refundCapture(w.deps, { subscriptionId: 'sub-1', captureId, amount: 940 }, w.meta('ROLE_ADMIN'));
      const first = entriesOf(await w.history()).filter((e) => e.type === 'PaymentRefunded');
      expect(first.map((e) => e.postings)).to.deep.equal([[cr('paypal-clearing', 940), dr('deferred-revenue', 790), dr('tax-payable:DE:0.19', 150)]]);
      // The rest, $84.61: the tax left, 1501 − 150 = 1351, and the net left, 7900 − 790 = 7110.
      await refundCapture(w.deps, { subscriptionId: 'sub-1', captureId }, w.meta('ROLE_ADMIN'));
      const both = entriesOf(await w.history()).filter((e) => e.type === 'PaymentRefunded');
      expect(both[1]!.postings).to.deep.equal([cr('paypal-clearing', 8461), dr('deferred-revenue', 7110), dr('tax-payable:DE:0.19', 1351)]);
    } finally {
      await w.close();
    }
  });

  it('a German business with a valid VAT number: reverse charge, $79.00, no VAT payable', async () => {
    const w = await world({ country: 'DE', vatNumber: 'DE136695976' });
    try {
      expect(w.order.amount).to.equal(7900);
      const captured = (await w.history()).find((e) => e.type === 'OrderCaptured')!.data as { tax: { taxLines: unknown[]; decision: { kind: string; customerVatNumber?: string; sellerVatNumber?: string } } };
      expect(captured.tax.taxLines).to.deep.equal([{ kind: 'reverse-charge', country: 'DE', rate: '0', amount: 0 }]);
      expect(captured.tax.decision).to.deep.include({ kind: 'reverse-charge', customerVatNumber: 'DE136695976', sellerVatNumber: 'EE100931558' });
      expect(entriesOf(await w.history())).to.deep.equal([{ type: 'OrderCaptured', postings: [dr('paypal-clearing', 7900), cr('deferred-revenue', 7900)] }]);
    } finally {
      await w.close();
    }
  });

  it('a consumer in the seller’s country pays Estonia’s 24 %: $79.00 + $18.96', async () => {
    const w = await world({ country: 'EE' });
    try {
      expect(w.order.amount).to.equal(7900 + 1896);
    } finally {
      await w.close();
    }
  });

  it('a US customer: outside the scope of EU VAT, $79.00; no country known at all: no VAT added', async () => {
    for (const billing of [{ country: 'US' }, null]) {
      const w = await world(billing);
      try {
        expect(w.order.amount, JSON.stringify(billing)).to.equal(7900);
      } finally {
        await w.close();
      }
    }
  });
});
