import { useId, useState, type ReactNode } from 'react';
import type { CreditNoteView, InvoiceView } from '@relaycast/contracts';
import type { Language } from '@relaycast/contracts/constants';
import type { TFunction } from '../../app/shell/texts.js';
import { useLang, useT } from '../../app/shell/hooks.js';
import { formatUsd } from '../../app/shell/format.js';
import { formatDate } from '../ui/forms.js';
import { AppLink } from '../../app/shell/ui/AppLink.js';
import { creditNotePdfUrl, invoicePdfUrl, useFindCreditNotesQuery, useFindInvoicesQuery } from './invoicesApi.js';
import { documentTax, invoicePurpose } from './invoiceText.js';
import './billing.css';

const PAGE_SIZE = 20;

/** A column of a documents table after the document's number and issue date: its heading and its cell. */
interface Column<D> {
  label: string;
  num?: boolean;
  nowrap?: boolean;
  /** Free text: wraps within a readable width (the table scrolls in its frame rather than squeeze it). */
  text?: boolean;
  cell: (doc: D) => ReactNode;
}

/**
 * Invoices or credit notes as a table: each document's number (marked when it is a demo payment's), the day it was
 * issued, the kind's own columns, and its PDF. On a phone each row is a card of its cells, each under its heading
 * (data-label; billing.css), rather than a table scrolled sideways.
 */
