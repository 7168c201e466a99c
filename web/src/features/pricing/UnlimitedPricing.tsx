import { PERIOD_TO_SUBSCRIPTION_TYPE, PLAN_FEATURES, UNLIMITED_BILLED_MONTHS, UNLIMITED_MONTHLY_PRICE_CENTS } from '@relaycast/contracts/constants';
import { useAppSelector, useLang, useT } from '../../app/shell/hooks.js';
import { formatUsd } from '../../app/shell/format.js';
import { PeriodSwitch } from './PeriodSwitch.js';
import { PlanFeatures } from './PlanFeatures.js';
import { selectPeriod } from './pricingSlice.js';
import { purchaseQuery } from '../../app/shell/purchaseQuery.js';
import { BuyLink } from './BuyLink.js';
import { island } from '../ui/Island.js';
import { TaxEstimate } from './TaxEstimate.js';

/** Self-hosted unlimited (seed §9): free $0 (limited), $79 a month, or $59 a month billed annually. */
function UnlimitedPricingView() {
  const { t } = useT('pricing');
  const lang = useLang();
  const period = useAppSelector(selectPeriod);
  const monthly = UNLIMITED_MONTHLY_PRICE_CENTS[period];
  const yearly = monthly * UNLIMITED_BILLED_MONTHS.annual;
  return (
    <div data-testid="unlimited-pricing">
      <PeriodSwitch />
      <div className="pricing-cards">
        <div className="card plan" data-plan="unlimited-free">
          <h3 className="plan-name">{t('unlimited.free.name')}</h3>
          <p className="price">
            {formatUsd(UNLIMITED_MONTHLY_PRICE_CENTS.free, lang)} <small>{t('perMonth')}</small>
          </p>
          <p className="muted">{t('unlimited.free.text')}</p>
          <PlanFeatures features={PLAN_FEATURES.unlimitedFree} />
          <BuyLink className="btn btn-outline" query={purchaseQuery('unlimited', 'free')} testId="buy-free">
            {t('unlimited.free.cta')}
          </BuyLink>
        </div>
        <div className="card plan plan-featured" data-plan="unlimited-paid">
          <h3 className="plan-name">{t('unlimited.paid.name')}</h3>
          <p className="price" data-testid="unlimited-price">
            {formatUsd(monthly, lang)} <small>{t('perMonth')}</small> <small className="excl-vat-tag">{t('common:tax.exclVat')}</small>
          </p>
          <p className="muted">
            {period === 'annual' ? t('billedAnnually', { total: formatUsd(yearly, lang) }) : t('billedMonthly')}
          </p>
          <TaxEstimate configuration={{ plan_id: 'unlimited', infrastructure_type: 'self-hosted', subscription_type: PERIOD_TO_SUBSCRIPTION_TYPE[period] }} testId="unlimited-tax" />
          <p className="muted">{t('unlimited.paid.text')}</p>
          <PlanFeatures features={PLAN_FEATURES.unlimitedPaid} />
          <BuyLink className="btn btn-primary" query={purchaseQuery('unlimited', period)} testId="buy-unlimited">
            {t('unlimited.paid.cta')}
          </BuyLink>
        </div>
      </div>
    </div>
  );
}

/** An island (features/ui/Island.tsx): the browser hydrates it on its own. */
export const UnlimitedPricing = island('unlimited-pricing', UnlimitedPricingView);
