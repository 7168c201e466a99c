import { useId, useState, type ReactNode } from 'react';
import type { CreditNoteView, InvoiceView } from '@relaycast/contracts';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { AppLink } from '../../../app/shell/ui/AppLink.js';
import { formatDate } from '../../ui/forms.js';
import { creditNotePdfUrl, invoicePdfUrl, useFindCreditNotesQuery, useFindInvoicesQuery } from '../../subscriptions/invoicesApi.js';
import { invoicePurpose } from '../../subscriptions/invoiceText.js';
import type { ViewProps } from '../viewProps.js';
import { invoicesCsvUrl } from './financeApi.js';
import { formatMoney, isDay, monthRange } from './format.js';
import { FinanceFrame, type FinanceScope } from './Frame.js';
import type { FinanceBook } from './model.js';

const PAGE_SIZE = 20;
const detailsPath = (id: string) => `/admin/subscriptions/purchase-details?subscription=${encodeURIComponent(id)}`;
const customerOf = (doc: Pick<InvoiceView, 'customer'>) => [doc.customer.company, doc.customer.name].filter(Boolean).join(' · ');

/** Every invoice and credit note of a range of days as CSV (GET /invoices/export.csv), of one book or both. */
function Export({ scope }: { scope: FinanceScope }) {
  const { t } = useT('finance');
  const id = useId();
  const initial = monthRange(scope.asOf);
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [book, setBook] = useState<FinanceBook | 'all'>(scope.book);
  const valid = isDay(from) && isDay(to) && from <= to;
  return (
    <section className="card finance-export" aria-labelledby={`${id}-title`} data-testid="documents-export">
      <h2 id={`${id}-title`}>{t('documents.exportTitle')}</h2>
      <p className="muted finance-definition">{t('documents.exportHint')}</p>
      <div className="finance-export-fields">
        <div className="field">
          <label htmlFor={`${id}-from`}>{t('documents.from')}</label>
          <input id={`${id}-from`} type="date" value={from} onChange={(e) => setFrom(e.target.value)} data-testid="export-from" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t('documents.to')}</label>
          <input id={`${id}-to`} type="date" value={to} onChange={(e) => setTo(e.target.value)} aria-invalid={!valid} data-testid="export-to" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-book`}>{t('documents.book')}</label>
          <select id={`${id}-book`} value={book} onChange={(e) => setBook(e.target.value as FinanceBook | 'all')} data-testid="export-book">
            <option value="real">{t('scope.books.real')}</option>
            <option value="demo">{t('scope.books.demo')}</option>
            <option value="all">{t('documents.bothBooks')}</option>
          </select>
        </div>
      </div>
      {valid ? (
        <a className="btn btn-small btn-primary" href={invoicesCsvUrl({ from, to, book })} download data-testid="invoices-csv">
          {t('documents.download')}
        </a>
      ) : (
        <p className="note note-warning" role="alert" data-testid="export-invalid">
          {t('documents.badRange')}
        </p>
      )}
    </section>
  );
}

function Pager({ page, pages, setPage }: { page: number; pages: number; setPage: (p: number) => void }) {
  const { t } = useT('finance');
  if (pages <= 1) return null;
  return (
    <div className="pager">
      <button type="button" className="btn btn-small btn-outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        {t('documents.previous')}
      </button>
      <span className="muted">{t('documents.pageOf', { page, pages })}</span>
      <button type="button" className="btn btn-small btn-outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
        {t('documents.next')}
      </button>
    </div>
  );
}

function DemoMark({ book }: { book: string }) {
  const { t } = useT('finance');
  return book === 'demo' ? (
    <>
      {' '}
      <span className="badge finance-demo-badge" data-testid="demo-mark">
        {t('scope.demoMark')}
      </span>
    </>
  ) : null;
}

/** One paged list of documents: its title and definition, then loading, failure, none, or the table and the pager. */
function DocumentList<T>(props: {
  testId: string;
  title: string;
  hint: string;
  none: { text: string; testId: string };
  query: { data?: { items: T[]; total: number; pageSize: number }; isLoading: boolean; isError: boolean };
  tableTestId: string;
  head: readonly { label: string; num?: boolean; srOnly?: boolean }[];
  row: (item: T) => ReactNode;
  page: number;
  setPage: (page: number) => void;
}) {
  const { t } = useT('finance');
  const id = useId();
  const { data, isLoading, isError } = props.query;
  return (
    <section className="finance-section" aria-labelledby={`${id}-title`} data-testid={props.testId}>
      <h2 id={`${id}-title`}>{props.title}</h2>
      <p className="muted finance-definition">{props.hint}</p>
      {isLoading ? (
        <p className="muted">{t('loading')}</p>
      ) : isError || !data ? (
        <p className="note note-warning" role="alert">
          {t('failed', { what: props.title })}
        </p>
      ) : data.items.length === 0 ? (
        <p className="muted" data-testid={props.none.testId}>
          {props.none.text}
        </p>
      ) : (
        <>
          <div className="table-wrap" tabIndex={0} role="region" aria-label={props.title}>
            <table className="data-table finance-table" data-testid={props.tableTestId}>
              <thead>
                <tr>
                  {props.head.map((column) => (
                    <th key={column.label} scope="col" className={column.num ? 'num' : undefined}>
                      {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>{data.items.map(props.row)}</tbody>
            </table>
          </div>
          <Pager page={props.page} pages={Math.max(1, Math.ceil(data.total / data.pageSize))} setPage={props.setPage} />
        </>
      )}
    </section>
  );
}

/** Every customer's invoices, newest first: number, day, customer, what it paid for, total, credited, PDF. */
function Invoices() {
  const { t } = useT('finance');
  const { t: ta } = useT('account');
  const lang = useLang();
  const [page, setPage] = useState(1);
  const query = useFindInvoicesQuery({ page, pageSize: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  return (
    <DocumentList<InvoiceView>
      testId="documents-invoices"
      title={t('documents.invoicesTitle')}
      hint={t('documents.invoicesHint')}
      none={{ text: t('documents.noInvoices'), testId: 'invoices-none' }}
      query={query}
      tableTestId="invoices-table"
      head={[
        { label: t('columns.number') },
        { label: t('columns.issued') },
        { label: t('columns.customer') },
        { label: t('columns.for') },
        { label: t('columns.total'), num: true },
        { label: t('columns.credited'), num: true },
        { label: t('documents.pdf'), srOnly: true },
      ]}
      page={page}
      setPage={setPage}
      row={(invoice) => (
        <tr key={invoice.number} data-testid="invoice-row" data-number={invoice.number}>
          <th scope="row" className="nowrap">
            {invoice.number}
            <DemoMark book={invoice.book} />
          </th>
          <td className="nowrap">{formatDate(invoice.issuedAt, lang)}</td>
          <td>{customerOf(invoice)}</td>
          <td>
            <AppLink to={detailsPath(invoice.subscriptionId)}>{invoicePurpose(invoice, ta, lang)}</AppLink>
          </td>
          <td className="num">{formatMoney(invoice.total, invoice.currency, lang)}</td>
          <td className="num">{invoice.credited ? formatMoney(-invoice.credited, invoice.currency, lang) : '—'}</td>
          <td>
            <a className="btn btn-small btn-outline" href={invoicePdfUrl(invoice.number)} download data-testid="invoice-pdf" aria-label={t('documents.invoicePdf', { number: invoice.number })}>
              {t('documents.pdf')}
            </a>
          </td>
        </tr>
      )}
    />
  );
}

const reasonOf = (note: CreditNoteView, t: (key: string) => string) => (note.reason === 'REVERSAL' ? t('documents.reversal') : t('documents.refund'));

/** Every customer's credit notes, newest first: number, day, customer, its invoice, why, amount, PDF. */
function CreditNotes() {
  const { t } = useT('finance');
  const lang = useLang();
  const [page, setPage] = useState(1);
  const query = useFindCreditNotesQuery({ page, pageSize: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  return (
    <DocumentList<CreditNoteView>
      testId="documents-credit-notes"
      title={t('documents.notesTitle')}
      hint={t('documents.notesHint')}
      none={{ text: t('documents.noNotes'), testId: 'notes-none' }}
      query={query}
      tableTestId="notes-table"
      head={[
        { label: t('columns.number') },
        { label: t('columns.issued') },
        { label: t('columns.customer') },
        { label: t('columns.invoice') },
        { label: t('columns.reason') },
        { label: t('columns.amount'), num: true },
        { label: t('documents.pdf'), srOnly: true },
      ]}
      page={page}
      setPage={setPage}
      row={(note) => (
        <tr key={note.number} data-testid="note-row" data-number={note.number}>
          <th scope="row" className="nowrap">
            {note.number}
            <DemoMark book={note.book} />
          </th>
          <td className="nowrap">{formatDate(note.issuedAt, lang)}</td>
          <td>{customerOf(note)}</td>
          <td className="nowrap">
            <AppLink to={detailsPath(note.subscriptionId)}>{note.invoiceNumber}</AppLink>
          </td>
          <td>{reasonOf(note, t)}</td>
          <td className="num">{formatMoney(-note.amount, note.currency, lang)}</td>
          <td>
            <a className="btn btn-small btn-outline" href={creditNotePdfUrl(note.number)} download data-testid="note-pdf" aria-label={t('documents.notePdf', { number: note.number })}>
              {t('documents.pdf')}
            </a>
          </td>
        </tr>
      )}
    />
  );
}

/** /admin/finance/documents: the invoices and credit notes of every customer, with their PDFs, and the CSV export. */
export default function DocumentsView(_props: ViewProps) {
  return (
    <FinanceFrame page="documents">
      {(scope) => (
        <div className="finance-body" data-testid="documents-body">
          <Export key={`${scope.asOf}|${scope.book}`} scope={scope} />
          <Invoices />
          <CreditNotes />
        </div>
      )}
    </FinanceFrame>
  );
}
