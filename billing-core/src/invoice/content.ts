import {
  formatCents,
  type BillingDetails,
  type Configuration,
  type DocumentBook,
  type EventMetadata,
  type InvoiceCustomer,
  type InvoiceLine,
  type OrderCaptured,
  type PaymentRefunded,
  type SellerDetails,
} from '@relaycast/contracts';
import type { ExistingSubscription } from '../subscription/index.js';
import type { InvoiceDraft, CreditNoteDraft } from './book.js';

/** The plan as an invoice line names it (English: the PDF and the CSV; the web app words `planId` itself). */
const PLAN_NAMES: Record<string, string> = { constructor: 'Builder licence', unlimited: 'Self-hosted unlimited licence' };
const PERIOD_NAMES: Record<string, string> = { monthly: 'monthly', annual: 'annual', free: 'free' };

/** Real money, or demo payments (the capture's own mark: whoever issues the invoice, and wherever). */
export const bookOf = (metadata: Pick<EventMetadata, 'demo'>): DocumentBook => (metadata.demo === true ? 'demo' : 'real');

/** The customer an invoice is made out to now: their billing details, else the account's name alone. */
export function invoiceCustomer(userId: string, account: { givenName: string; familyName: string } | null, details: BillingDetails | undefined): InvoiceCustomer {
  if (details) return { userId, ...details };
  return { userId, name: account ? `${account.givenName} ${account.familyName}`.trim() : '' };
}

const day = (iso: string) => iso.slice(0, 10);

function planText(sub: ExistingSubscription, configuration: Configuration): string {
  const plan = `${PLAN_NAMES[sub.plan.plan_id] ?? sub.plan.plan_id}${sub.plan.period ? ` (${PERIOD_NAMES[sub.plan.period] ?? sub.plan.period})` : ''}`;
  const modules = configuration.modules.filter((m) => m.limit > 0).map((m) => `${m.labels.en}: ${m.limit}`);
  const units = `${configuration.quantity} unit${configuration.quantity === 1 ? '' : 's'}`;
  return sub.plan.plan_id === 'constructor' ? `${plan}, ${units}${modules.length ? ` (${modules.join(', ')})` : ''}` : plan;
}

function configurationFacts(sub: ExistingSubscription, configuration: Configuration): Pick<InvoiceLine, 'planId' | 'planPeriod' | 'quantity' | 'modules'> {
  return {
    planId: sub.plan.plan_id,
    ...(sub.plan.period ? { planPeriod: sub.plan.period } : {}),
    quantity: configuration.quantity,
    modules: configuration.modules.filter((m) => m.limit > 0).map((m) => ({ name: m.name, limit: m.limit, labels: m.labels })),
  };
}

/**
 * What the capture paid for, as lines adding up to the money captured: a service period of the configuration the
 * order recorded, or the balance of a change of plan, less the account credit used with it (invoiced when it came
 * in); or, for money captured for an order no longer current, account credit.
 */
export function invoiceLines(capture: OrderCaptured, sub: ExistingSubscription): InvoiceLine[] {
  if (capture.credited) {
    return [{ kind: 'credit', description: `Account credit: payment for order ${capture.paypalOrderID}, which was no longer current when captured; used towards later payments of "${sub.name}"`, amount: capture.amount }];
  }
  const configuration = capture.configuration ?? { modules: sub.modules, quantity: sub.quantity, amount: sub.amount };
  const credit = capture.credit ?? 0;
  const gross = capture.amount + credit;
  const facts = configurationFacts(sub, configuration);
  const main: InvoiceLine =
    capture.purpose === 'period' && capture.periodStart && capture.periodEnd
      ? { kind: 'period', description: `${planText(sub, configuration)} — service period ${day(capture.periodStart)} to ${day(capture.periodEnd)}`, amount: gross, ...facts, periodStart: capture.periodStart, periodEnd: capture.periodEnd }
      : { kind: 'balance', description: `${planText(sub, configuration)} — balance after a change of plan, for the paid time still running from ${day(capture.capturedAt)}`, amount: gross, ...facts };
  if (credit === 0) return [main];
  return [main, { kind: 'creditApplied', description: `Account credit used (${formatCents(credit, capture.currency)} received earlier)`, amount: -credit }];
}

/** An invoice for a capture of money, but for its number and date; null when nothing was paid (credit alone). */
export function invoiceDraft(input: {
  capture: { data: OrderCaptured; metadata: Pick<EventMetadata, 'demo'> };
  subscription: ExistingSubscription;
  customer: InvoiceCustomer;
  seller: SellerDetails;
}): InvoiceDraft | null {
  const { data } = input.capture;
  if (data.amount < 1) return null;
  return {
    book: bookOf(input.capture.metadata),
    paidAt: data.capturedAt,
    captureId: data.captureId,
    paypalOrderID: data.paypalOrderID,
    subscriptionId: input.subscription.id,
    userId: input.subscription.user_id,
    subscriptionName: input.subscription.name.slice(0, 200),
    currency: data.currency,
    total: data.amount,
    lines: invoiceLines(data, input.subscription),
    seller: input.seller,
    customer: input.customer,
  };
}

/** A credit note for a refund or reversal, referring to the invoice of its capture (same book, same parties). */
export function creditNoteDraft(refund: PaymentRefunded, invoice: { number: string; book: DocumentBook; subscriptionId: string; userId: string; customer: InvoiceCustomer }, seller: SellerDetails): CreditNoteDraft {
  return {
    book: invoice.book,
    invoiceNumber: invoice.number,
    reason: refund.reversal ? 'REVERSAL' : 'REFUND',
    refundedAt: refund.refundedAt,
    captureId: refund.captureId,
    refundId: refund.refundId,
    subscriptionId: invoice.subscriptionId,
    userId: invoice.userId,
    currency: refund.currency,
    amount: refund.amount,
    seller,
    customer: invoice.customer,
  };
}
