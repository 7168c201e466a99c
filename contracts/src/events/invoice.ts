import { Type, type Static } from '@sinclair/typebox';
import { CREDIT_NOTE_NUMBER_PATTERN, CREDIT_NOTE_REASONS, DOCUMENT_BOOKS, INVOICE_NUMBER_PATTERN } from '../constants/invoices.js';
import { Cents, Id, IsoDateTime, StringEnum } from '../schemas/common.js';
import { InvoiceCustomer, InvoiceLine, SellerDetails } from '../schemas/billing.js';
import { CreditNoteTax, InvoiceTax } from '../schemas/tax.js';

/**
 * An invoice for one capture of money (an OrderCaptured of more than 0: kept as paid time or as account credit). It is
 * the event at version `seq` of its book's sequence stream (`invoice-book-<seller>-<real|demo>`): the stream's version
 * is the last number issued, so numbers have no gap and no repeat, and a rebuild of the read models cannot change them.
 * Seller and customer are copied in when it is issued. `total` is the money captured. Without `tax` (issued before
 * taxes, or none decided) the lines add up to the total; with it, the lines charge the service before tax (less
 * account credit used), and lines + tax = total (docs/tax.md). A payment made from account credit alone has an
 * invoice too (total 0), when the service it paid for carries tax.
 */
export const InvoiceIssued = Type.Object({
  number: Type.String({ pattern: INVOICE_NUMBER_PATTERN }),
  seq: Type.Integer({ minimum: 1 }),
  book: StringEnum(DOCUMENT_BOOKS),
  issuedAt: IsoDateTime,
  /** When PayPal captured the money (the capture's time). */
  paidAt: IsoDateTime,
  captureId: Id,
  paypalOrderID: Id,
  subscriptionId: Id,
  userId: Id,
  subscriptionName: Type.String({ maxLength: 200 }),
  currency: Type.String({ minLength: 3, maxLength: 3 }),
  /** The money captured: the lines' sum, plus the tax when there is one. */
  total: Cents,
  lines: Type.Array(InvoiceLine, { minItems: 1 }),
  tax: Type.Optional(InvoiceTax),
  seller: SellerDetails,
  customer: InvoiceCustomer,
});
export type InvoiceIssued = Static<typeof InvoiceIssued>;

/**
 * A credit note for one refund or reversal (PaymentRefunded), referring to the invoice of the capture it gives money
 * back from; the credit notes of one invoice never add up to more than its total. Version `seq` of
 * `credit-note-book-<seller>-<real|demo>` (the invoice's book).
 */
export const CreditNoteIssued = Type.Object({
  number: Type.String({ pattern: CREDIT_NOTE_NUMBER_PATTERN }),
  seq: Type.Integer({ minimum: 1 }),
  book: StringEnum(DOCUMENT_BOOKS),
  issuedAt: IsoDateTime,
  invoiceNumber: Type.String({ pattern: INVOICE_NUMBER_PATTERN }),
  reason: StringEnum(CREDIT_NOTE_REASONS),
  /** When the money went back (the refund's time). */
  refundedAt: IsoDateTime,
  captureId: Id,
  refundId: Id,
  subscriptionId: Id,
  userId: Id,
  currency: Type.String({ minLength: 3, maxLength: 3 }),
  amount: Cents,
  /** The tax given back with `amount` (the invoice's tax in proportion), when the invoice charged tax. */
  tax: Type.Optional(CreditNoteTax),
  seller: SellerDetails,
  /** As on the invoice it refers to. */
  customer: InvoiceCustomer,
});
export type CreditNoteIssued = Static<typeof CreditNoteIssued>;

export const InvoiceEventSchemas = { InvoiceIssued, CreditNoteIssued } as const;
export type InvoiceEvent = { type: 'InvoiceIssued'; data: InvoiceIssued } | { type: 'CreditNoteIssued'; data: CreditNoteIssued };
