import { useCallback, useMemo } from 'react';
import type { Language } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { PageLoading } from '../../../app/shell/layout/PageLoading.js';
import type { ViewProps } from '../viewProps.js';
import { Chart, type ChartSeries } from './Chart.js';
import { useFinanceOverviewQuery, useFinanceRecognitionQuery } from './financeApi.js';
import { formatMoney, formatMoneyShort, formatMonth, monthOfDay } from './format.js';
import { FinanceFrame, LoadFailed, type FinanceScope } from './Frame.js';
import { overviewCurrencies, planWord, recognisedByMonthAndPlan, waterfallColumns } from './model.js';
import type { FinanceOverviewView, FinanceRecognitionView } from './types.js';

/** Recognised (bars) and deferred at each month's end (bars beside), one currency. */
function RecognitionChart({ overview, currency, lang }: { overview: FinanceOverviewView; currency: string; lang: Language }) {
  const { t } = useT('finance');
  const { x, labels, series } = useMemo(
    () => ({
      x: overview.months.map((_, i) => i),
      labels: overview.months.map((m) => formatMonth(m.month, lang, 'short')),
      series: [
        { key: 'recognised', label: t('columns.recognised'), color: '--fin-new', values: overview.months.map((m) => (m.recognised[currency] ?? 0) / 100) },
        { key: 'deferred', label: t('columns.deferredAtEnd'), color: '--fin-contraction', values: overview.months.map((m) => (m.deferred[currency] ?? 0) / 100) },
      ] satisfies ChartSeries[],
    }),
    [overview, currency, lang, t],
  );
  const formatValue = useCallback((v: number) => formatMoneyShort(v * 100, currency, lang), [currency, lang]);
  return <Chart testId={`chart-recognition-${currency}`} label={t('recognition.chart', { currency })} kind="bars" x={x} xLabels={labels} series={series} formatValue={formatValue} />;
}

