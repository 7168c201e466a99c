/**
 * Money, written once: amounts are integer cents everywhere; these turn them into text — the decimal a file or PayPal
 * carries ("12.34"), and the amounts people read, formatted the same on the server and in every browser (Intl output
 * differs between ICU versions, which would break hydration): en $1,234.50 / $79, ru 1 234,50 $ / 79 $.
 */

const NBSP = '\u00a0';

const groupThousands = (n: number, separator: string): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/** "12.34" from 1234 cents, "-0.05" from -5: two decimals, a point, no grouping (CSV files, PayPal amounts). */
export function centsToDecimal(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1500 from "15.00", "15.0" or "15": exact, never through floating point; anything else is refused. */
export function decimalToCents(value: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new Error(`not a money amount: "${value}"`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * An amount as people read it, in their language: en $1,234.50 / $79, ru 1 234,50 $ / 79 $ (non-breaking spaces).
 * Whole amounts drop the cents unless `cents: true`. Another currency than USD is written with its code.
 */
export function formatMoney(amountCents: number, lang: 'en' | 'ru', opts: { cents?: boolean; currency?: string } = {}): string {
  const abs = Math.abs(Math.round(amountCents));
  const whole = Math.floor(abs / 100);
  const fraction = abs % 100;
  const showCents = opts.cents || fraction !== 0;
  const sign = amountCents < 0 ? '-' : '';
  const currency = opts.currency ?? 'USD';
  if (lang === 'ru') {
    const body = groupThousands(whole, NBSP) + (showCents ? `,${String(fraction).padStart(2, '0')}` : '');
    return `${sign}${body}${NBSP}${currency === 'USD' ? '$' : currency}`;
  }
  return `${sign}${currency === 'USD' ? '$' : `${currency}${NBSP}`}${groupThousands(whole, ',')}${showCents ? `.${String(fraction).padStart(2, '0')}` : ''}`;
}

/** "$12.34" from 1234 cents (always the cents, no grouping): histories, error messages, invoices. */
export function formatCents(cents: number, currency = 'USD'): string {
  const decimal = centsToDecimal(cents);
  const symbol = currency === 'USD' ? '$' : `${currency} `;
  return decimal.startsWith('-') ? `-${symbol}${decimal.slice(1)}` : `${symbol}${decimal}`;
}

/** Plain numbers with the language's thousands separator (and decimal mark). */
export function formatNumber(n: number, lang: 'en' | 'ru'): string {
  const [int = '0', frac] = String(n).split('.');
  const grouped = groupThousands(Number(int), lang === 'ru' ? NBSP : ',');
  return frac ? `${grouped}${lang === 'ru' ? ',' : '.'}${frac}` : grouped;
}
