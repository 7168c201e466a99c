import {
  ConflictError,
  creditNoteNumber,
  InvoiceBookCommandSchemas,
  invoiceNumber,
  ValidationError,
  type CreditNoteIssued,
  type InvoiceIssued,
  type IssueCreditNote,
  type IssueInvoice,
} from '@relaycast/contracts';
import type { Decider } from '../decider.js';

/**
 * The books: what a sequence stream's events say, folded, and the rules for the next document — a decider per kind of
 * book, run by the generic command handler (the issuer, issuer.ts, keeps the books' streams cached in its handler).
 *
 * A book's state only grows, and is folded in place (`evolve` returns the same object): a process keeps one per
 * stream and reads only the events after the version it holds.
 */

/** What an invoice book remembers: the last number, and which captures have their invoice (and its total). */
export interface InvoiceBookState {
  /** The stream's version: the last number issued (0: none yet). */
  issued: number;
  lastIssuedAt: string | null;
  byCapture: Map<string, { seq: number; number: string; total: number }>;
}

export const initialInvoiceBook = (): InvoiceBookState => ({ issued: 0, lastIssuedAt: null, byCapture: new Map() });

export function evolveInvoiceBook(state: InvoiceBookState, e: InvoiceIssued): InvoiceBookState {
  state.issued = e.seq;
  state.lastIssuedAt = e.issuedAt;
  state.byCapture.set(e.captureId, { seq: e.seq, number: e.number, total: e.total });
  return state;
}

/** What a credit note book remembers: the last number, which refunds have their note, and how much each invoice was credited. */
export interface CreditNoteBookState {
  issued: number;
  lastIssuedAt: string | null;
  byRefund: Map<string, { seq: number; number: string }>;
  creditedByInvoice: Map<string, number>;
}

export const initialCreditNoteBook = (): CreditNoteBookState => ({ issued: 0, lastIssuedAt: null, byRefund: new Map(), creditedByInvoice: new Map() });

export function evolveCreditNoteBook(state: CreditNoteBookState, e: CreditNoteIssued): CreditNoteBookState {
  state.issued = e.seq;
  state.lastIssuedAt = e.issuedAt;
  state.byRefund.set(e.refundId, { seq: e.seq, number: e.number });
  state.creditedByInvoice.set(e.invoiceNumber, (state.creditedByInvoice.get(e.invoiceNumber) ?? 0) + e.amount);
  return state;
}

/** An invoice before its number: everything but what the book decides. */
export type InvoiceDraft = Omit<InvoiceIssued, 'number' | 'seq' | 'issuedAt'>;
export type CreditNoteDraft = Omit<CreditNoteIssued, 'number' | 'seq' | 'issuedAt'>;

/** A document's date never goes back within its book: numbers and dates run in the same order. */
const issueTime = (now: string, last: string | null) => (last && last > now ? last : now);

/**
 * The next invoice of the book for a capture: number = the stream's version + 1. null when the capture has its
 * invoice already (a replay, a second worker, the reactor after the workflow).
 */
export function decideInvoice(state: InvoiceBookState, draft: InvoiceDraft, now: string): InvoiceIssued | null {
  if (state.byCapture.has(draft.captureId)) return null;
  const sum = draft.lines.reduce((total, line) => total + line.amount, 0) + (draft.tax?.tax ?? 0);
  // Money received — or a service paid from account credit that carries tax (its tax is charged then).
  if (draft.total < 1 && !(draft.tax && draft.total === 0 && draft.lines.some((l) => l.kind === 'creditApplied'))) throw ValidationError.field('total', 'an invoice is for money received: more than 0');
  if (sum !== draft.total) throw ValidationError.field('lines', `add up to ${sum}${draft.tax ? ' with the tax' : ''}, not the total ${draft.total}`);
  if (draft.tax && draft.tax.net + draft.tax.tax !== draft.tax.gross) throw ValidationError.field('tax', `net ${draft.tax.net} + tax ${draft.tax.tax} is not the gross ${draft.tax.gross}`);
  if (draft.tax && draft.tax.taxLines.reduce((n, l) => n + l.amount, 0) !== draft.tax.tax) throw ValidationError.field('tax', 'its lines do not add up to the tax');
  const seq = state.issued + 1;
  return { number: invoiceNumber(seq, draft.book), seq, issuedAt: issueTime(now, state.lastIssuedAt), ...draft };
}

/**
 * The next credit note of the book for a refund, against the invoice it refers to: null when the refund has its note
 * already; refused when the invoice's credit notes would come to more than its total.
 */
export function decideCreditNote(state: CreditNoteBookState, draft: CreditNoteDraft, invoice: { number: string; total: number }, now: string): CreditNoteIssued | null {
  if (state.byRefund.has(draft.refundId)) return null;
  if (draft.invoiceNumber !== invoice.number) throw ValidationError.field('invoiceNumber', `must be ${invoice.number}, the invoice of capture ${draft.captureId}`);
  if (draft.amount < 1) throw ValidationError.field('amount', 'a credit note gives back more than 0');
  const credited = state.creditedByInvoice.get(invoice.number) ?? 0;
  if (credited + draft.amount > invoice.total) {
    throw new ConflictError(`A credit note of ${draft.amount} would take the credit notes of ${invoice.number} to ${credited + draft.amount}, above its total of ${invoice.total}`);
  }
  const seq = state.issued + 1;
  return { number: creditNoteNumber(seq, draft.book), seq, issuedAt: issueTime(now, state.lastIssuedAt), ...draft };
}

/**
 * An invoice book: a sequence stream (`invoice-book-<seller>-<real|demo>`, the entity id is the stream's name) whose
 * version is the last number issued. Its state is folded in place (see above): only a handler that caches streams
 * keeps it between commands.
 */
export const invoiceBookDecider: Decider<InvoiceBookState, IssueInvoice, { type: 'InvoiceIssued'; data: InvoiceIssued }> = {
  streamId: (book) => book,
  initialState: initialInvoiceBook,
  evolve: (state, event) => evolveInvoiceBook(state, event.data),
  decide(command, state) {
    const doc = decideInvoice(state, command.data.draft, command.metadata.now);
    return doc ? [{ type: 'InvoiceIssued', data: doc }] : [];
  },
  commandSchemas: { IssueInvoice: InvoiceBookCommandSchemas.IssueInvoice },
};

/** A credit note book (`credit-note-book-<seller>-<real|demo>`), as the invoice book. */
export const creditNoteBookDecider: Decider<CreditNoteBookState, IssueCreditNote, { type: 'CreditNoteIssued'; data: CreditNoteIssued }> = {
  streamId: (book) => book,
  initialState: initialCreditNoteBook,
  evolve: (state, event) => evolveCreditNoteBook(state, event.data),
  decide(command, state) {
    const doc = decideCreditNote(state, command.data.draft, command.data.invoice, command.metadata.now);
    return doc ? [{ type: 'CreditNoteIssued', data: doc }] : [];
  },
  commandSchemas: { IssueCreditNote: InvoiceBookCommandSchemas.IssueCreditNote },
};
