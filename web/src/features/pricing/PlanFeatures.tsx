import { PLAN_FEATURE_KEYS, PLAN_PROTOCOLS, type PlanFeatureKey, type PlanFeatureValue } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../app/shell/hooks.js';
import { LimitIcon } from '../../app/shell/ui/icons.js';
import { formatNumber } from '../../app/shell/format.js';

/** A plan card's feature list (seed §3: name, value, optional limited icon) and its protocols. */
export function PlanFeatures({ features }: { features: Record<PlanFeatureKey, PlanFeatureValue> }) {
  const { t } = useT('pricing');
  const lang = useLang();
  const show = (f: PlanFeatureValue) => {
    if (f.value === 'unlimited') return t('features.unlimited');
    if (f.value === 0) return t('features.none');
    const n = formatNumber(f.value, lang);
    return f.perUnit ? t('features.perUnit', { value: n }) : n;
  };
  return (
    <ul className="feature-rows">
      {PLAN_FEATURE_KEYS.map((key) => {
        const f = features[key];
        return (
          <li key={key} data-feature={key}>
            <span>{t(`features.${key}`)}</span>
            <span className="value">
              {show(f)}
              {f.limited && (
                <span className="limited-icon" role="img" tabIndex={0} aria-label={t('features.limited')} data-tooltip={t('features.limited')}>
                  <LimitIcon />
                </span>
              )}
            </span>
          </li>
        );
      })}
      <li data-feature="protocols">
        <span>{t('features.protocols')}</span>
        <span className="value">{PLAN_PROTOCOLS.join(', ')}</span>
      </li>
    </ul>
  );
}
