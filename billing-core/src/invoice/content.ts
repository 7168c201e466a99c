import {
  formatCents,
  type BillingDetails,
  type Configuration,
  type DocumentBook,
  type EventMetadata,
  type CreditNoteTax,
  type DocumentVatInEuros,
  type InvoiceCustomer,
  type InvoiceLine,
  type InvoiceTax,
  type TaxLine,
  type OrderCaptured,
  type PaymentRefunded,
  type SellerDetails,
} from '@relaycast/contracts';
import type { ExistingSubscription } from '../subscription/index.js';
import type { InvoiceDraft, CreditNoteDraft } from './book.js';
import { vatInEurosForDocument } from '../tax/ecb.js';

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

/** The tax a capture's invoice states: from the payment's own tax, unless none was decided (no country, tax off). */
const taxOfCapture = (capture: OrderCaptured) => (!capture.credited && capture.tax && capture.tax.decision.kind !== 'none' ? capture.tax : undefined);

/**
 * What the capture paid for, as lines: a service period of the configuration the order recorded, or the balance of a
 * change of plan — before tax when the payment carried one — less the account credit used with it (invoiced when it
 * came in); or, for money captured for an order no longer current, account credit (its tax is charged when it pays for
 * a service). The lines add up to the money captured, less the tax when there is one.
 */
export function invoiceLines(capture: OrderCaptured, sub: ExistingSubscription): InvoiceLine[] {
  if (capture.credited) {
    return [{ kind: 'credit', description: `Account credit: payment for order ${capture.paypalOrderID}, which was no longer current when captured; used towards later payments of "${sub.name}"`, amount: capture.amount }];
  }
  const configuration = capture.configuration ?? { modules: sub.modules, quantity: sub.quantity, amount: sub.amount };
  const credit = capture.credit ?? 0;
  const tax = taxOfCapture(capture);
  const gross = tax ? tax.amount : capture.amount + credit;
  const facts = configurationFacts(sub, configuration);
  const main: InvoiceLine =
    capture.purpose === 'period' && capture.periodStart && capture.periodEnd
      ? { kind: 'period', description: `${planText(sub, configuration)} — service period ${day(capture.periodStart)} to ${day(capture.periodEnd)}`, amount: gross, ...facts, periodStart: capture.periodStart, periodEnd: capture.periodEnd }
      : { kind: 'balance', description: `${planText(sub, configuration)} — balance after a change of plan, for the paid time still running from ${day(capture.capturedAt)}`, amount: gross, ...facts };
  if (credit === 0) return [main];
  return [main, { kind: 'creditApplied', description: `Account credit used (${formatCents(credit, capture.currency)} received earlier)`, amount: -credit }];
}

/**
 * The VAT of a document in euros at the ECB rate of its day (docs/tax.md): none for a document in euros or without
 * VAT; at the latest rate held, said `stale`, when the rates were not updated to that day.
 */
export function vatInEurosOf(tax: number, currency: string, at: string): DocumentVatInEuros | undefined {
  if (tax === 0 || currency === 'EUR') return undefined;
  const euro = vatInEurosForDocument(tax, currency, at);
  return euro ? { rate: euro.rate, published: euro.published, tax: euro.euroCents, stale: euro.stale } : undefined;
}

/** The invoice's tax, from the payment's (OrderTax): fixed with the payment, never decided again. */
export function invoiceTax(capture: OrderCaptured): InvoiceTax | undefined {
  const tax = taxOfCapture(capture);
  if (!tax) return undefined;
  const euro = vatInEurosOf(tax.tax, capture.currency, capture.capturedAt);
  const d = tax.decision;
  return {
    net: tax.amount,
    taxLines: tax.taxLines,
    tax: tax.tax,
    gross: tax.total,
    ...(tax.included ? { included: true } : {}),
    customerType: d.customerType,
    ...(d.sellerVatNumber ? { sellerVatNumber: d.sellerVatNumber } : {}),
    ...(d.customerVatNumber ? { customerVatNumber: d.customerVatNumber } : {}),
    notices: d.notices,
    ...(euro ? { euro } : {}),
  };
}

/**
 * An invoice for a capture of money, but for its number and date; null when nothing was paid — but a payment from
 * account credit alone whose service carries tax has one (total 0): the tax is charged when credit pays for service.
 */
export function invoiceDraft(input: {
  capture: { data: OrderCaptured; metadata: Pick<EventMetadata, 'demo'> };
  subscription: ExistingSubscription;
  customer: InvoiceCustomer;
  seller: SellerDetails;
}): InvoiceDraft | null {
  const { data } = input.capture;
  const tax = invoiceTax(data);
  if (data.amount < 1 && !(tax && (data.credit ?? 0) > 0)) return null;
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
    ...(tax ? { tax } : {}),
    seller: input.seller,
    customer: input.customer,
  };
}

/**
 * The tax a refund gives back, from the books (billing-core/src/books: each payment's tax goes back in proportion with
 * its money, half-up, the last of it with the last of the money — never more than was invoiced): `taxBack` is the tax
 * each payable account got back with this refund. The invoice's lines first, in its order (a reverse charge's line
 * kept, at 0), then any other account's (credit already spent, taken back from the payment that spent it).
 */
export function creditNoteTax(amount: number, invoiceTaxLines: readonly TaxLine[] | undefined, taxBack: ReadonlyMap<string, number>, currency: string, at: string): CreditNoteTax | undefined {
  if (!invoiceTaxLines && taxBack.size === 0) return undefined;
  const left = new Map(taxBack);
  const accountOf = (l: Pick<TaxLine, 'country' | 'rate'>) => `tax-payable:${l.country}:${l.rate}`;
  const taxLines: TaxLine[] = (invoiceTaxLines ?? []).map((l) => {
    const back = l.kind === 'vat' ? (left.get(accountOf(l)) ?? 0) : 0;
    left.delete(accountOf(l));
    return { ...l, amount: back };
  });
  for (const [account, back] of left) {
    const [, country, rate] = account.split(':') as [string, string, string];
    if (back > 0) taxLines.push({ kind: 'vat', country: country as TaxLine['country'], rate, amount: back });
  }
  const tax = taxLines.reduce((n, l) => n + l.amount, 0);
  const euro = vatInEurosOf(tax, currency, at);
  return { net: amount - tax, taxLines, tax, gross: amount, ...(euro ? { euro } : {}) };
}

/** A credit note for a refund or reversal, referring to the invoice of its capture (same book, same parties). */
export function creditNoteDraft(
  refund: PaymentRefunded,
  invoice: { number: string; book: DocumentBook; subscriptionId: string; userId: string; customer: InvoiceCustomer; tax?: InvoiceTax },
  seller: SellerDetails,
  taxBack: ReadonlyMap<string, number> = new Map(),
): CreditNoteDraft {
  const tax = creditNoteTax(refund.amount, invoice.tax?.taxLines, taxBack, refund.currency, refund.refundedAt);
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
    ...(tax ? { tax } : {}),
    seller,
    customer: invoice.customer,
  };
}
