import { useEffect, useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { PageLoading } from '../../../app/shell/layout/PageLoading.js';
import { useDocumentTitle } from '../../ui/forms.js';
import { usePaymentsConfigQuery } from '../../subscriptions/subscriptionsApi.js';
import { fetchBillingNow } from './financeApi.js';
import { dayOfInstant, formatDay, isDay } from './format.js';
import type { FinanceBook } from './model.js';
import './finance.css';

/** What every finance page shows its figures for: a day (as the log knew it at its end, UTC) and a book. */
export interface FinanceScope {
  asOf: string;
  book: FinanceBook;
  /** Today by the billing clock (the test clock's day under BILLING_CLOCK=test). */
  today: string;
}

const STORED = 'relaycast.finance.scope';

/** The chosen day and book stay while one moves between the finance pages (this tab only). */
function stored(): { asOf?: string; book?: FinanceBook } {
  try {
    return JSON.parse(sessionStorage.getItem(STORED) ?? '{}') as { asOf?: string; book?: FinanceBook };
  } catch {
    return {};
  }
}

/**
 * The scope of the finance pages: `?asOf=YYYY-MM-DD&book=real|demo` in the address when chosen, else the choice
 * made on another finance page of this tab, else today by the billing clock and — on an installation running demo
 * payments, where no real money moves — the demo book.
 */
function useFinanceScope(): { scope: FinanceScope | null; setAsOf: (day: string) => void; setBook: (book: FinanceBook) => void } {
  const [params, setParams] = useSearchParams();
  const [today, setToday] = useState<string | null>(null);
  const config = usePaymentsConfigQuery();
  // What was chosen: the address first, then this tab's earlier choice. Kept here too, so that a choice shows at once
  // (the address follows it).
  const [chosen, setChosen] = useState<{ asOf?: string; book?: FinanceBook }>(() => {
    const asked = params.get('asOf') ?? '';
    const askedBook = params.get('book');
    const remembered = stored();
    return {
      ...(isDay(asked) ? { asOf: asked } : remembered.asOf && isDay(remembered.asOf) ? { asOf: remembered.asOf } : {}),
      ...(askedBook === 'real' || askedBook === 'demo' ? { book: askedBook } : remembered.book ? { book: remembered.book } : {}),
    };
  });
  useEffect(() => {
    let live = true;
    void fetchBillingNow().then((clock) => live && setToday(dayOfInstant(clock?.now ?? new Date().toISOString())));
    return () => {
      live = false;
    };
  }, []);
  const defaultBook: FinanceBook = config.data?.mode === 'demo' ? 'demo' : 'real';
  const asOf = chosen.asOf ?? today;
  const book = chosen.book ?? defaultBook;
  const ready = today !== null && !config.isLoading && asOf !== null;
  const choose = (next: { asOf?: string; book?: FinanceBook }) => {
    const scope = { asOf: next.asOf ?? asOf ?? undefined, book: next.book ?? book };
    setChosen(scope);
    sessionStorage.setItem(STORED, JSON.stringify(scope));
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (scope.asOf) out.set('asOf', scope.asOf);
        out.set('book', scope.book);
        return out;
      },
      { replace: true },
    );
  };
  return {
    scope: ready ? { asOf: asOf!, book, today: today! } : null,
    setAsOf: (day) => choose({ asOf: day }),
    setBook: (b) => choose({ book: b }),
  };
}

/** The day and book pickers: every figure of the page is as of that day, of that book (a page of periods: the book only). */
function ScopeControls({ scope, setAsOf, setBook, day }: { scope: FinanceScope; setAsOf: (day: string) => void; setBook: (book: FinanceBook) => void; day: boolean }) {
  const { t } = useT('finance');
  const lang = useLang();
  const id = useId();
  const [typed, setTyped] = useState(scope.asOf);
  useEffect(() => setTyped(scope.asOf), [scope.asOf]);
  return (
    <div className="finance-scope card" data-testid="finance-scope">
      {day && (
        <div className="field">
          <label htmlFor={`${id}-asof`}>{t('scope.asOf')}</label>
          <div className="finance-scope-day">
            <input
              id={`${id}-asof`}
              type="date"
              value={typed}
              max="9999-12-31"
              onChange={(e) => {
                setTyped(e.target.value);
                if (isDay(e.target.value)) setAsOf(e.target.value);
              }}
              data-testid="finance-as-of"
            />
            {scope.asOf !== scope.today && (
              <button type="button" className="btn btn-small btn-outline" onClick={() => setAsOf(scope.today)} data-testid="finance-today">
                {t('scope.today')}
              </button>
            )}
          </div>
          <p className="muted field-hint">{t('scope.asOfHint', { day: formatDay(scope.asOf, lang), today: formatDay(scope.today, lang) })}</p>
        </div>
      )}
      <fieldset className="finance-book" data-testid="finance-book">
        <legend>{t('scope.book')}</legend>
        {(['real', 'demo'] as const).map((b) => (
          <label key={b} className={scope.book === b ? 'is-chosen' : undefined}>
            <input type="radio" name={`${id}-book`} value={b} checked={scope.book === b} onChange={() => setBook(b)} data-testid={`finance-book-${b}`} />
            {t(`scope.books.${b}`)}
          </label>
        ))}
        <p className="muted field-hint">{t('scope.bookHint')}</p>
      </fieldset>
    </div>
  );
}

/**
 * A finance page: its title and what it is for, the day and book every figure is as of, the demo mark, and the
 * page's own figures (given the scope). A page of its own periods (the taxes' quarters) shows the book alone (`day`
 * false).
 */
export function FinanceFrame({ page, children, day = true }: { page: 'overview' | 'recognition' | 'reconciliation' | 'documents' | 'ledger' | 'taxes'; children: (scope: FinanceScope) => ReactNode; day?: boolean }) {
  const { t } = useT('finance');
  const { scope, setAsOf, setBook } = useFinanceScope();
  useDocumentTitle(t(`pages.${page}.title`));
  return (
    <section className="finance" data-testid={`finance-${page}`} data-as-of={scope?.asOf} data-book={scope?.book}>
      <div className="admin-head">
        <h1>{t(`pages.${page}.title`)}</h1>
      </div>
      <p className="muted finance-intro">{t(`pages.${page}.intro`)}</p>
      {!scope ? (
        <PageLoading />
      ) : (
        <>
          <ScopeControls scope={scope} setAsOf={setAsOf} setBook={setBook} day={day} />
          {scope.book === 'demo' && (
            <p className="note" data-testid="finance-demo-note">
              {t('scope.demoNote')}
            </p>
          )}
          {children(scope)}
        </>
      )}
    </section>
  );
}

/** A figure's failure to load, in words. */
export function LoadFailed({ what }: { what: string }) {
  const { t } = useT('finance');
  return (
    <p className="note note-warning" role="alert" data-testid="finance-failed">
      {t('failed', { what })}
    </p>
  );
}
