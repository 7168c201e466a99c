import { Type, type Static } from '@sinclair/typebox';
import { CREDIT_NOTE_NUMBER_PATTERN, CREDIT_NOTE_REASONS, DOCUMENT_BOOKS, INVOICE_NUMBER_PATTERN } from '../constants/invoices.js';
import { Cents, Id, IsoDateTime, StringEnum } from '../schemas/common.js';
import { InvoiceCustomer, InvoiceLine, SellerDetails } from '../schemas/billing.js';

/**
 * An invoice for one capture of money (an OrderCaptured of more than 0: kept as paid time or as account credit). It is
 * the event at version `seq` of its book's sequence stream (`invoice-book-<seller>-<real|demo>`): the stream's version
 * is the last number issued, so numbers have no gap and no repeat, and a rebuild of the read models cannot change them.
 * Seller and customer are copied in when it is issued. No tax is computed: `total` is what was paid.
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
  /** What was paid: the lines' sum. */
  total: Cents,
  lines: Type.Array(InvoiceLine, { minItems: 1 }),
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
  seller: SellerDetails,
  /** As on the invoice it refers to. */
  customer: InvoiceCustomer,
});
export type CreditNoteIssued = Static<typeof CreditNoteIssued>;

export const InvoiceEventSchemas = { InvoiceIssued, CreditNoteIssued } as const;
export type InvoiceEvent = { type: 'InvoiceIssued'; data: InvoiceIssued } | { type: 'CreditNoteIssued'; data: CreditNoteIssued };
