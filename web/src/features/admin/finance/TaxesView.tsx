import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Language } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { PageLoading } from '../../../app/shell/layout/PageLoading.js';
import { formatDate } from '../../ui/forms.js';
import type { ViewProps } from '../viewProps.js';
import { useFinanceOssQuery } from './financeApi.js';
import { downloadOssCsv } from './download.js';
import { formatDay, formatMoney } from './format.js';
import { FinanceFrame, LoadFailed, type FinanceScope } from './Frame.js';
import {
  correctionSectionWord,
  countryName,
  documentsWord,
  exchangeSentences,
  filingDeadline,
  isQuarter,
  lastEndedQuarter,
  ossCountryGroups,
  ossReportEmpty,
  quarterEnded,
  quarterWord,
  quarterYears,
  rateWord,
  untaxedWord,
} from './oss.js';
import type { FinanceOssReportView } from './types.js';

type Report = FinanceOssReportView;
const EURO = 'EUR';


/** The year and quarter pickers; the quarter shown follows them (and the address: ?quarter=2026-Q1). */
function QuarterPicker({ quarter, today, choose }: { quarter: string; today: string; choose: (q: string) => void }) {
  const { t } = useT('finance');
  const id = useId();
  const year = quarter.slice(0, 4);
  const q = quarter.slice(6);
  const years = quarterYears(today).map(String);
  if (!years.includes(year)) years.unshift(year);
  return (
    <div className="finance-export-fields finance-quarter" data-testid="oss-quarter-picker">
      <div className="field">
        <label htmlFor={`${id}-year`}>{t('oss.year')}</label>
        <select id={`${id}-year`} value={year} onChange={(e) => choose(`${e.target.value}-Q${q}`)} data-testid="oss-year">
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="finance-book">
        <legend>{t('oss.quarter')}</legend>
        {(['1', '2', '3', '4'] as const).map((n) => (
          <label key={n} className={n === q ? 'is-chosen' : undefined}>
            <input type="radio" name={`${id}-q`} value={n} checked={n === q} onChange={() => choose(`${year}-Q${n}`)} data-testid={`oss-q${n}`} />
            {t('oss.quarterShort', { quarter: n })}
          </label>
        ))}
      </fieldset>
    </div>
  );
}

/** Money of a currency, or a dash for nothing. */
const money = (cents: number | undefined, currency: string, lang: Language) => (cents === undefined ? '—' : formatMoney(cents, currency, lang));

/** The OSS return's table: per member state and rate, in the documents' currency and in euros; each state's total, and all. */
function OssTable({ report }: { report: Report }) {
  const { t } = useT('finance');
  const lang = useLang();
  const groups = ossCountryGroups(report, lang);
  const title = t('oss.ossTitle');
  if (groups.length === 0) {
    return (
      <p className="muted" data-testid="oss-none">
        {t('oss.ossNone')}
      </p>
    );
  }
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={title}>
      <table className="data-table finance-table" data-testid="oss-table">
        <thead>
          <tr>
            <th scope="col">{t('oss.country')}</th>
            <th scope="col" className="num">
              {t('oss.rate')}
            </th>
            <th scope="col" className="num">
              {t('oss.taxable')}
            </th>
            <th scope="col" className="num">
              {t('oss.vat')}
            </th>
            <th scope="col" className="num">
              {t('oss.taxableEuro')}
            </th>
            <th scope="col" className="num">
              {t('oss.vatEuro')}
            </th>
            <th scope="col">{t('oss.documents')}</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <GroupRows key={g.country} group={g} />
          ))}
        </tbody>
        <tfoot>
          <tr className="finance-total" data-testid="oss-total">
            <th scope="row" colSpan={4}>
              {t('oss.total')}
            </th>
            <td className="num" data-field="taxableEuro">
              {formatMoney(report.oss.total.taxable, EURO, lang)}
            </td>
            <td className="num" data-field="vatEuro">
              {formatMoney(report.oss.total.vat, EURO, lang)}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function GroupRows({ group }: { group: ReturnType<typeof ossCountryGroups>[number] }) {
  const { t } = useT('finance');
  const lang = useLang();
  const withTotal = group.lines.length > 1 && group.euro !== null;
  return (
    <>
      {group.lines.map((l, i) => (
        <tr key={`${l.rate}|${l.currency}`} data-testid="oss-line" data-country={l.country} data-rate={l.rate} data-currency={l.currency}>
          {i === 0 && (
            <th scope="row" rowSpan={group.lines.length + (withTotal ? 1 : 0)}>
              {group.name}
            </th>
          )}
          <td className="num">{rateWord(l.rate, lang)}</td>
          <td className="num" data-field="taxable">
            {formatMoney(l.taxable, l.currency, lang)}
          </td>
          <td className="num" data-field="vat">
            {formatMoney(l.vat, l.currency, lang)}
          </td>
          <td className="num" data-field="taxableEuro">
            {money(l.euro?.taxable, EURO, lang)}
          </td>
          <td className="num" data-field="vatEuro">
            {money(l.euro?.vat, EURO, lang)}
          </td>
          <td className="muted">{documentsWord(l, t)}</td>
        </tr>
      ))}
      {withTotal && group.euro && (
        <tr className="finance-total" data-testid="oss-country-total" data-country={group.country}>
          <td colSpan={3}>{t('oss.countryTotal', { country: group.name })}</td>
          <td className="num">{formatMoney(group.euro.taxable, EURO, lang)}</td>
          <td className="num">{formatMoney(group.euro.vat, EURO, lang)}</td>
          <td />
        </tr>
      )}
    </>
  );
}

