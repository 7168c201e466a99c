import { entityIdOf, type AnyEvent, type BillingDetails, type CreditNoteIssued, type EventEnvelope, type InvoiceIssued, type VatNumberCheck } from '@relaycast/contracts';
import { scoreOf, type Projection } from '../projection.js';
import type { ReadModelStore } from '../readmodel/port.js';
import type { UnitOfWork } from '../unit-of-work.js';

export const INVOICES = 'invoices';
export const invoicesModel = {
  invoice: 'invoice',
  creditNote: 'credit-note',
  /** user id → the billing details the next invoices will carry (gone with the user's erasure). */
  billing: 'billing',
  /** Invoices in the order of the log (numbers are in it already), all or one user's. */
  invoices: 'invoices',
  invoicesOf: (userId: string) => `invoices:user:${userId}`,
  creditNotes: 'credit-notes',
  creditNotesOf: (userId: string) => `credit-notes:user:${userId}`,
  /** Invoices and credit notes by the time they were issued (`invoice:<number>`, `credit-note:<number>`): the finance export. */
  byTime: 'documents:by-time',
} as const;

/** An invoice as the API shows it: as issued, with the credit notes that refer to it so far. */
export interface InvoiceDocument extends InvoiceIssued {
  credited: number;
  creditNotes: { number: string; amount: number; issuedAt: string; reason: CreditNoteIssued['reason'] }[];
}
export type CreditNoteDocument = CreditNoteIssued;
export interface BillingDetailsDocument extends BillingDetails {
  userId: string;
  updatedAt: string;
  /** The VAT number's check as recorded when the details were given (evidence for tax; docs/tax.md). */
  vatNumberCheck?: VatNumberCheck;
}

const HANDLES = new Set(['InvoiceIssued', 'CreditNoteIssued', 'BillingDetailsChanged', 'UserErased']);

/**
 * Invoices and credit notes as the books' streams issued them: a copy, never a count of its own — numbers, dates,
 * seller and customer are in the events, so a rebuild gives every document the same number. And each customer's
 * current billing details, which a user's erasure removes; documents already issued keep the details they were issued
 * with (accounting retention: docs/audit.md).
 */
export const invoicesProjection: Projection = {
  name: INVOICES,
  handles: HANDLES,
  async apply(raw: EventEnvelope, uow: UnitOfWork) {
    const event = raw as AnyEvent;
    switch (event.type) {
      case 'InvoiceIssued': {
        const d = event.data;
        const doc: InvoiceDocument = { ...d, credited: 0, creditNotes: [] };
        uow.put(invoicesModel.invoice, d.number, doc);
        uow.index(invoicesModel.invoices, d.number, Number(event.position));
        uow.index(invoicesModel.invoicesOf(d.userId), d.number, Number(event.position));
        uow.index(invoicesModel.byTime, `invoice:${d.number}`, scoreOf(d.issuedAt));
        return;
      }
      case 'CreditNoteIssued': {
        const d = event.data;
        uow.put(invoicesModel.creditNote, d.number, d);
        uow.index(invoicesModel.creditNotes, d.number, Number(event.position));
        uow.index(invoicesModel.creditNotesOf(d.userId), d.number, Number(event.position));
        uow.index(invoicesModel.byTime, `credit-note:${d.number}`, scoreOf(d.issuedAt));
        const invoice = await uow.get<InvoiceDocument>(invoicesModel.invoice, d.invoiceNumber);
        if (invoice) {
          uow.put(invoicesModel.invoice, d.invoiceNumber, {
            ...invoice,
            credited: invoice.credited + d.amount,
            creditNotes: [...invoice.creditNotes, { number: d.number, amount: d.amount, issuedAt: d.issuedAt, reason: d.reason }],
          });
        }
        return;
      }
      case 'BillingDetailsChanged': {
        const userId = entityIdOf(event.streamId);
        const { vatNumberCheck } = event.data;
        const doc: BillingDetailsDocument = { userId, ...event.data.billingDetails, ...(vatNumberCheck ? { vatNumberCheck } : {}), updatedAt: event.occurredAt };
        uow.put(invoicesModel.billing, userId, doc);
        return;
      }
      case 'UserErased':
        uow.delete(invoicesModel.billing, entityIdOf(event.streamId));
        return;
    }
  },
};

/** Reading invoices and credit notes: one by number, a page (newest first, all or one customer's), a time range. */
export function createInvoiceQueries(rm: ReadModelStore) {
  async function page<T>(collection: string, index: string, query: { page?: number; pageSize?: number }) {
    const pageNo = query.page ?? 1;
    const pageSize = query.pageSize ?? 50;
    const [total, ids] = await Promise.all([rm.count(INVOICES, index), rm.range(INVOICES, index, { offset: (pageNo - 1) * pageSize, limit: pageSize, order: 'desc' })]);
    const items = (await rm.getMany<T>(INVOICES, collection, ids)).filter((d): d is Awaited<T> & {} => d !== null);
    return { items, total, page: pageNo, pageSize };
  }
  return {
    invoice: (number: string) => rm.get<InvoiceDocument>(INVOICES, invoicesModel.invoice, number),
    creditNote: (number: string) => rm.get<CreditNoteDocument>(INVOICES, invoicesModel.creditNote, number),
    billingDetails: (userId: string) => rm.get<BillingDetailsDocument>(INVOICES, invoicesModel.billing, userId),
    invoices: (query: { userId?: string; page?: number; pageSize?: number }) =>
      page<InvoiceDocument>(invoicesModel.invoice, query.userId ? invoicesModel.invoicesOf(query.userId) : invoicesModel.invoices, query),
    creditNotes: (query: { userId?: string; page?: number; pageSize?: number }) =>
      page<CreditNoteDocument>(invoicesModel.creditNote, query.userId ? invoicesModel.creditNotesOf(query.userId) : invoicesModel.creditNotes, query),
    /** Every invoice and credit note issued up to `to` (epoch ms) and from `from`, oldest first, a batch at a time. */
    async *issuedBetween(from: number, to: number, batch = 500): AsyncGenerator<{ kind: 'invoice'; doc: InvoiceDocument } | { kind: 'credit-note'; doc: CreditNoteDocument }> {
      for (let offset = 0; ; offset += batch) {
        const ids = await rm.range(INVOICES, invoicesModel.byTime, { offset, limit: batch, order: 'asc', minScore: from, maxScore: to });
        const invoices = ids.filter((id) => id.startsWith('invoice:')).map((id) => id.slice('invoice:'.length));
        const notes = ids.filter((id) => id.startsWith('credit-note:')).map((id) => id.slice('credit-note:'.length));
        const [invoiceDocs, noteDocs] = await Promise.all([rm.getMany<InvoiceDocument>(INVOICES, invoicesModel.invoice, invoices), rm.getMany<CreditNoteDocument>(INVOICES, invoicesModel.creditNote, notes)]);
        const byId = new Map<string, { kind: 'invoice'; doc: InvoiceDocument } | { kind: 'credit-note'; doc: CreditNoteDocument }>();
        invoiceDocs.forEach((doc, i) => doc && byId.set(`invoice:${invoices[i]}`, { kind: 'invoice', doc }));
        noteDocs.forEach((doc, i) => doc && byId.set(`credit-note:${notes[i]}`, { kind: 'credit-note', doc }));
        for (const id of ids) {
          const found = byId.get(id);
          if (found && Date.parse(found.doc.issuedAt) >= from) yield found;
        }
        if (ids.length < batch) return;
      }
    },
  };
}
