import type { Language } from '@relaycast/contracts/constants';

const NBSP = '\u00a0';

function groupThousands(n: number, sep: string): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

/**
 * US dollars from integer cents, formatted the same on the server and in every browser (Intl output differs
 * between ICU versions, which would break hydration): en $1,234.50 / $79, ru 1 234,50 $ / 79 $.
 * Whole amounts drop the cents unless `cents: true`.
 */
export function formatUsd(amountCents: number, lang: Language, opts: { cents?: boolean } = {}): string {
  const negative = amountCents < 0;
  const abs = Math.abs(Math.round(amountCents));
  const whole = Math.floor(abs / 100);
  const fraction = abs % 100;
  const showCents = opts.cents || fraction !== 0;
  const sign = negative ? '-' : '';
  if (lang === 'ru') {
    const body = groupThousands(whole, NBSP) + (showCents ? `,${String(fraction).padStart(2, '0')}` : '');
    return `${sign}${body}${NBSP}$`;
  }
  return `${sign}$${groupThousands(whole, ',')}${showCents ? `.${String(fraction).padStart(2, '0')}` : ''}`;
}

/** Plain numbers with the language's thousands separator. */
export function formatNumber(n: number, lang: Language): string {
  const [int = '0', frac] = String(n).split('.');
  const grouped = groupThousands(Number(int), lang === 'ru' ? NBSP : ',');
  return frac ? `${grouped}${lang === 'ru' ? ',' : '.'}${frac}` : grouped;
}
