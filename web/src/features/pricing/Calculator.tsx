import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { CALCULATOR_LIMITS, CLOUD_PROVIDERS, VIDEO_MODES, type CloudProviderId } from '@relaycast/contracts/constants';
import { calculatorModules, maxReStreams } from '@relaycast/billing-core/pricing';
import { useAppDispatch, useAppSelector, useLang, useT } from '../../app/shell/hooks.js';
import { formatNumber, formatUsd } from '../../app/shell/format.js';
import { purchaseQuery } from '../../app/shell/purchaseQuery.js';
import { BuyLink } from './BuyLink.js';
import { CheaperOption } from './CheaperOption.js';
import { useConversionTracking } from './useConversionTracking.js';
import { InfoIcon } from '../../app/shell/ui/icons.js';
import {
  calculatorReset,
  hoursChanged,
  providerChanged,
  publishersChanged,
  recordingsChanged,
  reStreamsChanged,
  selectCalculator,
  selectCalculatorEstimate,
  transcodeToggled,
  videoModeChanged,
  viewersChanged,
} from './calculatorSlice.js';
import { siteSettings } from '../../app/shell/siteSettings.js';
import { island } from '../ui/Island.js';

type NumericField = 'publishers' | 'viewers' | 'recordings' | 'reStreams' | 'hours';

function Hint({ text }: { text: string }) {
  return (
    <span className="info-dot" role="img" tabIndex={0} aria-label={text} data-tooltip={text}>
      <InfoIcon />
    </span>
  );
}

/** How long typing pauses before the estimate follows it. */
const TYPING_PAUSE_MS = 400;

/**
 * A number field bound to the store. Typing edits a draft that is committed when typing pauses (so "12" is not
 * applied as "1" first, yet the estimate follows without leaving the field), on blur or on Enter; the spinner
 * arrows commit at once. The displayed value follows the store, so the calculator's rules (e.g. recordings raising
 * publishers) show in the other fields immediately.
 */
