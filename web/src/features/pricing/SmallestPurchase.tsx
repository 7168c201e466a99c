import { DISPLAY_PRICES_CENTS } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../app/shell/hooks.js';
import { formatUsd } from '../../app/shell/format.js';

/**
 * Where the advertised "from" price (the seed's $1 for pay-per-view) is below what one can check out — one unit at
 * $5 a month —, the page says so next to it, so that no advertised price turns out not to be buyable.
 */
export function SmallestPurchase({ fromCents }: { fromCents: number }) {
  const { t } = useT('pricing');
  const lang = useLang();
  const smallest = DISPLAY_PRICES_CENTS.selfHostedConstructorPerMonth;
  if (fromCents >= smallest) return null;
  return (
    <p className="muted small" data-testid="smallest-purchase">
      {t('smallestPurchase', { price: formatUsd(smallest, lang) })}
    </p>
  );
}
