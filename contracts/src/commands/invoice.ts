import { Type, type Static } from '@sinclair/typebox';
import { CreditNoteIssued, InvoiceIssued } from '../events/invoice.js';
import type { Command } from './metadata.js';

/** What a book decides itself: the number, its place in the sequence, the date. */
const DOCUMENT_FIELDS = ['number', 'seq', 'issuedAt'] as const;

/**
 * The books' commands (billing-core/src/invoice/book.ts): the invoice of one capture, the credit note of one refund
 * against its invoice. The draft is everything but what the book decides.
 */
export const InvoiceBookCommandSchemas = {
  IssueInvoice: Type.Object({ draft: Type.Omit(InvoiceIssued, DOCUMENT_FIELDS) }),
  IssueCreditNote: Type.Object({ draft: Type.Omit(CreditNoteIssued, DOCUMENT_FIELDS), invoice: Type.Object({ number: Type.String(), total: Type.Integer() }) }),
};
export type IssueInvoice = Command<'IssueInvoice', Static<typeof InvoiceBookCommandSchemas.IssueInvoice>>;
export type IssueCreditNote = Command<'IssueCreditNote', Static<typeof InvoiceBookCommandSchemas.IssueCreditNote>>;