function DocumentsTable<D extends { number: string; book: string; issuedAt: string }>({ kind, docs, columns, pdfUrl }: { kind: 'invoice' | 'credit-note'; docs: readonly D[]; columns: Column<D>[]; pdfUrl: (number: string, lang?: Language) => string }) {
  const { t } = useT(['account', 'common']);
  const lang = useLang();
  const texts = kind === 'invoice' ? 'billing.invoices' : 'billing.creditNotes';
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={t(`${texts}.title`)}>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t(`${texts}.number`)}</th>
            <th scope="col">{t('billing.invoices.issued')}</th>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.num ? 'num' : undefined}>
                {t(c.label)}
              </th>
            ))}
            <th scope="col">
              <span className="sr-only">{t('billing.download')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {docs.map((doc) => (
            <tr key={doc.number} data-testid={kind} data-number={doc.number}>
              <td className="nowrap" data-label={t(`${texts}.number`)}>
                {doc.number}
                {doc.book === 'demo' && (
                  <>
                    {' '}
                    <span className="badge" data-testid={`${kind}-demo`}>
                      {t('billing.demo')}
                    </span>
                  </>
                )}
              </td>
              <td className="nowrap" data-label={t('billing.invoices.issued')}>
                {formatDate(doc.issuedAt, lang)}
              </td>
              {columns.map((c) => (
                <td key={c.label} className={c.num ? 'num' : c.nowrap ? 'nowrap' : c.text ? 'cell-text' : undefined} data-label={t(c.label)}>
                  {c.cell(doc)}
                </td>
              ))}
              <td>
                <a className="btn btn-small btn-outline" href={pdfUrl(doc.number, lang)} download data-testid={`${kind}-download`} aria-label={t(`${texts}.downloadLabel`, { number: doc.number })}>
                  {t('billing.download')}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A document's tax beneath what it was for (as its PDF states it): the net, each tax line, the total with VAT, the
 * account credit used; the VAT in euros, the reverse charge's words; or that no tax was charged.
 */
function DocumentTax({ doc }: { doc: InvoiceView | CreditNoteView }) {
  const { t } = useT(['account', 'common']);
  const lang = useLang();
  const { rows, notes } = documentTax(doc, t, lang);
  return (
    <div className="document-tax" data-testid="document-tax">
      {rows.length > 0 && (
        <dl className="document-tax-rows">
          {rows.map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.amount}</dd>
            </div>
          ))}
        </dl>
      )}
      {notes.map((note) => (
        <p key={note} className="muted">
          {note}
        </p>
      ))}
    </div>
  );
}

/** Invoices newest first, with what each paid for, its total, what its credit notes gave back, and its PDF. */
function Invoices({ userId }: { userId?: string }) {
  const { t } = useT(['account', 'common']);
  const lang = useLang();
  const ids = useId();
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useFindInvoicesQuery({ ...(userId ? { userId } : {}), page, pageSize: PAGE_SIZE });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const columns: Column<InvoiceView>[] = [
    {
      label: 'billing.invoices.for',
      text: true,
      cell: (invoice) => (
        <>
          {invoicePurpose(invoice, t, lang)}
          <DocumentTax doc={invoice} />
        </>
      ),
    },
    { label: 'billing.invoices.total', num: true, cell: (invoice) => formatUsd(invoice.total, lang, { cents: true }) },
    { label: 'billing.invoices.credited', num: true, cell: (invoice) => (invoice.credited ? formatUsd(-invoice.credited, lang, { cents: true }) : '—') },
  ];
  return (
    <section className="billing-documents" aria-labelledby={`${ids}-invoices`} data-testid="invoices">
      <h3 id={`${ids}-invoices`}>{t('billing.invoices.title')}</h3>
      {isLoading ? (
        <p className="muted">{t('billing.loading')}</p>
      ) : isError ? (
        <p className="note note-warning" role="alert">
          {t('billing.error')}
        </p>
      ) : !data?.items.length ? (
        <p className="muted" data-testid="invoices-none">
          {t('billing.invoices.none')}
        </p>
      ) : (
        <DocumentsTable kind="invoice" docs={data.items} columns={columns} pdfUrl={invoicePdfUrl} />
      )}
      {pages > 1 && (
        <div className="pager billing-pager">
          <button type="button" className="btn btn-small btn-outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('billing.previous')}
          </button>
          <span className="muted">{t('billing.pageOf', { page, pages })}</span>
          <button type="button" className="btn btn-small btn-outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('billing.next')}
          </button>
        </div>
      )}
    </section>
  );
}

const reasonOf = (note: CreditNoteView, t: TFunction) => (note.reason === 'REVERSAL' ? t('billing.creditNotes.reversal') : t('billing.creditNotes.refund'));

/** Credit notes newest first: the invoice each refers to, why (a refund, or PayPal's reversal), the amount and the PDF. */
function CreditNotes({ userId }: { userId?: string }) {
  const { t } = useT(['account', 'common']);
  const lang = useLang();
  const ids = useId();
  const { data, isLoading, isError } = useFindCreditNotesQuery({ ...(userId ? { userId } : {}), pageSize: 100 });
  if (isLoading || isError || !data?.items.length) return null;
  const columns: Column<CreditNoteView>[] = [
    { label: 'billing.creditNotes.invoice', nowrap: true, cell: (note) => note.invoiceNumber },
    {
      label: 'billing.creditNotes.reason',
      text: true,
      cell: (note) => (
        <>
          {reasonOf(note, t)}
          <DocumentTax doc={note} />
        </>
      ),
    },
    { label: 'billing.creditNotes.amount', num: true, cell: (note) => formatUsd(-note.amount, lang, { cents: true }) },
  ];
  return (
    <section className="billing-documents" aria-labelledby={`${ids}-notes`} data-testid="credit-notes">
      <h3 id={`${ids}-notes`}>{t('billing.creditNotes.title')}</h3>
      <DocumentsTable kind="credit-note" docs={data.items} columns={columns} pdfUrl={creditNotePdfUrl} />
    </section>
  );
}

/**
 * A customer's invoices and credit notes with their PDFs: the customer's own account (no `userId`), or an
 * administrator's view of one user.
 */
export function BillingDocuments({ userId, title, bare = false }: { userId?: string; title?: string; bare?: boolean }) {
  const { t } = useT(['account', 'common']);
  return (
    <section className="card billing-card" data-testid="billing-documents">
      {/* On the invoices page the page's title says it. */}
      {!bare && <h2>{title ?? t('billing.documentsTitle')}</h2>}
      <p className="muted">{t(userId ? 'billing.documentsIntroAdmin' : 'billing.documentsIntro')}</p>
      <Invoices {...(userId ? { userId } : {})} />
      <CreditNotes {...(userId ? { userId } : {})} />
    </section>
  );
}

/** How many of a subscription's invoices its card names (the newest); the rest are on the invoices page. */
const ON_CARD = 3;

/**
 * A subscription's own invoices and credit notes, where the subscription is shown: their numbers (each its PDF),
 * newest first, and the way to all of them (`allHref`: the account's invoices page). The customer's documents are
 * read once for every card on the page (one request, shared); `userId`: another user's (administrators, finance).
 */
export function SubscriptionDocuments({ subscriptionId, allHref, userId }: { subscriptionId: string; allHref: string; userId?: string }) {
  const { t } = useT(['account', 'common']);
  const lang = useLang();
  const { data } = useFindInvoicesQuery({ ...(userId ? { userId } : {}), pageSize: 100 });
  const invoices = (data?.items ?? []).filter((i) => i.subscriptionId === subscriptionId);
  const notes = invoices.flatMap((i) => i.creditNotes).sort((a, b) => (a.issuedAt < b.issuedAt ? 1 : -1));
  if (!data) return null;
  return (
    <p className="subscription-documents" data-testid="subscription-documents">
      {invoices.length === 0 ? (
        <span className="muted">{t('billing.cardNone')}</span>
      ) : (
        <>
          <span className="documents-label">{t('billing.invoices.title')}:</span>{' '}
          {invoices.slice(0, ON_CARD).map((i, n) => (
            <span key={i.number}>
              {n > 0 && ', '}
              <a href={invoicePdfUrl(i.number, lang)} download data-testid="subscription-invoice" aria-label={t('billing.invoices.downloadLabel', { number: i.number })} title={`${formatDate(i.paidAt, lang)} · ${formatUsd(i.total, lang, { cents: true })}`}>
                {i.number}
              </a>
            </span>
          ))}
          {notes.length > 0 && (
            <>
              {' · '}
              <span className="documents-label">{t('billing.creditNotes.title')}:</span>{' '}
              {notes.map((c, n) => (
                <span key={c.number}>
                  {n > 0 && ', '}
                  <a href={creditNotePdfUrl(c.number, lang)} download data-testid="subscription-credit-note" aria-label={t('billing.creditNotes.downloadLabel', { number: c.number })}>
                    {c.number}
                  </a>
                </span>
              ))}
            </>
          )}
        </>
      )}{' '}
      · <AppLink to={allHref} data-testid="subscription-invoices-link">{invoices.length > ON_CARD ? t('billing.allInvoicesCount', { count: invoices.length }) : t('billing.allInvoices')}</AppLink>
    </p>
  );
}
