import { useEffect, useId, useState } from 'react';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { AppLink } from '../../../app/shell/ui/AppLink.js';
import { PageLoading } from '../../../app/shell/layout/PageLoading.js';
import { formatDate } from '../../ui/forms.js';
import type { ViewProps } from '../viewProps.js';
import { useFinanceLedgerQuery, useFinanceTrialBalanceQuery } from './financeApi.js';
import { downloadLedgerCsv } from './download.js';
import { formatDay, formatMoney } from './format.js';
import { FinanceFrame, LoadFailed, type FinanceScope } from './Frame.js';
import { accountKindWord, accountWord, entryWord, LEDGER_MAX_DAYS, ledgerLines, ledgerRangeOf, ledgerRangeProblem, trialBalanceTable } from './ledger.js';
import { planWord } from './model.js';

/** One currency per book; the catalogue prices in US dollars. */
const CURRENCY = 'USD';
const PAGE_SIZE = 50;
const detailsPath = (id: string) => `/admin/subscriptions/purchase-details?subscription=${encodeURIComponent(id)}`;

/** The trial balance at the end of the chosen day: every account's debits, credits and balance, and the totals. */
function TrialBalance({ scope }: { scope: FinanceScope }) {
  const { t } = useT('finance');
  const lang = useLang();
  const id = useId();
  const query = useFinanceTrialBalanceQuery({ asOf: scope.asOf, book: scope.book, currency: CURRENCY }, { refetchOnMountOrArgChange: true });
  const title = t('ledger.trialTitle', { day: formatDay(scope.asOf, lang) });
  const money = (cents: number) => (cents ? formatMoney(cents, CURRENCY, lang) : '—');
  let body;
  if (query.isError) body = <LoadFailed what={t('ledger.trialName')} />;
  else if (!query.data) body = <PageLoading />;
  else {
    const table = trialBalanceTable(query.data);
    body = (
      <>
        <div className="table-wrap" tabIndex={0} role="region" aria-label={title}>
          <table className="data-table finance-table finance-trial" data-testid="trial-balance-table" aria-busy={query.isFetching}>
            <thead>
              <tr>
                <th scope="col">{t('ledger.account')}</th>
                <th scope="col" className="num">
                  {t('ledger.debits')}
                </th>
                <th scope="col" className="num">
                  {t('ledger.credits')}
                </th>
                <th scope="col" className="num">
                  {t('ledger.debitBalance')}
                </th>
                <th scope="col" className="num">
                  {t('ledger.creditBalance')}
                </th>
              </tr>
            </thead>
            <tbody>
              {table.rows.length === 0 && (
                <tr>
                  <td colSpan={5} className="muted" data-testid="trial-balance-none">
                    {t(scope.book === 'demo' ? 'ledger.noneDemo' : 'ledger.none')}
                  </td>
                </tr>
              )}
              {table.rows.map((r) => (
                <tr key={r.account} data-testid="trial-balance-row" data-account={r.account}>
                  <th scope="row">
                    {accountWord(r.account, t)}
                    <span className="finance-account-kind">{accountKindWord(r.kind, t)}</span>
                  </th>
                  <td className="num" data-field="debit">
                    {money(r.debit)}
                  </td>
                  <td className="num" data-field="credit">
                    {money(r.credit)}
                  </td>
                  <td className="num" data-field="debitBalance">
                    {money(r.debitBalance)}
                  </td>
                  <td className="num" data-field="creditBalance">
                    {money(r.creditBalance)}
                  </td>
                </tr>
              ))}
            </tbody>
            {table.rows.length > 0 && (
              <tfoot>
                <tr className="finance-total" data-testid="trial-balance-total">
                  <th scope="row">{t('columns.total')}</th>
                  <td className="num">{formatMoney(table.totals.debit, CURRENCY, lang)}</td>
                  <td className="num">{formatMoney(table.totals.credit, CURRENCY, lang)}</td>
                  <td className="num">{formatMoney(table.totals.debitBalance, CURRENCY, lang)}</td>
                  <td className="num">{formatMoney(table.totals.creditBalance, CURRENCY, lang)}</td>
                </tr>
              </tfoot>
            )}
          </table>
        </div>
        {table.balanced ? (
          <p className="note" data-testid="trial-balance-verdict" data-balanced="true">
            {t('ledger.balanced')}
          </p>
        ) : (
          <p className="note note-warning" role="alert" data-testid="trial-balance-verdict" data-balanced="false">
            {t('ledger.unbalanced', { difference: formatMoney(Math.abs(table.totals.debit - table.totals.credit), CURRENCY, lang) })}
          </p>
        )}
      </>
    );
  }
  return (
    <section className="finance-section" aria-labelledby={`${id}-title`} data-testid="section-trial-balance">
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="muted finance-definition">{t('ledger.trialHint')}</p>
      {body}
      <details className="finance-accounts">
        <summary>{t('ledger.accountsTitle')}</summary>
        <dl>
          {(['paypal-clearing', 'paypal-disputed', 'deferred-revenue', 'customer-credit', 'revenue', 'refunds', 'tax-payable'] as const).map((a) => (
            <div key={a}>
              <dt>{t(`ledger.accountNames.${a}`)}</dt>
              <dd>{t(`ledger.accountDefinitions.${a}`)}</dd>
            </div>
          ))}
        </dl>
        <p className="muted">{t('ledger.feesNote')}</p>
      </details>
    </section>
  );
}

