import { PRICING_PERIODS } from '@relaycast/contracts/constants';
import { useAppDispatch, useAppSelector, useT } from '../../app/shell/hooks.js';
import { periodChanged, selectPeriod } from './pricingSlice.js';

/** The pricing slider between per month (the default, seed §2) and per year. */
export function PeriodSwitch() {
  const { t } = useT('pricing');
  const period = useAppSelector(selectPeriod);
  const dispatch = useAppDispatch();
  return (
    <div className="period-switch" role="radiogroup" aria-label={t('period.label')} data-testid="period-switch">
      {PRICING_PERIODS.map((p) => (
        <button key={p} type="button" role="radio" aria-checked={period === p} onClick={() => dispatch(periodChanged(p))}>
          {t(`period.${p}`)}
        </button>
      ))}
    </div>
  );
}
