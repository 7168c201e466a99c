import { CLOUD_CHANNEL_INCLUDED_GB, DISPLAY_PRICES_CENTS } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../app/shell/hooks.js';
import { CheckIcon } from '../../app/shell/ui/icons.js';
import { formatUsd } from '../../app/shell/format.js';
import { siteSettings } from '../../app/shell/siteSettings.js';
import { useContent } from '../ui/content/useContent.js';

/**
 * The cloud pay-as-you-go offer (seed §1, §9): from $0.27 an hour in the catalogue, from $0.05 an hour per
 * machine on the configuration page (the calculator's rate) — both shown, each saying what it prices; it is bought
 * on the external cloud marketplace. Multi-streaming cloud channels include 25 GB of traffic.
 */
export function CloudPricing({ multiStreaming = false }: { multiStreaming?: boolean }) {
  const { t } = useT('pricing');
  const { marketplaceUrl } = siteSettings();
  const lang = useLang();
  const points = useContent<{ cloud?: { points?: unknown } }>('pricing').cloud?.points;
  return (
    <div className="card plan" data-plan="cloud" data-testid="cloud-pricing">
      <h3 className="plan-name">{t('cloud.name')}</h3>
      <p className="price">
        <small>{t('from')}</small> {formatUsd(DISPLAY_PRICES_CENTS.cloudFromPerHourCatalogue, lang)} <small>{t('perHour')}</small>
      </p>
      {/* Two prices, each with what it prices: the catalogue's listing, and the machines the calculator counts. */}
      <p className="muted small" data-testid="cloud-catalogue">
        {t('cloud.catalogue')}
      </p>
      <p className="muted" data-testid="cloud-machine">
        {t('cloud.machine', { price: formatUsd(DISPLAY_PRICES_CENTS.cloudPayAsYouGoFromPerHourPerMachine, lang) })}
      </p>
      <ul className="check-list">
        {(Array.isArray(points) ? points : []).map((p: string) => (
          <li key={p}>
            <CheckIcon />
            <span>{p}</span>
          </li>
        ))}
        {multiStreaming && (
          <li>
            <CheckIcon />
            <span>{t('cloud.included', { gb: CLOUD_CHANNEL_INCLUDED_GB })}</span>
          </li>
        )}
      </ul>
      {marketplaceUrl && (
        <a className="btn btn-outline" href={marketplaceUrl} data-setting="marketplace" target="_blank" rel="noopener noreferrer" data-testid="cloud-marketplace">
          {t('cloud.cta')}
          <span className="sr-only"> {t('cloud.external')}</span>
        </a>
      )}
    </div>
  );
}