function Waterfall({ table, asOf, lang }: { table: FinanceRecognitionView['waterfall'][number]; asOf: string; lang: Language }) {
  const { t } = useT('finance');
  const columns = waterfallColumns(table.rows);
  const asOfMonth = monthOfDay(asOf);
  const money = (cents: number) => formatMoney(cents, table.currency, lang);
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={t('recognition.waterfallTable', { currency: table.currency })}>
      <table className="data-table finance-table finance-waterfall" data-testid={`waterfall-${table.currency}`}>
        <thead>
          <tr>
            <th scope="col">{t('columns.billed')}</th>
            {columns.map((c) => (
              <th key={c} scope="col" className={`num${c > asOfMonth ? ' is-scheduled' : ''}`} data-month={c}>
                {formatMonth(c, lang, 'short')}
              </th>
            ))}
            <th scope="col" className="num">
              {t('columns.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.billMonth} data-testid="waterfall-row" data-month={row.billMonth}>
              <th scope="row">{formatMonth(row.billMonth, lang)}</th>
              {columns.map((c) => (
                <td key={c} className={`num${c > asOfMonth ? ' is-scheduled' : ''}`} data-month={c}>
                  {row.cells[c] ? money(row.cells[c]) : ''}
                </td>
              ))}
              <td className="num" data-field="total">
                {money(row.total)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Recognition({ scope }: { scope: FinanceScope }) {
  const { t } = useT('finance');
  const lang = useLang();
  const args = { asOf: scope.asOf, book: scope.book };
  const recognition = useFinanceRecognitionQuery(args, { refetchOnMountOrArgChange: true });
  const overview = useFinanceOverviewQuery(args, { refetchOnMountOrArgChange: true });
  if (recognition.isError || overview.isError) return <LoadFailed what={t('pages.recognition.title')} />;
  if (!recognition.data || !overview.data) return <PageLoading />;
  const report = recognition.data;
  const currencies = [...new Set([...overviewCurrencies(overview.data), ...report.byPlan.map((p) => p.currency)])].sort();
  const asOfMonth = formatMonth(monthOfDay(report.asOf), lang, 'long', true);
  return (
    <div className="finance-body" aria-busy={recognition.isFetching || overview.isFetching} data-testid="recognition-body">
      <section className="card finance-explain">
        <h2>{t('recognition.howTitle')}</h2>
        <p>{t('recognition.how')}</p>
        <p className="muted">{t('recognition.example')}</p>
      </section>

      <section className="finance-section" aria-labelledby="by-plan-title" data-testid="section-by-plan">
        <h2 id="by-plan-title">{t('recognition.byPlanTitle')}</h2>
        <p className="muted finance-definition">{t('recognition.byPlanHint')}</p>
        <div className="table-wrap" tabIndex={0} role="region" aria-label={t('recognition.byPlanTitle')}>
          <table className="data-table finance-table" data-testid="by-plan-table">
            <thead>
              <tr>
                <th scope="col">{t('columns.plan')}</th>
                <th scope="col" className="num">
                  {t('columns.billedToDate')}
                </th>
                <th scope="col" className="num">
                  {t('columns.recognisedToDate')}
                </th>
                <th scope="col" className="num">
                  {t('columns.deferred')}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.byPlan.length === 0 && (
                <tr>
                  <td colSpan={4} className="muted">
                    {t('recognition.none')}
                  </td>
                </tr>
              )}
              {report.byPlan.map((p) => (
                <tr key={`${p.plan}|${p.currency}`} data-testid="by-plan-row" data-plan={p.plan} data-currency={p.currency}>
                  <th scope="row">{currencies.length > 1 ? `${planWord(p.plan, t)} (${p.currency})` : planWord(p.plan, t)}</th>
                  <td className="num">{formatMoney(p.billed, p.currency, lang)}</td>
                  <td className="num" data-field="recognised">
                    {formatMoney(p.recognised, p.currency, lang)}
                  </td>
                  <td className="num" data-field="deferred">
                    {formatMoney(p.deferred, p.currency, lang)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {currencies.map((currency) => {
        const byMonth = recognisedByMonthAndPlan(report, currency);
        // A column per plan when there are several (with one, it would repeat the total).
        const planColumns = byMonth.plans.length > 1 ? byMonth.plans : [];
        const deferredAt = new Map(overview.data!.months.map((m) => [m.month, m.deferred[currency] ?? 0]));
        const months = overview.data!.months.map((m) => m.month);
        const table = report.waterfall.find((w) => w.currency === currency);
        return (
          <div key={currency} className="finance-currency" data-currency={currency}>
            <section className="finance-section" aria-labelledby={`by-month-${currency}`} data-testid="section-by-month">
              <h2 id={`by-month-${currency}`}>{t('recognition.byMonthTitle', { currency })}</h2>
              <p className="muted finance-definition">{t('recognition.byMonthHint')}</p>
              <RecognitionChart overview={overview.data!} currency={currency} lang={lang} />
              <div className="table-wrap" tabIndex={0} role="region" aria-label={t('recognition.byMonthTitle', { currency })}>
                <table className="data-table finance-table" data-testid={`recognised-table-${currency}`}>
                  <thead>
                    <tr>
                      <th scope="col">{t('columns.month')}</th>
                      {planColumns.map((p) => (
                        <th key={p} scope="col" className="num">
                          {t('columns.recognisedPlan', { plan: planWord(p, t) })}
                        </th>
                      ))}
                      <th scope="col" className="num">
                        {t('columns.recognised')}
                      </th>
                      <th scope="col" className="num">
                        {t('columns.deferredAtEnd')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {months.map((month) => {
                      const row = byMonth.rows.find((r) => r.month === month);
                      return (
                        <tr key={month} data-testid="recognised-row" data-month={month}>
                          <th scope="row">{formatMonth(month, lang)}</th>
                          {planColumns.map((p) => (
                            <td key={p} className="num">
                              {formatMoney(row?.byPlan[p] ?? 0, currency, lang)}
                            </td>
                          ))}
                          <td className="num" data-field="recognised">
                            {formatMoney(row?.total ?? 0, currency, lang)}
                          </td>
                          <td className="num" data-field="deferred">
                            {formatMoney(deferredAt.get(month) ?? 0, currency, lang)}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </section>
            <section className="finance-section" aria-labelledby={`waterfall-${currency}-title`} data-testid="section-waterfall">
              <h2 id={`waterfall-${currency}-title`}>{t('recognition.waterfallTitle', { currency, month: asOfMonth })}</h2>
              <p className="muted finance-definition">{t('recognition.waterfallHint', { month: asOfMonth })}</p>
              {table && table.rows.length ? <Waterfall table={table} asOf={report.asOf} lang={lang} /> : <p className="muted">{t('recognition.none')}</p>}
            </section>
          </div>
        );
      })}
    </div>
  );
}

/** /admin/finance/recognition: recognised and deferred revenue per month and by plan, and the waterfall as of a month. */
export default function RecognitionView(_props: ViewProps) {
  return <FinanceFrame page="recognition">{(scope) => <Recognition scope={scope} />}</FinanceFrame>;
}
