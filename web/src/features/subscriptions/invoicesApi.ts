import type { BillingDetails, BillingDetailsView, CreditNoteView, InvoiceView } from '@relaycast/contracts';
import type { Language } from '@relaycast/contracts/constants';
import { api } from '../../app/shell/api.js';
import { listBody, toPage, type ListPage } from '../ui/list.js';

/** Whose documents: the caller's own (no user), or — administrators — one user's. */
export interface DocumentsArgs {
  userId?: string;
  page?: number;
  pageSize?: number;
}

const withUser = ({ userId, ...rest }: DocumentsArgs) => listBody({ ...rest, ...(userId ? { user_id: userId } : {}) });

const invoicesApiBase = api.enhanceEndpoints({ addTagTypes: ['BillingDocuments'] });

/**
 * Invoices, credit notes and the billing details invoices are made out to: the customer's account and the admin
 * area's user view (POST /invoices/*, /creditNotes/*, /billingDetails/*). The PDFs are plain GET downloads.
 */
export const invoicesApi = invoicesApiBase.injectEndpoints({
  endpoints: (build) => ({
    findInvoices: build.query<ListPage<InvoiceView>, DocumentsArgs>({
      query: (args) => ({ url: '/invoices/findAll', body: withUser(args) }),
      transformResponse: (data: unknown, meta) => toPage<InvoiceView>(data, meta),
      providesTags: ['BillingDocuments'],
    }),
    findCreditNotes: build.query<ListPage<CreditNoteView>, DocumentsArgs>({
      query: (args) => ({ url: '/creditNotes/findAll', body: withUser(args) }),
      transformResponse: (data: unknown, meta) => toPage<CreditNoteView>(data, meta),
      providesTags: ['BillingDocuments'],
    }),
    billingDetails: build.query<BillingDetailsView, { userId?: string }>({
      query: ({ userId }) => ({ url: '/billingDetails/findOne', body: userId ? { user_id: userId } : {} }),
      providesTags: ['BillingDocuments'],
    }),
    /** The form shows the server's refusals under their fields (no toast). */
    updateBillingDetails: build.mutation<BillingDetailsView, BillingDetails & { user_id?: string }>({
      query: (body) => ({ url: '/billingDetails/update', body }),
      extraOptions: { inlineErrors: true },
      invalidatesTags: ['BillingDocuments'],
    }),
  }),
});

export const { useFindInvoicesQuery, useFindCreditNotesQuery, useBillingDetailsQuery, useUpdateBillingDetailsMutation } = invoicesApi;

/**
 * Where a document's PDF downloads from (the read-api, same origin, with the session cookie): in `lang`, the page's
 * language; without it, the reader's profile language.
 */
const inLanguage = (lang?: Language) => (lang ? `?lang=${lang}` : '');
export const invoicePdfUrl = (number: string, lang?: Language) => `/invoices/${encodeURIComponent(number)}.pdf${inLanguage(lang)}`;
export const creditNotePdfUrl = (number: string, lang?: Language) => `/creditNotes/${encodeURIComponent(number)}.pdf${inLanguage(lang)}`;