function NumberField({ field, value, min, max, onCommit }: { field: NumericField; value: number; min: number; max: number; onCommit: (n: number) => void }) {
  const { t } = useT('pricing');
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  useEffect(() => setDraft(null), [value]);
  const commit = (text: string) => {
    const n = Number(text);
    if (text.trim() !== '' && Number.isFinite(n)) onCommit(n);
    setDraft(null);
  };
  useEffect(() => {
    if (draft === null) return;
    const timer = setTimeout(() => commit(draft), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
    // commit is recreated each render; the draft is what schedules it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft]);
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const typed = (e.nativeEvent as InputEvent).inputType;
    if (typed) setDraft(e.target.value);
    else commit(e.target.value);
  };
  return (
    <div>
      <label htmlFor={id}>
        {t(`calculator.fields.${field}`)} <Hint text={t(`calculator.hints.${field}`)} />
      </label>
      <input
        id={id}
        name={field}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={draft ?? String(value)}
        onChange={onChange}
        onBlur={(e) => commit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(e.currentTarget.value);
        }}
      />
    </div>
  );
}

/**
 * The pricing calculator (seed §3, §4). State and rules are calculatorSlice's (billing-core's transitions);
 * the estimate is billing-core's estimateCalculator. Changing an input sends the analytics conversion event.
 */
function CalculatorView() {
  const { t } = useT('pricing');
  const { marketplaceUrl } = siteSettings();
  const lang = useLang();
  const state = useAppSelector(selectCalculator);
  const estimate = useAppSelector(selectCalculatorEstimate);
  const dispatch = useAppDispatch();
  const ids = useId();
  useConversionTracking(estimate.unitQuantity, estimate.selfHostedMonthlyCents);
  const L = CALCULATOR_LIMITS;
  const modules = calculatorModules(state);
  return (
    <div className="builder" data-testid="calculator">
      <form className="card" onSubmit={(e) => e.preventDefault()} aria-label={t('calculator.title')}>
        <div className="calc-grid">
          <NumberField field="publishers" value={state.publishers} min={L.publishers.min} max={L.publishers.max} onCommit={(n) => dispatch(publishersChanged(n))} />
          <NumberField field="viewers" value={state.viewers} min={L.viewers.min} max={L.viewers.max} onCommit={(n) => dispatch(viewersChanged(n))} />
          <NumberField field="recordings" value={state.recordings} min={L.recordings.min} max={L.recordings.max} onCommit={(n) => dispatch(recordingsChanged(n))} />
          <NumberField field="reStreams" value={state.reStreams} min={L.reStreams.min} max={maxReStreams(state.transcode)} onCommit={(n) => dispatch(reStreamsChanged(n))} />
          <div>
            <label htmlFor={`${ids}-mode`}>
              {t('calculator.fields.videoMode')} <Hint text={t('calculator.hints.videoMode')} />
            </label>
            <select id={`${ids}-mode`} name="videoMode" value={state.videoMode} onChange={(e) => dispatch(videoModeChanged(Number(e.target.value)))}>
              {VIDEO_MODES.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.label} · {t('calculator.mbps', { value: formatNumber(m.bitrateKbps / 1000, lang) })}
                </option>
              ))}
            </select>
          </div>
          <div className="checkbox-row">
            <input id={`${ids}-transcode`} name="transcode" type="checkbox" checked={state.transcode} onChange={(e) => dispatch(transcodeToggled(e.target.checked))} />
            <label htmlFor={`${ids}-transcode`}>{t('calculator.fields.transcode')}</label>
            <Hint text={t('calculator.hints.transcode', { max: L.reStreams.maxWithTranscode })} />
          </div>
          <NumberField field="hours" value={state.hours} min={L.hours.min} max={L.hours.max} onCommit={(n) => dispatch(hoursChanged(n))} />
          <div>
            <label htmlFor={`${ids}-provider`}>
              {t('calculator.fields.provider')} <Hint text={t('calculator.hints.provider')} />
            </label>
            <select id={`${ids}-provider`} name="provider" value={state.provider} onChange={(e) => dispatch(providerChanged(e.target.value as CloudProviderId))}>
              {CLOUD_PROVIDERS.map((p) => (
                <option key={p.id} value={p.id}>
                  {t(`calculator.providers.${p.id}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="actions">
          <button type="button" className="btn btn-ghost" onClick={() => dispatch(calculatorReset())}>
            {t('calculator.reset')}
          </button>
        </p>
      </form>
      <div className="card summary-box" aria-live="polite" data-testid="calculator-results">
        <h3>{t('calculator.results.title')}</h3>
        <dl>
          <dt>{t('calculator.results.units')}</dt>
          <dd data-testid="calc-units">{formatNumber(estimate.unitQuantity, lang)}</dd>
          <dt>{t('calculator.results.selfHosted')}</dt>
          <dd data-testid="calc-self-hosted">{formatUsd(estimate.selfHostedMonthlyCents, lang)}</dd>
          <dt>{t('calculator.results.egress')}</dt>
          <dd>{t('calculator.mbps', { value: formatNumber(estimate.egressMbps, lang) })}</dd>
          <dt>{t('calculator.results.machines')}</dt>
          <dd data-testid="calc-machines">{formatNumber(estimate.machines, lang)}</dd>
          <dt>{t('calculator.results.transfer')}</dt>
          <dd data-testid="calc-transfer">{formatUsd(state.dataTransferCostPerHour, lang, { cents: true })}</dd>
          <dt>{t('calculator.results.cloudHourly')}</dt>
          <dd data-testid="calc-cloud-hourly">{formatUsd(estimate.cloudHourlyCents, lang, { cents: true })}</dd>
          <dt>{t('calculator.results.cloudTotal', { hours: state.hours })}</dt>
          <dd className="summary-total" data-testid="calc-cloud-total">
            {formatUsd(estimate.cloudTotalCents, lang, { cents: true })}
          </dd>
        </dl>
        <CheaperOption modules={modules} builderMonthlyCents={estimate.selfHostedMonthlyCents} testId="calc-cheaper" />
        {/* The estimate's modules go with the button: the purchase step starts from them. */}
        <BuyLink className="btn btn-primary btn-block" query={purchaseQuery('constructor', { streams: state.publishers, recordings: state.recordings, restream: state.reStreams, vodViewers: state.viewers })} testId="calc-buy">
          {t('calculator.buySelfHosted')}
        </BuyLink>
        <p />
        {marketplaceUrl && (
          <a className="btn btn-outline btn-block" href={marketplaceUrl} data-setting="marketplace" target="_blank" rel="noopener noreferrer">
            {t('calculator.runInCloud')}
            <span className="sr-only"> {t('cloud.external')}</span>
          </a>
        )}
      </div>
    </div>
  );
}

/** An island (features/ui/Island.tsx): the browser hydrates it on its own. */
export const Calculator = island('calculator', CalculatorView);