/** The ledger of a range of days: each entry with what made it, its lines by account, paged; and the CSV file. */
function Ledger({ scope }: { scope: FinanceScope }) {
  const { t } = useT('finance');
  const lang = useLang();
  const id = useId();
  const [range, setRange] = useState(() => ledgerRangeOf(scope.asOf));
  const [typed, setTyped] = useState(range);
  const [page, setPage] = useState(1);
  const [download, setDownload] = useState<'idle' | 'busy' | 'failed'>('idle');
  // Another day chosen above: the ledger of its month to that day.
  useEffect(() => {
    const next = ledgerRangeOf(scope.asOf);
    setRange(next);
    setTyped(next);
    setPage(1);
  }, [scope.asOf]);
  useEffect(() => setPage(1), [scope.book]);
  const problem = ledgerRangeProblem(typed.from, typed.to);
  const choose = (next: { from: string; to: string }) => {
    setTyped(next);
    if (!ledgerRangeProblem(next.from, next.to)) {
      setRange(next);
      setPage(1);
    }
  };
  const args = { from: range.from, to: range.to, book: scope.book, currency: CURRENCY };
  const query = useFinanceLedgerQuery({ ...args, page, pageSize: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.pageSize)) : 1;
  const title = t('ledger.ledgerTitle');
  const save = async () => {
    setDownload('busy');
    try {
      await downloadLedgerCsv(args);
      setDownload('idle');
    } catch {
      setDownload('failed');
    }
  };
  return (
    <section className="finance-section" aria-labelledby={`${id}-title`} data-testid="section-ledger">
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="muted finance-definition">{t('ledger.ledgerHint')}</p>
      <div className="finance-export-fields">
        <div className="field">
          <label htmlFor={`${id}-from`}>{t('documents.from')}</label>
          <input id={`${id}-from`} type="date" value={typed.from} onChange={(e) => choose({ ...typed, from: e.target.value })} aria-invalid={problem !== null} data-testid="ledger-from" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t('documents.to')}</label>
          <input id={`${id}-to`} type="date" value={typed.to} onChange={(e) => choose({ ...typed, to: e.target.value })} aria-invalid={problem !== null} data-testid="ledger-to" />
        </div>
      </div>
      {problem && (
        <p className="note note-warning" role="alert" data-testid="ledger-range-invalid">
          {t(`ledger.range.${problem}`, { days: LEDGER_MAX_DAYS })}
        </p>
      )}
      <p className="muted finance-definition" data-testid="ledger-range">
        {t('ledger.rangeShown', { from: formatDay(range.from, lang), to: formatDay(range.to, lang) })}
      </p>
      <div className="finance-ledger-actions">
        <button type="button" className="btn btn-small btn-outline" onClick={() => void save()} disabled={download === 'busy'} data-testid="ledger-csv">
          {t('ledger.csv')}
        </button>
        <span className="muted field-hint">{t('ledger.csvHint')}</span>
      </div>
      {download === 'failed' && (
        <p className="note note-warning" role="alert" data-testid="ledger-csv-failed">
          {t('ledger.csvFailed')}
        </p>
      )}
      {query.isError ? (
        <LoadFailed what={title} />
      ) : !query.data ? (
        <PageLoading />
      ) : query.data.items.length === 0 ? (
        <p className="muted" data-testid="ledger-none">
          {t('ledger.noEntries')}
        </p>
      ) : (
        <>
          <div className="table-wrap" tabIndex={0} role="region" aria-label={title}>
            <table className="data-table finance-table finance-ledger" data-testid="ledger-table" aria-busy={query.isFetching}>
              <thead>
                <tr>
                  <th scope="col">{t('ledger.when')}</th>
                  <th scope="col">{t('ledger.what')}</th>
                  <th scope="col">{t('columns.subscription')}</th>
                  <th scope="col">{t('ledger.account')}</th>
                  <th scope="col" className="num">
                    {t('ledger.debit')}
                  </th>
                  <th scope="col" className="num">
                    {t('ledger.credit')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {ledgerLines(query.data.items).map(({ entry, posting, first, lines }, i) => (
                  <tr key={`${entry.id}|${i}`} className={first ? 'finance-entry-first' : 'finance-entry-more'} data-testid={first ? 'ledger-entry' : undefined} data-entry={entry.id}>
                    {first && (
                      <>
                        <td rowSpan={lines} className="nowrap">
                          {entry.kind === 'recognition' ? formatDay(entry.day, lang) : formatDate(entry.at, lang, true)}
                        </td>
                        <th scope="row" rowSpan={lines} data-field="what">
                          {entryWord(entry, t)}
                        </th>
                        <td rowSpan={lines}>
                          {entry.subscriptionId ? (
                            <>
                              <AppLink to={detailsPath(entry.subscriptionId)}>{planWord(entry.plan, t)}</AppLink>
                              <br />
                              <code className="finance-id">{entry.subscriptionId.slice(0, 8)}</code>
                            </>
                          ) : (
                            t('ledger.allOfPlan', { plan: planWord(entry.plan, t) })
                          )}
                        </td>
                      </>
                    )}
                    <td data-field="account">{accountWord(posting.account, t)}</td>
                    <td className="num" data-field="debit">
                      {posting.debit ? formatMoney(posting.debit, entry.currency, lang) : ''}
                    </td>
                    <td className="num" data-field="credit">
                      {posting.credit ? formatMoney(posting.credit, entry.currency, lang) : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="pager" data-testid="ledger-pager">
            <button type="button" className="btn btn-small btn-outline" disabled={page <= 1} onClick={() => setPage(page - 1)} data-testid="ledger-previous">
              {t('documents.previous')}
            </button>
            <span className="muted" data-testid="ledger-page">
              {t('ledger.pageOf', { page, pages, total: query.data.total })}
            </span>
            <button type="button" className="btn btn-small btn-outline" disabled={page >= pages} onClick={() => setPage(page + 1)} data-testid="ledger-next">
              {t('documents.next')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

/**
 * /admin/finance/ledger: the books — the trial balance at the end of the chosen day (every account's debits,
 * credits and balance; they balance), and the ledger of a range of days with each entry's event, paged, as CSV too.
 */
export default function LedgerView(_props: ViewProps) {
  return (
    <FinanceFrame page="ledger">
      {(scope) => (
        <div className="finance-body" data-testid="ledger-body">
          <TrialBalance scope={scope} />
          <Ledger scope={scope} />
        </div>
      )}
    </FinanceFrame>
  );
}
