import { useCallback, useMemo, type ReactNode } from 'react';
import type { Language } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { PageLoading } from '../../../app/shell/layout/PageLoading.js';
import type { ViewProps } from '../viewProps.js';
import { Chart, type ChartSeries } from './Chart.js';
import { useFinanceOverviewQuery } from './financeApi.js';
import { formatCount, formatDay, formatDayShort, formatMoney, formatMoneyList, formatMoneyShort, formatMonth, formatShare, monthOfDay } from './format.js';
import { FinanceFrame, LoadFailed, type FinanceScope } from './Frame.js';
import { MOVEMENTS, movementRows, overviewCurrencies } from './model.js';
import type { FinanceOverviewView } from './types.js';

/** One headline figure: its name, its value, and what it means (docs/finance.md, in words). */
function Figure({ id, name, value, definition, liability }: { id: string; name: string; value: ReactNode; definition: string; liability?: boolean }) {
  return (
    <section className={`card finance-figure${liability ? ' finance-liability' : ''}`} data-testid={`figure-${id}`} aria-labelledby={`figure-${id}-name`}>
      <h2 id={`figure-${id}-name`} className="finance-figure-name">
        {name}
      </h2>
      <p className="finance-figure-value" data-testid={`figure-${id}-value`}>
        {value}
      </p>
      <p className="muted finance-definition">{definition}</p>
    </section>
  );
}

/** A section of charts: its heading, what it shows, its chart and its table. */
function Section({ id, title, definition, children }: { id: string; title: string; definition: string; children: ReactNode }) {
  return (
    <section className="finance-section" aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="muted finance-definition">{definition}</p>
      {children}
    </section>
  );
}

const num = (cents: number) => cents / 100;

/** The MRR chart shows at least this many days back from the as-of day (a first month is drawn as a month). */
const MRR_MIN_SPAN_DAYS = 31;

