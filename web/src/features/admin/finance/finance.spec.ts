import { expect } from 'chai';
import type { TFunction } from '../../../app/shell/texts.js';
import en from '../../../locales/en/finance.json' with { type: 'json' };
import ru from '../../../locales/ru/finance.json' with { type: 'json' };
import { currenciesOf, formatDay, formatMoney, formatMoneyList, formatMonth, formatShare, isDay, monthRange } from './format.js';
import { MOVEMENTS, movementRows, planWord, recognisedByMonthAndPlan, reportOfBook, stackedExtent, statusWord, verifyWords, waterfallColumns, type FinanceMonth } from './model.js';
import type { FinanceRecognitionView, FinanceReportView } from './types.js';
import { accountKindWord, accountWord, entryWord, ledgerLines, ledgerRangeOf, ledgerRangeProblem, trialBalanceTable } from './ledger.js';

const NBSP = '\u00a0';

/** A t() over a namespace's JSON, with i18next's interpolation and defaultValue, for checking words without React. */
function tOf(texts: unknown): TFunction {
  const t = (key: string, options: Record<string, unknown> = {}) => {
    const found = key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), texts);
    const text = typeof found === 'string' ? found : ((options.defaultValue as string | undefined) ?? key);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
  };
  return t as unknown as TFunction;
}

const month = (m: string, fields: Partial<FinanceMonth>): FinanceMonth => ({
  month: m,
  mrrStart: {},
  mrrEnd: {},
  movements: {},
  payingStart: 0,
  payingEnd: 0,
  churnedSubscribers: 0,
  captured: {},
  refunded: {},
  reversed: {},
  net: {},
  tax: {},
  taxReturned: {},
  refunds: 0,
  reversals: 0,
  disputes: 0,
  disputed: {},
  trialsStarted: 0,
  trialsConverted: 0,
  renewalsFailed: 0,
  dunningStarted: 0,
  dunningRecovered: 0,
  recognised: {},
  deferred: {},
  ...fields,
});

