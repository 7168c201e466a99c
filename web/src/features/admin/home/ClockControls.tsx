import { useId, useState } from 'react';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { formatDate, dataOf, useToast } from '../../ui/forms.js';
import { announceClockMoved } from '../../../app/shell/layout/TestClockBanner.js';
import { useAdvanceClockMutation } from '../adminApi.js';
import { addDaysUtc, addMonthsUtc, dayAtClockTime } from './clock.js';

/**
 * The test clock (BILLING_CLOCK=test) in the admin area: its time, steps forward (a day, a week, a month) and a day to
 * jump to. Moving it runs everything that fell due meanwhile — renewals charge saved PayPal accounts, dunning retries,
 * suspensions, cancellations — and says how many steps ran. Time never goes back.
 */
export function ClockControls({ now }: { now: string }) {
  const { t } = useT('admin');
  const lang = useLang();
  const toast = useToast();
  const ids = useId();
  const [day, setDay] = useState('');
  const [moved, setMoved] = useState<{ from: string; now: string; ran: number } | null>(null);
  const [advance, { isLoading }] = useAdvanceClockMutation();
  const today = now.slice(0, 10);
  const when = (iso: string) => `${formatDate(iso, lang, true)} UTC`;

  const moveTo = async (to: string) => {
    const done = dataOf(await advance({ to }));
    if (!done) return;
    setMoved(done);
    setDay('');
    announceClockMoved(done.now);
    toast(t('clock.moved', { date: when(done.now), n: done.ran }), 'success');
  };

  return (
    <section className="card clock-controls" aria-labelledby={`${ids}-title`} data-testid="clock-controls" data-now={now}>
      <h2 id={`${ids}-title`}>{t('clock.title')}</h2>
      <p>
        {t('clock.now')} <strong data-testid="clock-now">{when(now)}</strong>
      </p>
      <p className="muted field-hint">{t('clock.hint')}</p>
      <div className="clock-steps" role="group" aria-label={t('clock.steps')}>
        <button type="button" className="btn btn-outline" disabled={isLoading} onClick={() => void moveTo(addDaysUtc(now, 1))} data-testid="clock-plus-day">
          {t('clock.plusDay')}
        </button>
        <button type="button" className="btn btn-outline" disabled={isLoading} onClick={() => void moveTo(addDaysUtc(now, 7))} data-testid="clock-plus-week">
          {t('clock.plusWeek')}
        </button>
        <button type="button" className="btn btn-outline" disabled={isLoading} onClick={() => void moveTo(addMonthsUtc(now, 1))} data-testid="clock-plus-month">
          {t('clock.plusMonth')}
        </button>
      </div>
      <form
        className="inline-fields"
        onSubmit={(e) => {
          e.preventDefault();
          if (day) void moveTo(dayAtClockTime(day, now));
        }}
      >
        <div className="field">
          <label htmlFor={`${ids}-day`}>{t('clock.jumpTo')}</label>
          <input id={`${ids}-day`} type="date" min={today} value={day} onChange={(e) => setDay(e.target.value)} aria-describedby={`${ids}-day-hint`} data-testid="clock-day" />
        </div>
        <button type="submit" className="btn btn-primary" disabled={isLoading || !day || day < today} data-testid="clock-jump">
          {t('clock.jump')}
        </button>
      </form>
      <p id={`${ids}-day-hint`} className="muted field-hint">
        {t('clock.jumpHint', { time: now.slice(11, 16) })}
      </p>
      {isLoading && (
        <p role="status" className="muted">
          <span className="spinner" aria-hidden="true" /> {t('clock.moving')}
        </p>
      )}
      {moved && !isLoading && (
        <p role="status" className="note" data-testid="clock-result" data-ran={moved.ran}>
          {t('clock.result', { from: when(moved.from), to: when(moved.now), n: moved.ran })}
        </p>
      )}
    </section>
  );
}
