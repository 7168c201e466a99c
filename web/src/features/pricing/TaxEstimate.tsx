import { useEffect, useId, useMemo, useState } from 'react';
import type { QuoteView } from '@relaycast/contracts';
import { COUNTRY_CODES } from '@relaycast/contracts/constants';
import { useAppDispatch, useAppSelector, useLang, useMounted, useT } from '../../app/shell/hooks.js';
import { postJson } from '../../app/shell/http.js';
import { countryNameOf, TaxBreakdown } from '../ui/tax.js';
import { selectTaxCountry, taxCountryChosen } from './pricingSlice.js';

/** A configuration the server prices (POST /subscriptions/quote), as the purchase would make it. */
export interface PricedConfiguration {
  plan_id: 'constructor' | 'unlimited';
  infrastructure_type: 'self-hosted';
  subscription_type: string;
  modules?: readonly { name: string; limit: number }[];
}

const NOBODY = 'noCountry';

/**
 * The VAT and the total of a price for the visitor's country (docs/tax.md, "What the web shows"): the server's quote,
 * never computed here. Once mounted it asks the quote as it is — a signed-in customer's billing details decide it (their
 * VAT number too), a visitor nobody knows gets "no country" and is offered the choice; a country the visitor picks is
 * quoted as a consumer's there, and every pricing island of the page follows the pick. Rendered on the server as the
 * choice alone (its options come with the first effect), so the page hydrates as it was prerendered.
 */
export function TaxEstimate({ configuration, testId = 'tax-estimate' }: { configuration: PricedConfiguration; testId?: string }) {
  const { t } = useT();
  const lang = useLang();
  const ids = useId();
  const dispatch = useAppDispatch();
  const mounted = useMounted();
  const chosen = useAppSelector(selectTaxCountry);
  const body = useMemo(() => ({ ...configuration, ...(chosen ? { country: chosen } : {}) }), [configuration, chosen]);
  const key = JSON.stringify(body);
  const [answer, setAnswer] = useState<{ key: string; quote: QuoteView | null } | null>(null);
  // Nobody known and nothing picked: no more questions until the visitor picks a country.
  const nobody = chosen === null && answer !== null && answer.quote?.taxNotices.includes(NOBODY) === true;

  useEffect(() => {
    if (!mounted || nobody) return;
    const controller = new AbortController();
    // The builder's sliders move quickly: the last configuration of a pause is the one asked.
    const timer = setTimeout(() => {
      void postJson({ url: '/subscriptions/quote', body }, { dispatch: () => undefined, signal: controller.signal }, { inlineErrors: true }).then((a) => {
        if (!controller.signal.aborted) setAnswer({ key, quote: a.error ? null : (a.data as QuoteView) });
      });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `key` is `body` as text: a new object with the same content asks nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, mounted, nobody]);

  const countries = useMemo(
    () => (mounted ? COUNTRY_CODES.map((code) => ({ code, name: countryNameOf(code, lang) })).sort((a, b) => a.name.localeCompare(b.name, lang)) : []),
    [mounted, lang],
  );
  const current = answer?.key === key ? answer.quote : null;
  const known = current && current.taxLines.length > 0 ? current : null;
  // The country shown: the one picked, else the one the customer's billing details gave.
  const shown = chosen ?? known?.taxLines[0]?.country ?? '';
  const per = current?.billingMonths === 12 ? t('tax.perYear') : t('tax.perMonth');

  return (
    <div className="tax-country" data-testid={testId} data-country={shown}>
      <label htmlFor={`${ids}-country`}>{t('tax.country')}</label>
      <select id={`${ids}-country`} value={shown} onChange={(e) => dispatch(taxCountryChosen(e.target.value || null))} data-testid={`${testId}-country`}>
        <option value="">{t('tax.chooseCountry')}</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
      {known && <TaxBreakdown figures={known} per={per} testId={`${testId}-breakdown`} />}
      {chosen && answer?.key === key && answer.quote === null && (
        <p className="muted small" role="status">
          {t('tax.unavailable')}
        </p>
      )}
    </div>
  );
}
