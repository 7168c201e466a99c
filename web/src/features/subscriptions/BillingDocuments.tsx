import { useId, useState } from 'react';
import type { CreditNoteView } from '@relaycast/contracts';
import type { TFunction } from '../../app/shell/texts.js';
import { useLang, useT } from '../../app/shell/hooks.js';
import { formatUsd } from '../../app/shell/format.js';
import { formatDate } from '../ui/forms.js';
import { creditNotePdfUrl, invoicePdfUrl, useFindCreditNotesQuery, useFindInvoicesQuery } from './invoicesApi.js';
import { invoicePurpose } from './invoiceText.js';
import './billing.css';

const PAGE_SIZE = 20;

/** Invoices newest first, with what each paid for, its total, what its credit notes gave back, and its PDF. */
function Invoices({ userId }: { userId?: string }) {
  const { t } = useT(['account', 'common']);
  const lang = useLang();
  const ids = useId();
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useFindInvoicesQuery({ ...(userId ? { userId } : {}), page, pageSize: PAGE_SIZE });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
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
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('billing.invoices.number')}</th>
                <th scope="col">{t('billing.invoices.issued')}</th>
                <th scope="col">{t('billing.invoices.for')}</th>
                <th scope="col" className="num">
                  {t('billing.invoices.total')}
                </th>
                <th scope="col" className="num">
                  {t('billing.invoices.credited')}
                </th>
                <th scope="col">
                  <span className="sr-only">{t('billing.download')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((invoice) => (
                <tr key={invoice.number} data-testid="invoice" data-number={invoice.number}>
                  <td className="nowrap">
                    {invoice.number}
                    {invoice.book === 'demo' && (
                      <>
                        {' '}
                        <span className="badge" data-testid="invoice-demo">
                          {t('billing.demo')}
                        </span>
                      </>
                    )}
                  </td>
                  <td className="nowrap">{formatDate(invoice.issuedAt, lang)}</td>
                  <td>{invoicePurpose(invoice, t, lang)}</td>
                  <td className="num">{formatUsd(invoice.total, lang, { cents: true })}</td>
                  <td className="num">{invoice.credited ? formatUsd(-invoice.credited, lang, { cents: true }) : '—'}</td>
                  <td>
                    <a className="btn btn-small btn-outline" href={invoicePdfUrl(invoice.number)} download data-testid="invoice-download" aria-label={t('billing.invoices.downloadLabel', { number: invoice.number })}>
                      {t('billing.download')}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
  return (
    <section className="billing-documents" aria-labelledby={`${ids}-notes`} data-testid="credit-notes">
      <h3 id={`${ids}-notes`}>{t('billing.creditNotes.title')}</h3>
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('billing.creditNotes.number')}</th>
              <th scope="col">{t('billing.invoices.issued')}</th>
              <th scope="col">{t('billing.creditNotes.invoice')}</th>
              <th scope="col">{t('billing.creditNotes.reason')}</th>
              <th scope="col" className="num">
                {t('billing.creditNotes.amount')}
              </th>
              <th scope="col">
                <span className="sr-only">{t('billing.download')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((note) => (
              <tr key={note.number} data-testid="credit-note" data-number={note.number}>
                <td className="nowrap">
                  {note.number}
                  {note.book === 'demo' && (
                    <>
                      {' '}
                      <span className="badge">{t('billing.demo')}</span>
                    </>
                  )}
                </td>
                <td className="nowrap">{formatDate(note.issuedAt, lang)}</td>
                <td className="nowrap">{note.invoiceNumber}</td>
                <td>{reasonOf(note, t)}</td>
                <td className="num">{formatUsd(-note.amount, lang, { cents: true })}</td>
                <td>
                  <a className="btn btn-small btn-outline" href={creditNotePdfUrl(note.number)} download data-testid="credit-note-download" aria-label={t('billing.creditNotes.downloadLabel', { number: note.number })}>
                    {t('billing.download')}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * A customer's invoices and credit notes with their PDFs: the customer's own account (no `userId`), or an
 * administrator's view of one user.
 */
export function BillingDocuments({ userId, title }: { userId?: string; title?: string }) {
  const { t } = useT(['account', 'common']);
  return (
    <section className="card billing-card" data-testid="billing-documents">
      <h2>{title ?? t('billing.documentsTitle')}</h2>
      <p className="muted">{t(userId ? 'billing.documentsIntroAdmin' : 'billing.documentsIntro')}</p>
      <Invoices {...(userId ? { userId } : {})} />
      <CreditNotes {...(userId ? { userId } : {})} />
    </section>
  );
}