/** MRR over days, a step line per currency that reaches the as-of day. */
function MrrChart({ data, lang }: { data: FinanceOverviewView; lang: Language }) {
  const { t } = useT('finance');
  const currencies = overviewCurrencies(data);
  const { x, series } = useMemo(() => {
    const points = [...data.series];
    const last = points[points.length - 1];
    if (!last || last.day !== data.asOf) points.push({ day: data.asOf, mrr: last?.mrr ?? {}, paying: last?.paying ?? 0 });
    // Before the first change MRR was nothing: a step up on that day (the day before at zero), not a spike at the edge.
    const first = points[0]!;
    if (Object.values(first.mrr).some((v) => v !== 0)) points.unshift({ day: new Date(Date.parse(`${first.day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10), mrr: {}, paying: 0 });
    return {
      x: points.map((p) => Date.parse(`${p.day}T00:00:00Z`) / 1000),
      series: currencies.map<ChartSeries>((c, i) => ({ key: c, label: t('overview.mrrIn', { currency: c }), color: i === 0 ? '--fin-mrr' : '--fin-mrr-2', values: points.map((p) => num(p.mrr[c] ?? 0)) })),
    };
  }, [data, currencies.join(), t]);
  const formatX = useCallback((s: number, withYear: boolean) => (withYear ? formatDay : formatDayShort)(new Date(s * 1000).toISOString().slice(0, 10), lang), [lang]);
  const formatValue = useCallback((v: number) => formatMoneyShort(v * 100, currencies[0]!, lang), [lang, currencies.join()]);
  return <Chart testId="chart-mrr" label={t('overview.mrrChart')} kind="step" x={x} formatX={formatX} minSpanSeconds={MRR_MIN_SPAN_DAYS * 86_400} series={series} formatValue={formatValue} />;
}

/** The MRR movements of each month, stacked: what came in upwards, what went away downwards. */
function MovementsChart({ data, currency, lang }: { data: FinanceOverviewView; currency: string; lang: Language }) {
  const { t } = useT('finance');
  const { x, labels, series } = useMemo(() => {
    const rows = movementRows(data.months, currency);
    return {
      x: rows.map((_, i) => i),
      labels: rows.map((r) => formatMonth(r.month, lang, 'short')),
      series: MOVEMENTS.map<ChartSeries>((k) => ({ key: k, label: t(`movements.${k}`), color: `--fin-${k}`, values: rows.map((r) => num(r.movements[k])) })),
    };
  }, [data, currency, lang, t]);
  const formatValue = useCallback((v: number) => formatMoneyShort(v * 100, currency, lang), [currency, lang]);
  return <Chart testId={`chart-movements-${currency}`} label={t('overview.movementsChart', { currency })} kind="stacked" x={x} xLabels={labels} series={series} formatValue={formatValue} />;
}

/** Bars by month of some counts (trials, dunning, refunds…). */
function CountsChart({ data, testId, label, series: spec, lang, empty }: { data: FinanceOverviewView; testId: string; label: string; series: { key: string; label: string; color: string; of: (m: FinanceOverviewView['months'][number]) => number }[]; lang: Language; empty: string }) {
  const { x, labels, series } = useMemo(
    () => ({
      x: data.months.map((_, i) => i),
      labels: data.months.map((m) => formatMonth(m.month, lang, 'short')),
      series: spec.map<ChartSeries>((s) => ({ key: s.key, label: s.label, color: s.color, values: data.months.map(s.of) })),
    }),
    // The spec is written out in the caller on each render; its keys and the data decide the chart.
    [data, lang, spec.map((s) => s.key + s.label).join()],
  );
  const formatValue = useCallback((v: number) => (Number.isInteger(v) ? formatCount(v, lang) : ''), [lang]);
  // Nothing counted in any month: said in words, not an empty frame of axes.
  if (series.every((s) => s.values.every((v) => !v))) {
    return (
      <p className="muted finance-chart-empty" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  }
  return <Chart testId={testId} label={label} kind="bars" x={x} xLabels={labels} series={series} formatValue={formatValue} />;
}

function Overview({ scope }: { scope: FinanceScope }) {
  const { t } = useT('finance');
  const lang = useLang();
  const { data, isFetching, isError } = useFinanceOverviewQuery({ asOf: scope.asOf, book: scope.book }, { refetchOnMountOrArgChange: true });
  if (isError) return <LoadFailed what={t('pages.overview.title')} />;
  if (!data) return <PageLoading />;
  const currencies = overviewCurrencies(data);
  const money = (m: Record<string, number>) => formatMoneyList(m, lang, currencies);
  const thisMonth = formatMonth(monthOfDay(data.asOf), lang, 'long', true);
  const nothing = data.series.length === 0 && data.months.every((m) => Object.keys(m.captured).length === 0);
  return (
    <div className="finance-body" aria-busy={isFetching} data-testid="overview-body">
      {nothing && (
        <p className="note" data-testid="finance-empty">
          {t(scope.book === 'demo' ? 'overview.emptyDemo' : 'overview.empty', { day: formatDay(data.asOf, lang) })}
        </p>
      )}
      <div className="finance-figures">
        <Figure id="mrr" name={t('figures.mrr.name')} value={money(data.mrr)} definition={t('figures.mrr.definition')} />
        <Figure id="arr" name={t('figures.arr.name')} value={money(data.arr)} definition={t('figures.arr.definition')} />
        <Figure id="paying" name={t('figures.paying.name')} value={formatCount(data.payingSubscribers, lang)} definition={t('figures.paying.definition')} />
        <Figure id="net" name={t('figures.net.name', { month: thisMonth })} value={money(data.netRevenueThisMonth)} definition={t('figures.net.definition')} />
        <Figure
          id="churn"
          name={t('figures.churn.name')}
          value={
            <>
              {formatShare(data.churn30d.rate, lang)}
              <span className="finance-figure-sub">{t('figures.churn.ofBase', { churned: formatCount(data.churn30d.churned, lang), base: formatCount(data.churn30d.base, lang) })}</span>
            </>
          }
          definition={t('figures.churn.definition')}
        />
      </div>
      <div className="finance-figures finance-figures-apart">
        <Figure id="credit" liability name={t('figures.credit.name')} value={money(data.creditLiability)} definition={t('figures.credit.definition')} />
        <Figure id="tax-payable" liability name={t('figures.taxPayable.name')} value={money(data.taxPayable)} definition={t('figures.taxPayable.definition')} />
      </div>

      <Section id="section-mrr" title={t('overview.mrrTitle')} definition={t('overview.mrrHint')}>
        <MrrChart data={data} lang={lang} />
      </Section>

      <Section id="section-movements" title={t('overview.movementsTitle')} definition={t('overview.movementsHint')}>
        {currencies.map((currency) => {
          const rows = movementRows(data.months, currency);
          return (
            <div key={currency} className="finance-currency" data-currency={currency}>
              {currencies.length > 1 && <h3>{currency}</h3>}
              <MovementsChart data={data} currency={currency} lang={lang} />
              <div className="table-wrap" tabIndex={0} role="region" aria-label={t('overview.movementsTable', { currency })}>
                <table className="data-table finance-table" data-testid={`movements-table-${currency}`}>
                  <thead>
                    <tr>
                      <th scope="col">{t('columns.month')}</th>
                      <th scope="col" className="num">
                        {t('columns.mrrStart')}
                      </th>
                      {MOVEMENTS.map((k) => (
                        <th key={k} scope="col" className="num">
                          {t(`movements.${k}`)}
                        </th>
                      ))}
                      <th scope="col" className="num">
                        {t('columns.mrrEnd')}
                      </th>
                      <th scope="col" className="num">
                        {t('columns.paying')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((r, i) => (
                      <tr key={r.month} data-testid="movements-row" data-month={r.month} data-adds-up={r.addsUp}>
                        <th scope="row">{formatMonth(r.month, lang)}</th>
                        <td className="num">{formatMoney(r.start, currency, lang)}</td>
                        {MOVEMENTS.map((k) => (
                          <td key={k} className="num" data-movement={k}>
                            {r.movements[k] === 0 ? '—' : formatMoney(r.movements[k], currency, lang)}
                          </td>
                        ))}
                        <td className="num" data-field="end">
                          {formatMoney(r.end, currency, lang)}
                        </td>
                        <td className="num">{formatCount(data.months[i]!.payingEnd, lang)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          );
        })}
      </Section>

      <MonthsSection
        id="trials"
        title={t('overview.trialsTitle')}
        definition={t('overview.trialsHint')}
        data={data}
        lang={lang}
        chart={{
          testId: 'chart-trials',
          label: t('overview.trialsTitle'),
          empty: t('overview.trialsEmpty'),
          series: [
            { key: 'started', label: t('columns.trialsStarted'), color: '--fin-started', of: (m) => m.trialsStarted },
            { key: 'converted', label: t('columns.trialsConverted'), color: '--fin-recovered', of: (m) => m.trialsConverted },
          ],
        }}
        columns={[
          [t('columns.trialsStarted'), (m) => formatCount(m.trialsStarted, lang)],
          [t('columns.trialsConverted'), (m) => formatCount(m.trialsConverted, lang)],
          [t('columns.conversion'), (m) => formatShare(m.trialsStarted ? m.trialsConverted / m.trialsStarted : null, lang)],
        ]}
      />

      <MonthsSection
        id="dunning"
        title={t('overview.dunningTitle')}
        definition={t('overview.dunningHint')}
        data={data}
        lang={lang}
        chart={{
          testId: 'chart-dunning',
          label: t('overview.dunningTitle'),
          empty: t('overview.dunningEmpty'),
          series: [
            { key: 'failed', label: t('columns.dunningStarted'), color: '--fin-failed', of: (m) => m.dunningStarted },
            { key: 'recovered', label: t('columns.dunningRecovered'), color: '--fin-recovered', of: (m) => m.dunningRecovered },
          ],
        }}
        columns={[
          [t('columns.renewalsFailed'), (m) => formatCount(m.renewalsFailed, lang)],
          [t('columns.dunningStarted'), (m) => formatCount(m.dunningStarted, lang)],
          [t('columns.dunningRecovered'), (m) => formatCount(m.dunningRecovered, lang)],
          [t('columns.recovery'), (m) => formatShare(m.dunningStarted ? m.dunningRecovered / m.dunningStarted : null, lang)],
        ]}
      />

      <MonthsSection
        id="money"
        title={t('overview.moneyTitle')}
        definition={t('overview.moneyHint')}
        data={data}
        lang={lang}
        chart={{
          testId: 'chart-refunds',
          label: t('overview.refundsChart'),
          empty: t('overview.refundsEmpty'),
          series: [
            { key: 'refunds', label: t('columns.refunds'), color: '--fin-failed', of: (m) => m.refunds },
            { key: 'reversals', label: t('columns.reversals'), color: '--fin-churn', of: (m) => m.reversals },
            { key: 'disputes', label: t('columns.disputes'), color: '--fin-disputes', of: (m) => m.disputes },
          ],
        }}
        columns={[
          [t('columns.captured'), (m) => money(m.captured)],
          [t('columns.refunded'), (m) => money(m.refunded)],
          [t('columns.reversed'), (m) => money(m.reversed)],
          [t('columns.net'), (m) => money(m.net)],
          [t('columns.taxCharged'), (m) => money(m.tax)],
          [t('columns.taxReturned'), (m) => money(m.taxReturned)],
          [t('columns.refunds'), (m) => formatCount(m.refunds, lang)],
          [t('columns.reversals'), (m) => formatCount(m.reversals, lang)],
          [t('columns.disputes'), (m) => (m.disputes ? `${formatCount(m.disputes, lang)} (${money(m.disputed)})` : '0')],
        ]}
      />
    </div>
  );
}

type Month = FinanceOverviewView['months'][number];
type CountSeries = Parameters<typeof CountsChart>[0]['series'][number];

/** A section of monthly figures: its heading and what it shows, a chart of counts by month, and the months' table. */
function MonthsSection({ id, title, definition, data, lang, chart, columns }: { id: string; title: string; definition: string; data: FinanceOverviewView; lang: Language; chart: { testId: string; label: string; series: CountSeries[]; empty: string }; columns: [string, (m: Month) => string][] }) {
  return (
    <Section id={`section-${id}`} title={title} definition={definition}>
      <CountsChart data={data} lang={lang} testId={chart.testId} label={chart.label} series={chart.series} empty={chart.empty} />
      <MonthTable testId={`${id}-table`} label={title} months={data.months} lang={lang} columns={columns} />
    </Section>
  );
}

/** A table of months (newest last) with the given columns. */
function MonthTable({ testId, label, months, lang, columns }: { testId: string; label: string; months: readonly Month[]; lang: Language; columns: [string, (m: Month) => string][] }) {
  const { t } = useT('finance');
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className="data-table finance-table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t('columns.month')}</th>
            {columns.map(([name]) => (
              <th key={name} scope="col" className="num">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month} data-month={m.month}>
              <th scope="row">{formatMonth(m.month, lang)}</th>
              {columns.map(([name, cell]) => (
                <td key={name} className="num">
                  {cell(m)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * /admin/finance: MRR, ARR, paying subscribers, this month's net revenue, 30-day churn and the credit owed (apart,
 * a liability), as of a day; MRR over time, each month's movements (adding up from one month's MRR to the next),
 * trials and conversion, dunning recovery, refunds, reversals and disputes by month. Definitions beside each.
 */
export default function OverviewView(_props: ViewProps) {
  return <FinanceFrame page="overview">{(scope) => <Overview scope={scope} />}</FinanceFrame>;
}
