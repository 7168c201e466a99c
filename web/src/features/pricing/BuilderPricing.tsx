import { useId } from 'react';
import { BUILDER_MODULES, DISPLAY_PRICES_CENTS, SELF_HOSTED_TIERS } from '@relaycast/contracts/constants';
import { useAppDispatch, useAppSelector, useLang, useT } from '../../app/shell/hooks.js';
import { InfoIcon } from '../../app/shell/ui/icons.js';
import { formatNumber, formatUsd } from '../../app/shell/format.js';
import { PlanFeatures } from './PlanFeatures.js';
import { builderModuleChanged, selectBuilder, selectBuilderQuote, type BuilderModuleName } from './pricingSlice.js';
import { useConversionTracking } from './useConversionTracking.js';
import { PAYMENT_UNIT_GROUP_ORDER, PAYMENT_UNIT_GROUPS, PLAN_FEATURES, type ModuleName } from '@relaycast/contracts/constants';
import { unitsForModule } from '@relaycast/billing-core/pricing';
import { SmallestPurchase } from './SmallestPurchase.js';
import { purchaseQuery } from '../../app/shell/purchaseQuery.js';
import { BuyLink } from './BuyLink.js';
import { CheaperOption } from './CheaperOption.js';
import { island } from '../ui/Island.js';
import { TaxEstimate } from './TaxEstimate.js';

function ModuleSlider({ name }: { name: BuilderModuleName }) {
  const { t } = useT('pricing');
  const dispatch = useAppDispatch();
  const value = useAppSelector(selectBuilder)[name];
  const spec = BUILDER_MODULES.find((m) => m.name === name);
  const id = useId();
  if (!spec) return null;
  const set = (v: number) => dispatch(builderModuleChanged({ name, value: v }));
  return (
    <div className="slider-row" data-module={name}>
      <label htmlFor={`${id}-range`}>
        {t(`builder.modules.${name}`)}
        <span className="info-dot" role="img" tabIndex={0} aria-label={t(`builder.hints.${name}`)} data-tooltip={t(`builder.hints.${name}`)}>
          <InfoIcon />
        </span>
      </label>
      <input id={`${id}-range`} type="range" min={spec.min} max={spec.max} step={spec.step} value={value} onChange={(e) => set(Number(e.target.value))} />
      <input
        type="number"
        min={spec.min}
        max={spec.max}
        step={spec.step}
        value={value}
        aria-label={t(`builder.modules.${name}`)}
        onChange={(e) => set(Number(e.target.value))}
      />
    </div>
  );
}

/**
 * How the units add up, group by group (PAYMENT_UNIT_GROUPS): modules sharing units count the larger, the groups are
 * added — "Publishing streams (12) and recordings (3) share units, the larger counts: 12". From billing-core's own
 * unit rule (unitsForModule), the one the price comes from.
 */
function UnitBreakdown({ modules }: { modules: { name: ModuleName; limit: number }[] }) {
  const { t } = useT('pricing');
  const lang = useLang();
  const label = (name: ModuleName, first: boolean) => {
    const text = t(`builder.modules.${name}`);
    return first ? text : text.charAt(0).toLowerCase() + text.slice(1);
  };
  const lines = PAYMENT_UNIT_GROUP_ORDER.map((group) => {
    const members = modules.filter((m) => PAYMENT_UNIT_GROUPS[m.name] === group && m.limit > 0);
    const units = Math.max(0, ...members.map((m) => unitsForModule(m.name, m.limit)));
    return { group, members, units };
  }).filter((line) => line.units > 0);
  if (!lines.length) return null;
  return (
    <ul className="unit-breakdown" data-testid="builder-breakdown" aria-label={t('builder.breakdown.title')}>
      {lines.map(({ group, members, units }) => {
        const named = members.map((m, i) => t('builder.breakdown.module', { module: label(m.name, i === 0), n: formatNumber(m.limit, lang) }));
        return (
          <li key={group} data-group={group}>
            {named.length > 1
              ? t('builder.breakdown.shared', { first: named[0], second: named.slice(1).join(', '), units: formatNumber(units, lang) })
              : t('builder.breakdown.one', { module: named[0], units: formatNumber(units, lang) })}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The pricing builder (seed §1): a monthly licence per unit. Its price comes from billing-core's
 * quoteSubscription, the same function the server uses to check the purchase, so both agree to the cent.
 */
function BuilderPricingView({ fromCents = DISPLAY_PRICES_CENTS.builderFrom }: { fromCents?: number }) {
  const { t } = useT('pricing');
  const lang = useLang();
  const quote = useAppSelector(selectBuilderQuote);
  const builder = useAppSelector(selectBuilder);
  const modules = (Object.keys(builder) as BuilderModuleName[]).map((name) => ({ name: name as ModuleName, limit: builder[name] }));
  useConversionTracking(quote.quantity, quote.monthlyAmount);
  return (
    <div className="builder" data-testid="builder-pricing">
      <div className="card">
        <p className="muted">
          {t('builder.from', { price: formatUsd(fromCents, lang), unit: formatUsd(DISPLAY_PRICES_CENTS.selfHostedConstructorPerMonth, lang) })}
        </p>
        <SmallestPurchase fromCents={fromCents} />
        {BUILDER_MODULES.map((m) => (
          <ModuleSlider key={m.name} name={m.name} />
        ))}
        <h3>{t('builder.perUnitTitle')}</h3>
        <PlanFeatures features={PLAN_FEATURES.constructor} />
      </div>
      <div className="card summary-box" aria-live="polite">
        <h3>{t('builder.summary')}</h3>
        <dl>
          <dt>{t('builder.units')}</dt>
          <dd data-testid="builder-units">{formatNumber(quote.quantity, lang)}</dd>
          <dd className="unit-breakdown-cell">
            <UnitBreakdown modules={modules} />
          </dd>
          <dt>{t('builder.monthly')}</dt>
          <dd className="summary-total" data-testid="builder-total">
            {formatUsd(quote.monthlyAmount, lang)}
          </dd>
          <dd className="unit-breakdown-cell excl-vat muted">{t('common:tax.exclVat')}</dd>
        </dl>
        <TaxEstimate configuration={{ plan_id: 'constructor', infrastructure_type: 'self-hosted', subscription_type: 'SUBSCRIPTION_MONTH', modules: modules.filter((m) => m.limit > 0) }} testId="builder-tax" />
        <table className="data-table tier-table">
          <caption className="sr-only">{t('builder.tiers')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('builder.tiers')}</th>
              <th scope="col">{t('builder.unitPrice')}</th>
            </tr>
          </thead>
          <tbody>
            {SELF_HOSTED_TIERS.map((tier, i) => (
              <tr key={tier.from}>
                <td>
                  {i === SELF_HOSTED_TIERS.length - 1
                    ? t('builder.tierLast', { from: formatNumber(tier.from, lang) })
                    : t('builder.tierRow', { from: tier.from, to: tier.to })}
                </td>
                <td>{formatUsd(tier.priceCents, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <CheaperOption modules={modules} builderMonthlyCents={quote.monthlyAmount} testId="builder-cheaper" />
        {/* The configuration goes with the button: the purchase step starts from exactly these modules. */}
        <BuyLink className="btn btn-primary btn-block" query={purchaseQuery('constructor', builder)} testId="buy-constructor">
          {t('builder.cta')}
        </BuyLink>
      </div>
    </div>
  );
}

/** An island (features/ui/Island.tsx): the browser hydrates it on its own. */
export const BuilderPricing = island('builder-pricing', BuilderPricingView);
