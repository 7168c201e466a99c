import type { ModuleName } from '@relaycast/contracts/constants';
import { UNLIMITED_MONTHLY_PRICE_CENTS } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../app/shell/hooks.js';
import { formatUsd } from '../../app/shell/format.js';
import { purchaseQuery } from '../../app/shell/purchaseQuery.js';
import { BuyLink } from './BuyLink.js';
import { cheapestPlan } from './cheapest.js';

/**
 * Beside a builder or calculator price: the cheaper plan that runs the same configuration, when there is one — the
 * free plan when everything fits its limits, the unlimited plan when the builder would cost more than $79 a month.
 */
export function CheaperOption({ modules, builderMonthlyCents, testId }: { modules: readonly { name: ModuleName; limit: number }[]; builderMonthlyCents: number; testId: string }) {
  const { t } = useT('pricing');
  const lang = useLang();
  const cheapest = cheapestPlan(modules, builderMonthlyCents);
  if (cheapest === 'builder') return null;
  const unlimited = cheapest === 'unlimited';
  return (
    <div className="note cheaper-option" data-testid={testId} data-plan={cheapest}>
      <p>
        {unlimited
          ? t('cheaper.unlimited', {
              price: formatUsd(UNLIMITED_MONTHLY_PRICE_CENTS.monthly, lang),
              annual: formatUsd(UNLIMITED_MONTHLY_PRICE_CENTS.annual, lang),
              builder: formatUsd(builderMonthlyCents, lang),
            })
          : t('cheaper.free')}
      </p>
      <BuyLink className="btn btn-small btn-outline" query={unlimited ? purchaseQuery('unlimited', 'monthly') : purchaseQuery('unlimited', 'free')} testId={`${testId}-buy`}>
        {t(unlimited ? 'cheaper.buyUnlimited' : 'cheaper.startFree')}
      </BuyLink>
    </div>
  );
}
