import type { Router } from 'express';
import { Type } from '@sinclair/typebox';
import { changeBillingDetails, requireSelfOrAdministrator } from '@relaycast/billing-core';
import {
  BillingDetails,
  BillingDetailsView,
  CREDIT_NOTE_NUMBER_PATTERN,
  CreditNoteView,
  DEFAULT_LANGUAGE,
  DOCUMENT_BOOKS,
  ForbiddenError,
  Id,
  INVOICE_NUMBER_PATTERN,
  InvoiceView,
  LANGUAGES,
  NotFoundError,
  PageMeta,
  StringEnum,
  validate,
  type Language,
  type Role,
  type UserView,
} from '@relaycast/contracts';
import { createInvoiceQueries } from '@relaycast/projections';
import { authorize, defineRoute, readsEveryCustomer } from '../http/route.js';
import { creditNotePdf, invoicePdf } from '../invoices/pdf.js';
import { documentRow, documentsCsv } from '../invoices/csv.js';
import type { Runtime } from '../runtime.js';

/** Who may export every invoice and credit note as CSV: administrators and the read-only finance role. */
export const DOCUMENT_EXPORT_ROLES: readonly Role[] = ['ROLE_ADMIN', 'ROLE_FINANCE'];

const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  /** Administrators: one customer's documents. Everyone else always gets their own. */
  user_id: Type.Optional(Id),
};
/** Every field optional (an empty body lists page 1); other fields are ignored, as in every list call. */
export const DocumentListQuery = Type.Object(Paging);
export const InvoiceNumberBody = Type.Object({ number: Type.String({ pattern: INVOICE_NUMBER_PATTERN, maxLength: 40 }) }, { additionalProperties: false });
export const CreditNoteNumberBody = Type.Object({ number: Type.String({ pattern: CREDIT_NOTE_NUMBER_PATTERN, maxLength: 40 }) }, { additionalProperties: false });
export const BillingDetailsQuery = Type.Object({ user_id: Type.Optional(Id) });
/** The billing details form: the customer's own, or (administrators) `user_id`'s. */
export const BillingDetailsForm = Type.Object({ user_id: Type.Optional(Id), ...BillingDetails.properties }, { additionalProperties: false });

/** Whose documents a list shows: administrators and the finance role any user's (or everyone's), others their own. */
const ownerFilter = (user: UserView | null, asked: string | undefined) => (readsEveryCustomer(user) ? asked : user!._id);

/**
 * A document the caller may open: any for administrators and the finance role, their own for everyone else. Another
 * customer's answers exactly as one that does not exist (404, the same body): which numbers exist is not told.
 */
function visible<T extends { userId: string }>(user: UserView | null, doc: T | null, what: string): T {
  authorize('signedIn', user);
  if (!doc || (!readsEveryCustomer(user) && doc.userId !== user?._id)) throw new NotFoundError(`${what} not found`);
  return doc;
}

/** Whose billing details: the customer's own; administrators name the user. */
function detailsOwner(user: UserView | null, asked: string | undefined): string {
  const owner = asked ?? user!._id;
  requireSelfOrAdministrator({ actorId: user!._id, actorRole: user!.role }, owner, 'You may see and change only your own billing details');
  return owner;
}

export const invoiceRoutes = [
  defineRoute({
    path: '/invoices/findAll',
    answer: Type.Array(InvoiceView),
    answerMeta: PageMeta,
    query: true,
    access: 'signedIn',
    tag: 'Invoices',
    summary: 'Invoices, newest first: the caller’s own; administrators and the finance role all (or one user’s)',
    body: DocumentListQuery,
    async handle({ body, rt, user }) {
      const userId = ownerFilter(user, body.user_id);
      const page = await createInvoiceQueries(rt.readModels).invoices({ ...(userId ? { userId } : {}), page: body.page, pageSize: body.pageSize });
      return { data: page.items, meta: { total: page.total, page: page.page, pageSize: page.pageSize } };
    },
  }),
  defineRoute({
    path: '/invoices/findOne',
    answer: InvoiceView,
    errors: ['NOT_FOUND'],
    query: true,
    access: 'signedIn',
    tag: 'Invoices',
    summary: 'One invoice by number, with its credit notes (administrators and the finance role: any; others: their own — another customer’s answers 404 as one that does not exist)',
    body: InvoiceNumberBody,
    async handle({ body, rt, user }) {
      return { data: visible(user, await createInvoiceQueries(rt.readModels).invoice(body.number), 'Invoice') };
    },
  }),
  defineRoute({
    path: '/creditNotes/findAll',
    answer: Type.Array(CreditNoteView),
    answerMeta: PageMeta,
    query: true,
    access: 'signedIn',
    tag: 'Invoices',
    summary: 'Credit notes, newest first: the caller’s own; administrators and the finance role all (or one user’s)',
    body: DocumentListQuery,
    async handle({ body, rt, user }) {
      const userId = ownerFilter(user, body.user_id);
      const page = await createInvoiceQueries(rt.readModels).creditNotes({ ...(userId ? { userId } : {}), page: body.page, pageSize: body.pageSize });
      return { data: page.items, meta: { total: page.total, page: page.page, pageSize: page.pageSize } };
    },
  }),
  defineRoute({
    path: '/creditNotes/findOne',
    answer: CreditNoteView,
    errors: ['NOT_FOUND'],
    query: true,
    access: 'signedIn',
    tag: 'Invoices',
    summary: 'One credit note by number (administrators and the finance role: any; others: their own — another customer’s answers 404 as one that does not exist)',
    body: CreditNoteNumberBody,
    async handle({ body, rt, user }) {
      return { data: visible(user, await createInvoiceQueries(rt.readModels).creditNote(body.number), 'Credit note') };
    },
  }),
  defineRoute({
    path: '/billingDetails/findOne',
    answer: BillingDetailsView,
    query: true,
    access: 'customer',
    tag: 'Invoices',
    summary: 'The billing details invoices are made out to (null until given): the customer’s own; administrators any user’s',
    body: BillingDetailsQuery,
    async handle({ body, rt, user }) {
      const userId = detailsOwner(user, body.user_id);
      return { data: await createInvoiceQueries(rt.readModels).billingDetails(userId) };
    },
  }),
  defineRoute({
    path: '/billingDetails/update',
    answer: BillingDetailsView,
    errors: ['NOT_FOUND'],
    access: 'customer',
    tag: 'Invoices',
    summary: 'Set the billing details (name or company, address, country, optional VAT number with its country prefix — checked: another country’s prefix or a malformed number is a 400 naming vatNumber; wrong check digits are kept, and VAT is then charged as to a consumer): invoices issued from now on carry them; earlier ones keep theirs',
    body: BillingDetailsForm,
    async handle({ body, rt, user, meta }) {
      const { user_id, ...details } = body;
      const userId = detailsOwner(user, user_id);
      const metadata = meta();
      const result = await changeBillingDetails({ execute: rt.execute, vies: rt.vies, ...(rt.config.tax.vatNumber ? { requesterVatNumber: rt.config.tax.vatNumber } : {}) }, userId, details, metadata);
      const view = await createInvoiceQueries(rt.readModels).billingDetails(userId);
      return { data: view, ...(result.consistent ? {} : { status: 202, meta: { consistent: false } }) };
    },
  }),
];

const ExportQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ format: 'date' })),
    to: Type.Optional(Type.String({ format: 'date' })),
    book: Type.Optional(StringEnum([...DOCUMENT_BOOKS, 'all'] as const)),
  },
  { additionalProperties: false },
);

/** A PDF's language: `lang` when given (the page it was opened from), else the reader's own (their profile's), else English. */
const PdfQuery = Type.Object({ lang: Type.Optional(StringEnum(LANGUAGES)) });
function pdfLanguage(query: unknown, user: UserView | null): Language {
  const { lang } = validate(PdfQuery, { ...(query as object) });
  return lang ?? user?.language ?? DEFAULT_LANGUAGE;
}

/**
 * GET /invoices/INV-000001.pdf and /creditNotes/CN-000001.pdf (downloads: the customer whose document it is, and
 * administrators and the finance role), in the language `?lang=en|ru` names, else the reader's; GET /invoices/export.csv (DOCUMENT_EXPORT_ROLES): invoices and credit notes issued from `from` to
 * `to` (dates, UTC, both included), of one book or both.
 */
export function mountInvoiceDocuments(router: Router, rt: Runtime): void {
  const queries = createInvoiceQueries(rt.readModels);
  router.get('/invoices/export.csv', async (req, res) => {
    authorize('signedIn', req.auth.user);
    if (!DOCUMENT_EXPORT_ROLES.includes(req.auth.user!.role)) throw new ForbiddenError('Only administrators and the finance role may export invoices');
    const query = validate(ExportQuery, { ...req.query });
    const from = query.from ? Date.parse(`${query.from}T00:00:00.000Z`) : 0;
    const to = query.to ? Date.parse(`${query.to}T23:59:59.999Z`) : Number.MAX_SAFE_INTEGER;
    const book = query.book ?? 'all';
    const rows = [];
    for await (const entry of queries.issuedBetween(from, to)) if (book === 'all' || entry.doc.book === book) rows.push(documentRow(entry));
    res.setHeader('Cache-Control', 'private, no-store');
    res.attachment(`relaycast-invoices-${query.from ?? 'start'}-${query.to ?? 'now'}${book === 'all' ? '' : `-${book}`}.csv`);
    res.type('text/csv; charset=utf-8').send(documentsCsv(rows));
  });
  router.get(/^\/invoices\/((?:DEMO-)?INV-\d{6,})\.pdf$/, async (req, res) => {
    const invoice = visible(req.auth.user, await queries.invoice(req.params[0] as string), 'Invoice');
    const lang = pdfLanguage(req.query, req.auth.user);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Content-Language', lang);
    res.attachment(`relaycast-invoice-${invoice.number}.pdf`);
    res.type('application/pdf').send(await invoicePdf(invoice, lang));
  });
  router.get(/^\/creditNotes\/((?:DEMO-)?CN-\d{6,})\.pdf$/, async (req, res) => {
    const note = visible(req.auth.user, await queries.creditNote(req.params[0] as string), 'Credit note');
    const lang = pdfLanguage(req.query, req.auth.user);
    const invoice = await queries.invoice(note.invoiceNumber);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Content-Language', lang);
    res.attachment(`relaycast-credit-note-${note.number}.pdf`);
    res.type('application/pdf').send(await creditNotePdf(note, invoice, lang));
  });
}