/** A section beside the OSS return: its title, what it is for, and its table (or that it has nothing). */
function Section({ id, title, hint, empty, children, testId }: { id: string; title: string; hint: string; empty: boolean; children: ReactNode; testId: string }) {
  const { t } = useT('finance');
  return (
    <section className="finance-section" aria-labelledby={`${id}-title`} data-testid={testId}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="muted finance-definition">{hint}</p>
      {empty ? <p className="muted">{t('oss.nothing')}</p> : children}
    </section>
  );
}

/** A table of lines with money columns; the first columns are text. */
function LinesTable({ label, head, rows, testId }: { label: string; head: { text: string; num?: boolean }[]; rows: { key: string; cells: { text: string; num?: boolean }[] }[]; testId: string }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className="data-table finance-table" data-testid={testId}>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={i} scope="col" className={h.num ? 'num' : undefined}>
                {h.text}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-testid={`${testId}-row`}>
              {r.cells.map((c, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {c.text}
                  </th>
                ) : (
                  <td key={i} className={c.num ? 'num' : undefined}>
                    {c.text}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Report({ report, today }: { report: Report; today: string }) {
  const { t } = useT('finance');
  const lang = useLang();
  const id = useId();
  const [download, setDownload] = useState<'idle' | 'busy' | 'failed'>('idle');
  const save = async () => {
    setDownload('busy');
    try {
      await downloadOssCsv({ quarter: report.quarter, book: report.book });
      setDownload('idle');
    } catch {
      setDownload('failed');
    }
  };
  const vatHead = [{ text: t('oss.country') }, { text: t('oss.rate'), num: true }, { text: t('oss.taxable'), num: true }, { text: t('oss.vat'), num: true }, { text: t('oss.documents') }];
  const vatRows = (lines: Report['domestic']) =>
    lines.map((l) => ({
      key: `${l.country}|${l.rate}|${l.currency}`,
      cells: [{ text: countryName(l.country, lang) }, { text: rateWord(l.rate, lang), num: true }, { text: formatMoney(l.taxable, l.currency, lang), num: true }, { text: formatMoney(l.vat, l.currency, lang), num: true }, { text: documentsWord(l, t) }],
    }));
  const rates = exchangeSentences(report, t, lang);
  return (
    <div className="finance-body" data-testid="oss-report" data-quarter={report.quarter}>
      <section className="finance-section" aria-labelledby={`${id}-oss`} data-testid="section-oss">
        <h2 id={`${id}-oss`}>{t('oss.ossTitle')}</h2>
        <p className="muted finance-definition">{t(report.scheme === 'union' ? 'oss.ossHint' : 'oss.ossHintNonUnion', { seller: countryName(report.sellerCountry, lang) })}</p>
        {!quarterEnded(report.quarter, today) && (
          <p className="note note-warning" data-testid="oss-open-quarter">
            {t('oss.openQuarter', { to: formatDay(report.to, lang) })}
          </p>
        )}
        {rates.map((r, i) =>
          r.stale ? (
            <p key={i} className="note note-warning" role="alert" data-testid="oss-rate" data-stale="true">
              {r.text}
            </p>
          ) : (
            <p key={i} className="note" data-testid="oss-rate" data-stale="false">
              {r.text}
            </p>
          ),
        )}
        <OssTable report={report} />
        {report.oss.lines.some((l) => l.taxable < 0 || l.vat < 0) && (
          <p className="note note-warning" data-testid="oss-negative">
            {t('oss.negative')}
          </p>
        )}
        <p className="muted finance-definition">{t('oss.rounding')}</p>
        <div className="finance-ledger-actions">
          <button type="button" className="btn btn-small btn-outline" onClick={() => void save()} disabled={download === 'busy'} data-testid="oss-csv">
            {t('oss.csv')}
          </button>
          <span className="muted field-hint">{t('oss.csvHint')}</span>
        </div>
        {download === 'failed' && (
          <p className="note note-warning" role="alert" data-testid="oss-csv-failed">
            {t('oss.csvFailed')}
          </p>
        )}
        <p className="note" data-testid="oss-filing">
          {t('oss.filing', { deadline: formatDay(filingDeadline(report.quarter), lang) })}
        </p>
      </section>

      <Section id={`${id}-corrections`} title={t('oss.correctionsTitle')} hint={t('oss.correctionsHint')} empty={report.corrections.length === 0} testId="section-corrections">
        <LinesTable
          label={t('oss.correctionsTitle')}
          testId="oss-corrections"
          head={[{ text: t('oss.creditNote') }, { text: t('oss.ofInvoice') }, { text: t('oss.part') }, { text: t('oss.country') }, { text: t('oss.rate'), num: true }, { text: t('oss.taxable'), num: true }, { text: t('oss.vat'), num: true }]}
          rows={report.corrections.map((c) => ({
            key: `${c.creditNote}|${c.country}|${c.rate}`,
            cells: [
              { text: t('oss.creditNoteOn', { number: c.creditNote, date: formatDate(c.issuedAt, lang) }) },
              { text: t('oss.invoiceOf', { number: c.invoice, quarter: quarterWord(c.invoiceQuarter, t, lang) }) },
              { text: correctionSectionWord(c.section, t) },
              { text: countryName(c.country, lang) },
              { text: rateWord(c.rate, lang), num: true },
              { text: formatMoney(-c.taxable, c.currency, lang), num: true },
              { text: formatMoney(-c.vat, c.currency, lang), num: true },
            ],
          }))}
        />
      </Section>

      <Section id={`${id}-domestic`} title={t('oss.domesticTitle', { seller: countryName(report.sellerCountry, lang) })} hint={t('oss.domesticHint')} empty={report.domestic.length === 0} testId="section-domestic">
        <LinesTable label={t('oss.domesticTitle', { seller: countryName(report.sellerCountry, lang) })} testId="oss-domestic" head={vatHead} rows={vatRows(report.domestic)} />
      </Section>

      <Section id={`${id}-reverse`} title={t('oss.reverseTitle')} hint={t('oss.reverseHint')} empty={report.reverseCharge.length === 0} testId="section-reverse-charge">
        <LinesTable
          label={t('oss.reverseTitle')}
          testId="oss-reverse-charge"
          head={[{ text: t('oss.country') }, { text: t('oss.vatNumber') }, { text: t('oss.taxable'), num: true }, { text: t('oss.documents') }]}
          rows={report.reverseCharge.map((l) => ({
            key: `${l.country}|${l.vatNumber}|${l.currency}`,
            cells: [{ text: countryName(l.country, lang) }, { text: l.vatNumber || t('oss.noVatNumber') }, { text: formatMoney(l.taxable, l.currency, lang), num: true }, { text: documentsWord(l, t) }],
          }))}
        />
      </Section>

      {report.otherVat.length > 0 && (
        <Section id={`${id}-other`} title={t('oss.otherTitle')} hint={t('oss.otherHint')} empty={false} testId="section-other-vat">
          <LinesTable label={t('oss.otherTitle')} testId="oss-other-vat" head={vatHead} rows={vatRows(report.otherVat)} />
        </Section>
      )}

      <Section id={`${id}-outside`} title={t('oss.outsideTitle')} hint={t('oss.outsideHint')} empty={report.outsideScope.length === 0} testId="section-outside-scope">
        <LinesTable
          label={t('oss.outsideTitle')}
          testId="oss-outside-scope"
          head={[{ text: t('oss.country') }, { text: t('oss.amount'), num: true }, { text: t('oss.documents') }]}
          rows={report.outsideScope.map((l) => ({
            key: `${l.country}|${l.currency}`,
            cells: [{ text: countryName(l.country, lang) }, { text: formatMoney(l.taxable, l.currency, lang), num: true }, { text: documentsWord(l, t) }],
          }))}
        />
      </Section>

      <Section id={`${id}-untaxed`} title={t('oss.untaxedTitle')} hint={t('oss.untaxedHint')} empty={report.untaxed.length === 0} testId="section-untaxed">
        <LinesTable
          label={t('oss.untaxedTitle')}
          testId="oss-untaxed"
          head={[{ text: t('oss.why') }, { text: t('oss.amount'), num: true }, { text: t('oss.documents') }]}
          rows={report.untaxed.map((l) => ({
            key: `${l.reason}|${l.currency}`,
            cells: [{ text: untaxedWord(l.reason, t) }, { text: formatMoney(l.amount, l.currency, lang), num: true }, { text: documentsWord(l, t) }],
          }))}
        />
      </Section>
    </div>
  );
}

function Oss({ scope }: { scope: FinanceScope }) {
  const { t } = useT('finance');
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const asked = params.get('quarter') ?? '';
  const [quarter, setQuarter] = useState(() => (isQuarter(asked) ? asked : lastEndedQuarter(scope.today)));
  const choose = (q: string) => {
    setQuarter(q);
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        out.set('quarter', q);
        return out;
      },
      { replace: true },
    );
  };
  const query = useFinanceOssQuery({ quarter, book: scope.book }, { refetchOnMountOrArgChange: true });
  const title = quarterWord(quarter, t, lang);
  return (
    <div className="finance-body" data-testid="taxes-body">
      <QuarterPicker quarter={quarter} today={scope.today} choose={choose} />
      <h2 className="finance-quarter-title" data-testid="oss-quarter">
        {title}
      </h2>
      {query.isError ? (
        <LoadFailed what={t('oss.reportName')} />
      ) : !query.data || query.data.quarter !== quarter || query.data.book !== scope.book ? (
        <PageLoading />
      ) : ossReportEmpty(query.data) ? (
        <p className="muted" data-testid="oss-empty">
          {t(scope.book === 'demo' ? 'oss.emptyDemo' : 'oss.empty')}
        </p>
      ) : (
        <Report report={query.data} today={scope.today} />
      )}
    </div>
  );
}

/**
 * /admin/finance/taxes: the One Stop Shop report of a quarter — the VAT due per member state and rate, in dollars and
 * in euros at the ECB rate of the quarter's end (stale said in words), its CSV; the quarter's credit notes of earlier
 * quarters as corrections; and beside it what does not go in the OSS return (domestic VAT, reverse charges per VAT
 * number, sales outside the scope, documents without tax).
 */
export default function TaxesView(_props: ViewProps) {
  return (
    <FinanceFrame page="taxes" day={false}>
      {(scope) => <Oss scope={scope} />}
    </FinanceFrame>
  );
}
