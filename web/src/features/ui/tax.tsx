import type { TaxLine, TaxNotice } from '@relaycast/contracts';
import type { Language } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../app/shell/hooks.js';
import { formatUsd } from '../../app/shell/format.js';
import type { TFunction } from '../../app/shell/texts.js';

/**
 * Tax as people read it (docs/tax.md, "What the web shows"): the server's figures — a quote's or what paying now asks
 * (`/subscriptions/amountToPay`) — worded in the reader's language. Nothing here computes a tax: the browser only
 * says what the server decided. Shared by the pricing pages (public islands), the checkout and every pay button.
 */

/** A decimal-string rate as a percentage in the reader's language: "0.19" → "19", "0.255" → "25.5" (ru "25,5"). */
export function percentOf(rate: string, lang: Language): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  // Moving the point two places is exact on the string: no binary fraction.
  const digits = `${whole}${fraction.padEnd(2, '0')}`;
  const int = String(Number(digits.slice(0, whole.length + 2)));
  const rest = digits.slice(whole.length + 2).replace(/0+$/, '');
  return rest ? `${int}${lang === 'ru' ? ',' : '.'}${rest}` : int;
}

/** A country's name in the reader's language (the same on the server and in the browser: both have full ICU). */
export function countryNameOf(code: string, lang: Language): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * One tax line in words: "VAT 19 % (Germany)"; a reverse charge says who accounts for the VAT; outside the scope, that
 * no EU VAT applies. `included`: the VAT is inside a price kept from before taxes.
 */
export function taxLineText(line: Pick<TaxLine, 'kind' | 'country' | 'rate'>, t: TFunction, lang: Language, included = false): string {
  const country = countryNameOf(line.country, lang);
  switch (line.kind) {
    case 'vat':
      return t(included ? 'tax.vatIncluded' : 'tax.vat', { rate: percentOf(line.rate, lang), country });
    case 'reverse-charge':
      return t('tax.reverseCharge');
    case 'outside-scope':
      return t('tax.outsideScope', { country });
  }
}

/** What the customer is told beside the figures; the seller's own configuration notice is not the customer's business. */
export function taxNoticeTexts(notices: readonly TaxNotice[], t: TFunction): string[] {
  return notices.filter((n) => n !== 'sellerVatNumberMissing' && n !== 'noCountry').map((n) => t(`tax.notices.${n}`));
}

export interface TaxFigures {
  /** Net of tax, in cents. */
  amount: number;
  taxLines: readonly TaxLine[];
  tax: number;
  total: number;
  included?: boolean;
  taxNotices?: readonly TaxNotice[];
  /** Account credit used towards the total, and what is left to pay (what PayPal is asked for). */
  credit?: number;
  toPay?: number;
}

/**
 * Net, each tax line and the total, as the server answered them: "Price excl. VAT $79.00 · VAT 19 % (Germany) $15.01 ·
 * Total $94.01"; a reverse charge is said, with no VAT; the notices follow.
 */
export function TaxBreakdown({ figures, testId = 'tax-breakdown', per }: { figures: TaxFigures; testId?: string; per?: string }) {
  const { t } = useT();
  const lang = useLang();
  const money = (cents: number) => formatUsd(cents, lang, { cents: true });
  const notices = taxNoticeTexts(figures.taxNotices ?? [], t);
  return (
    <div className="tax-breakdown" data-testid={testId} data-total={figures.total} data-tax={figures.tax}>
      <dl>
        <div className="tax-row">
          <dt>{t('tax.net')}</dt>
          <dd data-testid="tax-net">{money(figures.amount)}</dd>
        </div>
        {figures.taxLines.map((line) => (
          <div className="tax-row" key={`${line.kind}-${line.country}-${line.rate}`} data-kind={line.kind} data-testid="tax-line">
            <dt>{taxLineText(line, t, lang, figures.included)}</dt>
            <dd>{line.kind === 'vat' ? money(line.amount) : ''}</dd>
          </div>
        ))}
        <div className="tax-row tax-total">
          <dt>{t('tax.total')}</dt>
          <dd data-testid="tax-total">
            {money(figures.total)}
            {per ? <small> {per}</small> : null}
          </dd>
        </div>
        {figures.credit ? (
          <>
            <div className="tax-row">
              <dt>{t('tax.credit')}</dt>
              <dd>−{money(figures.credit)}</dd>
            </div>
            <div className="tax-row tax-total">
              <dt>{t('tax.toPay')}</dt>
              <dd data-testid="tax-to-pay">{money(figures.toPay ?? figures.total - figures.credit)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {notices.map((text) => (
        <p key={text} className="note note-warning small" role="status" data-testid="tax-notice">
          {text}
        </p>
      ))}
    </div>
  );
}