describe('finance area: money, months and shares in the reader’s language', () => {
  it('money per currency through Intl: $20.00 / 20,00 $; negative amounts; other currencies with their own sign', () => {
    expect(formatMoney(2000, 'USD', 'en')).to.equal('$20.00');
    expect(formatMoney(2000, 'USD', 'ru')).to.equal(`20,00${NBSP}$`);
    expect(formatMoney(-1000, 'USD', 'en')).to.equal('-$10.00');
    expect(formatMoney(123456, 'USD', 'en')).to.equal('$1,234.56');
    expect(formatMoney(123456, 'USD', 'ru')).to.equal(`1${NBSP}234,56${NBSP}$`);
    expect(formatMoney(500, 'EUR', 'en')).to.equal('€5.00');
    expect(formatMoney(1418, 'USD', 'en'), 'cents stay exact').to.equal('$14.18');
  });

  it('amounts of several currencies are listed apart, never added; zero shows in the page’s currency', () => {
    expect(formatMoneyList({ USD: 2000, EUR: 500 }, 'en')).to.equal('€5.00 · $20.00');
    expect(formatMoneyList({}, 'en', ['USD'])).to.equal('$0.00');
    expect(currenciesOf({ EUR: 1 }, ['USD'])).to.deep.equal(['EUR', 'USD']);
  });

  it('months, days and shares', () => {
    expect(formatMonth('2026-03', 'en')).to.equal('March 2026');
    expect(formatMonth('2026-03', 'ru')).to.equal('Март 2026 г.');
    expect(formatMonth('2026-05', 'ru', 'long', true), 'inside a sentence').to.equal('май 2026 г.');
    expect(formatMonth('2026-05', 'en', 'short')).to.equal('May 2026');
    expect(formatDay('2026-05-10', 'en')).to.equal('10 May 2026');
    expect(formatShare(0.5, 'en')).to.equal('50%');
    expect(formatShare(0.125, 'en')).to.equal('12.5%');
    expect(formatShare(0.5, 'ru')).to.equal(`50${NBSP}%`);
    expect(formatShare(null, 'en')).to.equal('—');
  });

  it('days: only real calendar days; a month’s range for the export', () => {
    expect(isDay('2026-02-28')).to.equal(true);
    expect(isDay('2026-02-30')).to.equal(false);
    expect(isDay('2026-2-3')).to.equal(false);
    expect(monthRange('2026-02-14')).to.deep.equal({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthRange('2028-02-14')).to.deep.equal({ from: '2028-02-01', to: '2028-02-29' });
  });
});

describe('finance area: the figures’ arithmetic and words', () => {
  it('the MRR bridge: each month from its start through its movements to its end (written out: 0 + 20 = 20; 20 − 10 = 10)', () => {
    const rows = movementRows(
      [
        month('2026-03', { mrrStart: {}, mrrEnd: { USD: 2000 }, movements: { USD: { new: 2000, expansion: 0, contraction: 0, churn: 0, reactivation: 0 } } }),
        month('2026-04', { mrrStart: { USD: 2000 }, mrrEnd: { USD: 2000 } }),
        month('2026-05', { mrrStart: { USD: 2000 }, mrrEnd: { USD: 1000 }, movements: { USD: { new: 0, expansion: 0, contraction: 0, churn: -1000, reactivation: 0 } } }),
      ],
      'USD',
    );
    expect(rows.map((r) => [r.month, r.start, r.movements.new, r.movements.churn, r.end, r.addsUp])).to.deep.equal([
      ['2026-03', 0, 2000, 0, 2000, true],
      ['2026-04', 2000, 0, 0, 2000, true],
      ['2026-05', 2000, 0, -1000, 1000, true],
    ]);
    expect(movementRows([month('2026-06', { mrrStart: { USD: 1000 }, mrrEnd: { USD: 500 } })], 'USD')[0]!.addsUp, 'a change no movement explains is shown as such').to.equal(false);
    expect(MOVEMENTS).to.deep.equal(['new', 'expansion', 'reactivation', 'contraction', 'churn']);
  });

  it('a stacked chart’s axis holds the positive stack above and the negative one below zero', () => {
    expect(stackedExtent([[2000, 0], [500, 0], [0, -1000], [-300, -200]])).to.deep.equal({ min: -1200, max: 2500 });
    expect(stackedExtent([])).to.deep.equal({ min: 0, max: 0 });
  });

  it('the waterfall’s columns and recognised revenue by month and plan', () => {
    expect(waterfallColumns([{ billMonth: '2026-03', cells: { '2026-03': 1418, '2026-04': 582 }, total: 2000 }, { billMonth: '2026-04', cells: { '2026-05': 600, '2026-04': 1400 }, total: 2000 }])).to.deep.equal(['2026-03', '2026-04', '2026-05']);
    const report: FinanceRecognitionView = {
      asOf: '2026-05-10',
      book: 'demo',
      byPlan: [],
      months: [
        { month: '2026-03', plan: 'constructor', currency: 'USD', recognised: 1418 },
        { month: '2026-04', plan: 'constructor', currency: 'USD', recognised: 1982 },
        { month: '2026-04', plan: 'unlimited', currency: 'USD', recognised: 100 },
        { month: '2026-04', plan: 'constructor', currency: 'EUR', recognised: 7 },
      ],
      waterfall: [],
    };
    expect(recognisedByMonthAndPlan(report, 'USD')).to.deep.equal({
      plans: ['constructor', 'unlimited'],
      rows: [
        { month: '2026-03', byPlan: { constructor: 1418, unlimited: 0 }, total: 1418 },
        { month: '2026-04', byPlan: { constructor: 1982, unlimited: 100 }, total: 2082 },
      ],
    });
  });

  it('the reconciliation of one book: demo rows and totals never in the real ones', () => {
    const row = (demo: boolean) => ({ subscriptionId: demo ? 'd' : 'r', userId: 'u', planId: 'constructor', currency: 'USD', period: '2026-03', status: 'SUBSCRIPTION_STATUS_ACTIVE', paypalOrderIds: [], captureIds: [], refundIds: [], ordered: 1000, captured: 1000, refunded: 0, outstanding: 0, withdrawn: 0, net: 1000, creditUsed: 0, vat: 0, netOfVat: 1000, servicePeriodStart: null, servicePeriodEnd: null, ...(demo ? { demo: true } : {}) });
    const totals = { byPlan: [], byCurrency: [{ currency: 'USD', ordered: 1, captured: 1, refunded: 0, outstanding: 0, withdrawn: 0, net: 1, creditUsed: 0, vat: 0, netOfVat: 1, subscriptions: 1, orders: 1, captures: 1, refunds: 0 }] };
    const report: FinanceReportView = { asOf: { to: null, position: '9', events: 9 }, rows: [row(false), row(true)], disputes: [], totals: { byPlan: [], byCurrency: [], demo: totals } };
    expect(reportOfBook(report, 'real').rows.map((r) => r.subscriptionId)).to.deep.equal(['r']);
    expect(reportOfBook(report, 'real').totals.byCurrency).to.deep.equal([]);
    expect(reportOfBook(report, 'demo').rows.map((r) => r.subscriptionId)).to.deep.equal(['d']);
    expect(reportOfBook(report, 'demo').totals.byCurrency[0]!.captured).to.equal(1);
  });

  for (const [lang, texts] of [['en', en], ['ru', ru]] as const) {
    it(`${lang}: plans, statuses and the read-model check in words, never their codes`, () => {
      const t = tOf(texts);
      const ta = tOf({ status: { SUBSCRIPTION_STATUS_ACTIVE: lang === 'en' ? 'Live' : 'Активна' } });
      expect(planWord('constructor', t)).to.equal(lang === 'en' ? 'Builder' : 'Конструктор');
      expect(planWord('some-new-plan', t)).to.equal(lang === 'en' ? 'Other plan' : 'Другой тариф');
      expect(statusWord('SUBSCRIPTION_STATUS_ACTIVE', t, ta)).to.equal(lang === 'en' ? 'Live' : 'Активна');
      expect(statusWord('REMOVED', t, ta)).to.equal(lang === 'en' ? 'Removed' : 'Удалена');
      const projection = (name: string, differences: number, unstable = false) => ({ projection: name, checkpoint: '1', lines: 1, differences, sample: [], unstable });
      const ok = verifyWords({ ok: true, projections: [projection('users', 0), projection('finance', 0)] }, t);
      expect(ok).to.deep.equal({ ok: true, sentence: lang === 'en' ? 'Every read model agrees with the event log (read models checked: 2).' : 'Все модели чтения согласны с журналом событий (проверено моделей: 2).', lines: [] });
      const bad = verifyWords({ ok: false, projections: [projection('users', 0), projection('subscriptions', 3), projection('finance', 0, true)] }, t);
      expect(bad.lines).to.deep.equal(lang === 'en' ? ['Subscriptions: differences: 3.', 'Finance figures: kept changing while it was checked; check again.'] : ['Подписки: расхождений: 3.', 'Финансовые цифры: менялась во время проверки; проверьте ещё раз.']);
      for (const text of [ok.sentence, bad.sentence, ...bad.lines]) expect(text).to.not.match(/subscriptions|finance\b|\{\{/);
    });
  }
});

describe('finance area: the ledger and the trial balance', () => {
  /** The trial balance of read-api/src/routes/finance-ledger.int.spec.ts at the end of Mar 31 (worked by hand there). */
  const MARCH = {
    accounts: [
      { account: 'paypal-clearing', kind: 'asset' as const, debit: 1500, credit: 575, balance: 925 },
      { account: 'customer-credit', kind: 'liability' as const, debit: 275, credit: 275, balance: 0 },
      { account: 'deferred-revenue', kind: 'liability' as const, debit: 1500, credit: 1500, balance: 0 },
      { account: 'revenue:constructor', kind: 'income' as const, debit: 0, credit: 931, balance: -931 },
      { account: 'refunds:constructor', kind: 'contra-income' as const, debit: 6, credit: 0, balance: 6 },
    ],
  };

  it('the trial balance as a table: each balance on its side, the columns’ totals, balanced when debits equal credits', () => {
    const table = trialBalanceTable(MARCH);
    expect(table.rows.map((r) => [r.account, r.debitBalance, r.creditBalance])).to.deep.equal([
      ['paypal-clearing', 925, 0],
      ['customer-credit', 0, 0],
      ['deferred-revenue', 0, 0],
      ['revenue:constructor', 0, 931],
      ['refunds:constructor', 6, 0],
    ]);
    // Debits 1500 + 275 + 1500 + 0 + 6; credits 575 + 275 + 1500 + 931 + 0; balances 925 + 6 on the debit side, 931 on the credit side.
    expect(table.totals).to.deep.equal({ debit: 3281, credit: 3281, debitBalance: 931, creditBalance: 931 });
    expect(table.balanced).to.equal(true);
    const off = trialBalanceTable({ accounts: [{ account: 'paypal-clearing', kind: 'asset', debit: 100, credit: 0, balance: 100 }] });
    expect([off.balanced, off.totals.debit, off.totals.credit]).to.deep.equal([false, 100, 0]);
    expect(trialBalanceTable({ accounts: [] })).to.deep.equal({ rows: [], totals: { debit: 0, credit: 0, debitBalance: 0, creditBalance: 0 }, balanced: true });
  });

  it('the ledger’s range: two real days, the last on or after the first, at most 366 days (both included); by default the chosen day’s month to that day', () => {
    expect(ledgerRangeProblem('2026-03-01', '2026-03-31')).to.equal(null);
    expect(ledgerRangeProblem('2026-03-05', '2026-03-05')).to.equal(null);
    expect(ledgerRangeProblem('2026-03-31', '2026-03-01')).to.equal('order');
    expect(ledgerRangeProblem('2026-02-30', '2026-03-31')).to.equal('day');
    expect(ledgerRangeProblem('', '2026-03-31')).to.equal('day');
    // Jan 1, 2026 to Jan 1, 2027: 366 days; one more is too many. A leap year’s 366 days fit.
    expect(ledgerRangeProblem('2026-01-01', '2027-01-01')).to.equal(null);
    expect(ledgerRangeProblem('2026-01-01', '2027-01-02')).to.equal('tooLong');
    expect(ledgerRangeProblem('2028-01-01', '2028-12-31')).to.equal(null);
    expect(ledgerRangeOf('2026-03-22')).to.deep.equal({ from: '2026-03-01', to: '2026-03-22' });
  });

  it('the ledger’s lines: one per posting, the entry’s cells on its first line spanning its lines', () => {
    const entry = (id: string, n: number) => ({ id, day: '2026-03-25', at: '2026-03-25T00:00:00.000Z', kind: 'event' as const, plan: 'constructor', currency: 'USD', postings: Array.from({ length: n }, (_, i) => ({ account: `a${i}`, debit: 1, credit: 0 })) });
    expect(ledgerLines([entry('x', 3), entry('y', 2)]).map((l) => [l.entry.id, l.posting.account, l.first, l.lines])).to.deep.equal([
      ['x', 'a0', true, 3],
      ['x', 'a1', false, 3],
      ['x', 'a2', false, 3],
      ['y', 'a0', true, 2],
      ['y', 'a1', false, 2],
    ]);
  });

  for (const [lang, texts] of [['en', en], ['ru', ru]] as const) {
    it(`${lang}: accounts, their kinds and what made each entry in words, never their codes`, () => {
      const t = tOf(texts);
      const words = (accounts: string[]) => accounts.map((a) => accountWord(a, t));
      expect(words(['paypal-clearing', 'paypal-disputed', 'deferred-revenue', 'customer-credit', 'revenue:constructor', 'refunds:unlimited', 'revenue:newplan', 'tax-payable:DE:19%', 'suspense', 'revenue:a:b'])).to.deep.equal(
        lang === 'en'
          ? ['PayPal clearing', 'PayPal: held in disputes', 'Deferred revenue', 'Owed to customers', 'Revenue: Builder', 'Refunds of revenue: Self-hosted unlimited', 'Revenue: Other plan', 'Tax payable: DE, 19%', 'Other account', 'Other account']
          : ['Расчёты с PayPal', 'PayPal: удержано по спорам', 'Доходы будущих периодов', 'Задолженность перед клиентами', 'Выручка: Конструктор', 'Возвраты выручки: Безлимитный для своего сервера', 'Выручка: Другой тариф', 'Налог к уплате: DE, 19%', 'Другой счёт', 'Другой счёт'],
      );
      expect(['asset', 'liability', 'income', 'contra-income', 'equity'].map((k) => accountKindWord(k, t))).to.deep.equal(
        lang === 'en' ? ['Asset', 'Owed (liability)', 'Income', 'Reduces income', 'Other'] : ['Актив', 'Обязательство', 'Доход', 'Уменьшает доход', 'Другое'],
      );
      const what = (eventType?: string) => entryWord({ kind: eventType ? 'event' : 'recognition', ...(eventType ? { eventType } : {}) }, t);
      expect([what('OrderCaptured'), what('PaymentRefunded'), what('SubscriptionCancelled'), what(), what('SomethingNew')]).to.deep.equal(
        lang === 'en'
          ? ['Payment captured', 'Money given back (refund or reversal)', 'Cancellation', 'Revenue earned that day', 'Other change']
          : ['Платёж списан', 'Деньги возвращены (возврат или отмена платежа)', 'Отмена подписки', 'Выручка, признанная за день', 'Другое изменение'],
      );
      for (const text of [...words(['paypal-clearing', 'revenue:constructor', 'refunds:constructor']), what('PaidChangeTakenBack'), what('PaidTimeEnded'), what('PaymentDisputed'), what('SubscriptionRevised')]) {
        expect(text).to.not.match(/paypal-|deferred-revenue|customer-credit|revenue:\S|refunds:\S|constructor|OrderCaptured|PaidChangeTakenBack|PaidTimeEnded|PaymentDisputed|SubscriptionRevised|\{\{/);
      }
    });
  }

  it('every word of the ledger page is in both languages', () => {
    const keys = (o: unknown, prefix = ''): string[] => (o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix]);
    expect(keys(ru.ledger)).to.deep.equal(keys(en.ledger));
    expect(keys(ru.pages.ledger)).to.deep.equal(keys(en.pages.ledger));
  });
});
