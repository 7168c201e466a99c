import { DISPLAY_PRICES_CENTS, PLAN_FEATURES, UNLIMITED_MONTHLY_PRICE_CENTS } from '@relaycast/contracts/constants';
import { useAppSelector, useLang, useT } from '../../app/shell/hooks.js';
import { AppLink } from '../../app/shell/ui/AppLink.js';
import { CloudPricing } from './CloudPricing.js';
import { formatUsd } from '../../app/shell/format.js';
import { PeriodSwitch } from './PeriodSwitch.js';
import { PlanFeatures } from './PlanFeatures.js';
import { selectPeriod } from './pricingSlice.js';
import { purchaseQuery } from '../../app/shell/purchaseQuery.js';
import { BuyLink } from './BuyLink.js';
import { SmallestPurchase } from './SmallestPurchase.js';
import { island } from '../ui/Island.js';

/**
 * The pricing section of a product page: the three variants side by side (builder, cloud pay-as-you-go,
 * self-hosted unlimited) with links to the full pricing page and its calculator.
 */
function PricingOverviewView({ fromCents = DISPLAY_PRICES_CENTS.builderFrom, multiStreaming = false }: { fromCents?: number; multiStreaming?: boolean }) {
  const { t } = useT('pricing');
  const lang = useLang();
  const period = useAppSelector(selectPeriod);
  return (
    <div data-testid="pricing-overview">
      <PeriodSwitch />
      <div className="pricing-cards">
        <div className="card plan" data-plan="constructor">
          <h3 className="plan-name">{t('builder.name')}</h3>
          <p className="price">
            <small>{t('from')}</small> {formatUsd(fromCents, lang)} <small>{t('perMonth')}</small> <small className="excl-vat-tag">{t('common:tax.exclVat')}</small>
          </p>
          <SmallestPurchase fromCents={fromCents} />
          <p className="muted">{t('builder.short')}</p>
          <PlanFeatures features={PLAN_FEATURES.constructor} />
          <AppLink className="btn btn-ghost" to="/pricing#builder">
            {t('overview.configure')}
          </AppLink>
          <BuyLink className="btn btn-outline" query={purchaseQuery('constructor')}>
            {t('builder.cta')}
          </BuyLink>
        </div>
        <CloudPricing multiStreaming={multiStreaming} />
        <div className="card plan plan-featured" data-plan="unlimited-paid">
          <h3 className="plan-name">{t('unlimited.paid.name')}</h3>
          <p className="price">
            {formatUsd(UNLIMITED_MONTHLY_PRICE_CENTS[period], lang)} <small>{t('perMonth')}</small> <small className="excl-vat-tag">{t('common:tax.exclVat')}</small>
          </p>
          <p className="muted">{period === 'annual' ? t('overview.annualNote') : t('billedMonthly')}</p>
          <PlanFeatures features={PLAN_FEATURES.unlimitedPaid} />
          <BuyLink className="btn btn-primary" query={purchaseQuery('unlimited', period)}>
            {t('unlimited.paid.cta')}
          </BuyLink>
          <BuyLink className="btn btn-ghost" query={purchaseQuery('unlimited', 'free')}>
            {t('overview.free')}
          </BuyLink>
        </div>
      </div>
      <p className="actions">
        <AppLink to="/pricing#calculator">{t('overview.calculator')}</AppLink>
      </p>
    </div>
  );
}

/** An island (features/ui/Island.tsx): the browser hydrates it on its own. */
export const PricingOverview = island('pricing-overview', PricingOverviewView);
