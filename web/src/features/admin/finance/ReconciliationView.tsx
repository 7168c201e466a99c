import { useId, useState } from 'react';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { AppLink } from '../../../app/shell/ui/AppLink.js';
import { PageLoading } from '../../../app/shell/layout/PageLoading.js';
import { formatDate } from '../../ui/forms.js';
import type { ViewProps } from '../viewProps.js';
import { downloadReconciliationCsv } from './download.js';
import { useFinanceReplayQuery, useFinanceVerifyQuery } from './financeApi.js';
import { formatCount, formatDay, formatMoney, formatMonth } from './format.js';
import { FinanceFrame, LoadFailed, type FinanceScope } from './Frame.js';
import { planWord, reportOfBook, statusWord, verifyWords } from './model.js';

const detailsPath = (id: string) => `/admin/subscriptions/purchase-details?subscription=${encodeURIComponent(id)}`;
const MONEY_COLUMNS = ['ordered', 'captured', 'refunded', 'outstanding', 'withdrawn', 'net', 'creditUsed', 'vat', 'netOfVat'] as const;

/** The read-model check (POST /finance/verify): run on demand, its result in words. */
function ReadModelCheck() {
  const { t } = useT('finance');
  const [run, setRun] = useState(0);
  const { data, isFetching, isError } = useFinanceVerifyQuery(run, { skip: run === 0 });
  const words = data ? verifyWords(data, t) : null;
  return (
    <section className="card finance-verify" aria-labelledby="verify-title" data-testid="verify">
      <h2 id="verify-title">{t('verify.title')}</h2>
      <p className="muted finance-definition">{t('verify.hint')}</p>
      <button type="button" className="btn btn-small btn-outline" onClick={() => setRun((n) => n + 1)} disabled={isFetching} data-testid="verify-run">
        {isFetching ? t('verify.running') : t('verify.run')}
      </button>
      {isError && !isFetching && (
        <p className="note note-warning" role="alert" data-testid="verify-result" data-ok="false">
          {t('verify.error')}
        </p>
      )}
      {words && !isFetching && (
        <div className={`note${words.ok ? ' note-success' : ' note-warning'}`} role="status" data-testid="verify-result" data-ok={String(words.ok)}>
          <p>{words.sentence}</p>
          {words.lines.length > 0 && (
            <ul>
              {words.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

function Reconciliation({ scope }: { scope: FinanceScope }) {
  const { t } = useT('finance');
  const { t: ta } = useT('account');
  const lang = useLang();
  const id = useId();
  const [cut, setCut] = useState<'day' | 'position'>('day');
  const [position, setPosition] = useState('');
  const [applied, setApplied] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<'idle' | 'busy' | 'failed'>('idle');
  const to = cut === 'position' && applied ? applied : scope.asOf;
  const { data, isFetching, isError } = useFinanceReplayQuery({ to }, { refetchOnMountOrArgChange: true });
  const validPosition = /^\d{1,19}$/.test(position.trim());
  return (
    <div className="finance-body" aria-busy={isFetching} data-testid="reconciliation-body">
      <section className="card finance-cut" aria-labelledby={`${id}-cut`}>
        <h2 id={`${id}-cut`}>{t('reconciliation.cutTitle')}</h2>
        <div className="finance-cut-choices" role="radiogroup" aria-labelledby={`${id}-cut`}>
          <label>
            <input type="radio" name={`${id}-cut`} checked={cut === 'day'} onChange={() => setCut('day')} data-testid="cut-day" />
            {t('reconciliation.cutDay', { day: formatDay(scope.asOf, lang) })}
          </label>
          <label>
            <input type="radio" name={`${id}-cut`} checked={cut === 'position'} onChange={() => setCut('position')} data-testid="cut-position" />
            {t('reconciliation.cutPosition')}
          </label>
        </div>
        {cut === 'position' && (
          <form
            className="finance-position"
            onSubmit={(e) => {
              e.preventDefault();
              if (validPosition) setApplied(position.trim());
            }}
          >
            <label htmlFor={`${id}-position`}>{t('reconciliation.position')}</label>
            <input id={`${id}-position`} inputMode="numeric" value={position} onChange={(e) => setPosition(e.target.value)} aria-invalid={position !== '' && !validPosition} data-testid="cut-position-value" />
            <button type="submit" className="btn btn-small btn-primary" disabled={!validPosition} data-testid="cut-position-apply">
              {t('reconciliation.apply')}
            </button>
            <p className="muted field-hint">{t('reconciliation.positionHint', { head: data ? formatCount(Number(data.asOf.position), lang) : '…' })}</p>
          </form>
        )}
        <p className="muted finance-definition">{t('reconciliation.cutHint')}</p>
      </section>

      {isError ? (
        <LoadFailed what={t('pages.reconciliation.title')} />
      ) : !data ? (
        <PageLoading />
      ) : (
        (() => {
          const { rows, totals } = reportOfBook(data, scope.book);
          const disputes = data.disputes.filter((d) => rows.some((r) => r.subscriptionId === d.subscriptionId));
          return (
            <>
              <p className="finance-as-of" data-testid="reconciliation-as-of">
                {data.asOf.to
                  ? t('reconciliation.asOfDay', { day: formatDay(data.asOf.to.slice(0, 10), lang), position: formatCount(Number(data.asOf.position), lang), events: formatCount(data.asOf.events, lang) })
                  : t('reconciliation.asOfPosition', { position: formatCount(Number(data.asOf.position), lang), events: formatCount(data.asOf.events, lang) })}
              </p>
              <div className="card-actions">
                <button
                  type="button"
                  className="btn btn-small btn-outline"
                  disabled={downloading === 'busy'}
                  data-testid="reconciliation-csv"
                  onClick={() => {
                    setDownloading('busy');
                    downloadReconciliationCsv(to).then(
                      () => setDownloading('idle'),
                      () => setDownloading('failed'),
                    );
                  }}
                >
                  {t('reconciliation.csv')}
                </button>
                <span className="muted field-hint">{t('reconciliation.csvHint')}</span>
              </div>
              {downloading === 'failed' && (
                <p className="note note-warning" role="alert">
                  {t('reconciliation.csvFailed')}
                </p>
              )}

              <section className="finance-section" aria-labelledby={`${id}-totals`} data-testid="reconciliation-totals">
                <h2 id={`${id}-totals`}>{t('reconciliation.totalsTitle')}</h2>
                <p className="muted finance-definition">{t('reconciliation.definition')}</p>
                <div className="table-wrap" tabIndex={0} role="region" aria-label={t('reconciliation.totalsTitle')}>
                  <table className="data-table finance-table" data-testid="totals-table">
                    <thead>
                      <tr>
                        <th scope="col">{t('columns.plan')}</th>
                        {MONEY_COLUMNS.map((c) => (
                          <th key={c} scope="col" className="num">
                            {t(`columns.${c}`)}
                          </th>
                        ))}
                        <th scope="col" className="num">
                          {t('columns.subscriptions')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {totals.byCurrency.length === 0 && (
                        <tr>
                          <td colSpan={MONEY_COLUMNS.length + 2} className="muted">
                            {t(scope.book === 'demo' ? 'reconciliation.noneDemo' : 'reconciliation.none')}
                          </td>
                        </tr>
                      )}
                      {totals.byPlan.map((p) => (
                        <tr key={`${p.planId}|${p.currency}`} data-testid="totals-plan" data-plan={p.planId} data-currency={p.currency}>
                          <th scope="row">{planWord(p.planId, t)}</th>
                          {MONEY_COLUMNS.map((c) => (
                            <td key={c} className="num" data-field={c}>
                              {formatMoney(p[c], p.currency, lang)}
                            </td>
                          ))}
                          <td className="num">{formatCount(p.subscriptions, lang)}</td>
                        </tr>
                      ))}
                      {totals.byCurrency.map((c) => (
                        <tr key={c.currency} className="finance-total" data-testid="totals-currency" data-currency={c.currency}>
                          <th scope="row">{t('reconciliation.allPlans', { currency: c.currency })}</th>
                          {MONEY_COLUMNS.map((k) => (
                            <td key={k} className="num" data-field={k}>
                              {formatMoney(c[k], c.currency, lang)}
                            </td>
                          ))}
                          <td className="num">{formatCount(c.subscriptions, lang)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>

              <section className="finance-section" aria-labelledby={`${id}-rows`} data-testid="reconciliation-rows">
                <h2 id={`${id}-rows`}>{t('reconciliation.rowsTitle')}</h2>
                <p className="muted finance-definition">{t('reconciliation.rowsHint')}</p>
                <div className="table-wrap" tabIndex={0} role="region" aria-label={t('reconciliation.rowsTitle')}>
                  <table className="data-table finance-table" data-testid="rows-table">
                    <thead>
                      <tr>
                        <th scope="col">{t('columns.subscription')}</th>
                        <th scope="col">{t('columns.ordersOf')}</th>
                        <th scope="col">{t('columns.status')}</th>
                        {MONEY_COLUMNS.map((c) => (
                          <th key={c} scope="col" className="num">
                            {t(`columns.${c}`)}
                          </th>
                        ))}
                        <th scope="col">{t('columns.servicePeriod')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.length === 0 && (
                        <tr>
                          <td colSpan={MONEY_COLUMNS.length + 4} className="muted">
                            {t(scope.book === 'demo' ? 'reconciliation.noneDemo' : 'reconciliation.none')}
                          </td>
                        </tr>
                      )}
                      {rows.map((r) => (
                        <tr key={`${r.subscriptionId}|${r.period}|${r.currency}|${r.demo ? 'demo' : 'real'}`} data-testid="reconciliation-row" data-subscription={r.subscriptionId} data-period={r.period}>
                          <th scope="row">
                            <AppLink to={detailsPath(r.subscriptionId)} data-testid="reconciliation-drill">
                              {planWord(r.planId, t)}
                            </AppLink>{' '}
                            {r.demo && (
                              <span className="badge finance-demo-badge" data-testid="demo-mark">
                                {t('scope.demoMark')}
                              </span>
                            )}
                            <br />
                            {/* The id's start tells two subscriptions of a plan apart; the CSV has it whole. */}
                            <code className="finance-id">{r.subscriptionId.slice(0, 8)}</code>
                          </th>
                          <td className="nowrap">{formatMonth(r.period, lang, 'short')}</td>
                          <td>{statusWord(r.status, t, ta)}</td>
                          {MONEY_COLUMNS.map((c) => (
                            <td key={c} className="num" data-field={c}>
                              {formatMoney(r[c], r.currency, lang)}
                            </td>
                          ))}
                          <td className="finance-period">{r.servicePeriodStart ? `${formatDate(r.servicePeriodStart, lang)} – ${formatDate(r.servicePeriodEnd, lang)}` : '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>

              {disputes.length > 0 && (
                <section className="finance-section" aria-labelledby={`${id}-disputes`} data-testid="reconciliation-disputes">
                  <h2 id={`${id}-disputes`}>{t('reconciliation.disputesTitle')}</h2>
                  <div className="table-wrap" tabIndex={0} role="region" aria-label={t('reconciliation.disputesTitle')}>
                    <table className="data-table finance-table">
                      <thead>
                        <tr>
                          <th scope="col">{t('columns.subscription')}</th>
                          <th scope="col">{t('columns.disputeStage')}</th>
                          <th scope="col">{t('columns.status')}</th>
                          <th scope="col" className="num">
                            {t('columns.amount')}
                          </th>
                          <th scope="col">{t('columns.updated')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {disputes.map((d) => (
                          <tr key={d.disputeId}>
                            <th scope="row">
                              <AppLink to={detailsPath(d.subscriptionId)}>{t('reconciliation.dispute')}</AppLink> <code className="finance-id">{d.disputeId}</code>
                            </th>
                            <td>{t(`disputeStages.${d.stage}`, { defaultValue: t('disputeStages.other') })}</td>
                            <td>{ta(`disputeStatus.${d.status}`, { defaultValue: ta('disputeStatus.OTHER') })}</td>
                            <td className="num">{d.amount !== null && d.currency ? formatMoney(d.amount, d.currency, lang) : '—'}</td>
                            <td className="nowrap">{formatDate(d.updatedAt, lang)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </section>
              )}
            </>
          );
        })()
      )}

      <ReadModelCheck />
    </div>
  );
}

/**
 * /admin/finance/reconciliation: the reconciliation report replayed to the end of the as-of day or to an event
 * position — totals per plan and currency, a row per subscription and order month (each to its subscription's
 * history), disputes — its CSV, and the read-model check; the real book and the demo payments apart.
 */
export default function ReconciliationView(_props: ViewProps) {
  return <FinanceFrame page="reconciliation">{(scope) => <Reconciliation scope={scope} />}</FinanceFrame>;
}
