import type { EventEnvelope } from '@relaycast/contracts';

/**
 * An independent model of what a subscription's history entitles a customer to, for the "no free lunch" property:
 * written from the documented rules (docs/licences.md, docs/payments.md), not from the decider. Prices are the
 * seed's self-hosted units a month (1–20 at $5, 21–40 at $4, 41 and above at $3); the property's plans are monthly.
 */

export const DAY = 86_400_000;

export function monthlyPrice(units: number): number {
  let cents = 0;
  for (let u = 1; u <= units; u++) cents += u <= 20 ? 500 : u <= 40 ? 400 : 300;
  return cents;
}

/** The value of using `units` for a millisecond outside a paid period: a month's price per 30 days. */
export const rate = (units: number): number => monthlyPrice(units) / (30 * DAY);

export interface Period {
  captureId: string;
  start: number;
  end: number;
  /** The billing period's length (a period cut short by a refund keeps it: its price per unit of time is unchanged). */
  length: number;
  /** What the period was paid, in cents (a balance paid raises it to the new price). */
  amount: number;
  /**
   * The units paid for, from each instant on; `since` is when a raise was paid (a balance, a covered revision): a
   * period moved back into an earlier one's place keeps its raises from then on, never before they were paid.
   */
  units: { at: number; units: number; since?: number; by?: string; amountBefore?: number }[];
}

const t = (iso: string) => Date.parse(iso);

/**
 * Paid periods as the first `upto` events of the history establish them: a capture pays its period at its
 * configuration; a balance captured raises the running and later periods from its capture on; a revision the
 * periods were already paid for as much (COVERED, at no extra cost) applies to them from its time; a full refund
 * ends that period only — running: now; paid ahead: taken out — and the later periods move back one period; a
 * refund of money that paid no period of its own (a balance) ends the running paid time now.
 */
export function paidPeriods(history: readonly EventEnvelope[], upto = history.length): Period[] {
  let periods: Period[] = [];
  let inForce = 1;
  for (const e of history.slice(0, upto)) {
    const d = e.data as Record<string, any>;
    switch (e.type) {
      case 'SubscriptionCreated':
        inForce = d.quantity;
        break;
      case 'SubscriptionRevised':
        inForce = d.quantity;
        if (d.reason === 'COVERED') {
          const at = t(d.effectiveAt);
          for (const p of periods) if (p.end > at && monthlyPrice(d.quantity) <= p.amount) p.units.push({ at: Math.max(at, p.start), units: d.quantity, since: at });
        }
        break;
      case 'OrderCaptured': {
        if (d.credited) break;
        const units = d.configuration?.quantity ?? inForce;
        if (d.purpose === 'period' && d.periodStart) {
          periods.push({ captureId: d.captureId, start: t(d.periodStart), end: t(d.periodEnd), length: t(d.periodEnd) - t(d.periodStart), amount: d.tax ? d.tax.amount : d.amount + (d.credit ?? 0), units: [{ at: t(d.periodStart), units }] });
        } else if (d.purpose === 'balance') {
          const at = t(d.capturedAt);
          for (const p of periods) {
            if (p.end <= at) continue;
            p.units.push({ at: Math.max(at, p.start), units, since: at, by: d.captureId, amountBefore: p.amount });
            p.amount = Math.max(p.amount, monthlyPrice(units));
          }
        }
        break;
      }
      case 'PaidChangeTakenBack': {
        // A raise's balance taken back in full: from then on each period runs at the units it had before that raise
        // (and before any raise paid after it, which ends with it); periods paid ahead are kept.
        const at = t(d.endedAt);
        const ended = new Set<string>([d.captureId, ...((d.credited ?? []) as { captureId: string }[]).map((c) => c.captureId)]);
        inForce = d.configuration.quantity;
        for (const p of periods) {
          if (p.end <= at) continue;
          const sorted = [...p.units].sort((a, b) => a.at - b.at);
          const first = sorted.findIndex((u) => u.by !== undefined && ended.has(u.by));
          if (first < 0) continue;
          const before = first > 0 ? sorted[first - 1]!.units : sorted[0]!.units;
          p.amount = sorted[first]!.amountBefore ?? p.amount;
          p.units = [...sorted.filter((u, i) => i < first || u.at < at), { at: Math.max(at, p.start), units: before, since: at }];
        }
        break;
      }
      case 'PaidTimeEnded': {
        const at = t(d.endedAt);
        const i = periods.findIndex((p) => p.captureId === d.captureId);
        if (i < 0) {
          periods = periods.filter((p) => p.start < at).map((p) => (p.end > at ? { ...p, end: at } : p));
          break;
        }
        const gone = periods[i]!;
        const later = periods.slice(i + 1);
        if (later.length === 0) {
          periods = gone.start >= at ? periods.slice(0, i) : [...periods.slice(0, i), { ...gone, end: at }];
          break;
        }
        const slots = [gone, ...later];
        periods = [
          ...periods.slice(0, i),
          ...later.map((p, k) => {
            const delta = slots[k]!.start - p.start;
            // A period moved into another's place is that billing period now (a month is a month, whatever its days).
            return { ...p, start: slots[k]!.start, end: slots[k]!.end, length: slots[k]!.length, units: p.units.map((u) => ({ ...u, at: Math.max(u.at + delta, u.since ?? -Infinity) })) };
          }),
        ];
        break;
      }
    }
  }
  return periods;
}

/** Units paid for at instant `at`, 0 outside paid time. */
export function paidUnitsAt(periods: readonly Period[], at: number): number {
  const p = periods.find((x) => x.start <= at && at < x.end);
  if (!p) return 0;
  return [...p.units].sort((a, b) => a.at - b.at).filter((u) => u.at <= at).at(-1)?.units ?? 0;
}

/**
 * `k` billing months after the instant `at` (UTC, the day clamped to the month's end: Jan 31 + 1 = Feb 28/29), for the
 * property's monthly plans.
 */
export function plusMonths(at: number, k: number): number {
  const d = new Date(at);
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + k, d.getUTCDate()];
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(day, last), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

/**
 * Time granted without payment — the trial, a complimentary grant — at the units it was granted for, and the raises
 * paid inside it (docs/payments.md, "Revisions"): a balance captured while it runs raises it from the capture to its
 * end; taken back (its balance refunded in full), the raise ends then.
 */
export interface Granted {
  key: string;
  kind: 'trial' | 'complimentary';
  start: number;
  end: number;
  units: number;
  raises: { at: number; units: number; by: string; until?: number }[];
}

/** The units a stretch of granted time covers at `at`: the last raise paid by then and not taken back, else its own. */
export function grantedUnitsAt(g: Granted, at: number): number {
  let units = g.units;
  let since = -Infinity;
  for (const r of g.raises) if (r.at <= at && r.at >= since && (r.until === undefined || at < r.until)) [units, since] = [r.units, r.at];
  return units;
}

/**
 * The billing periods a stretch of granted time spans, from its start, each cut at the stretch's end, with the whole
 * billing period's length: a raise inside it is priced per billing period (a 7-day trial is 7 days of a month).
 */
export function grantedSlots(g: Pick<Granted, 'start' | 'end'>): { start: number; end: number; length: number }[] {
  const out: { start: number; end: number; length: number }[] = [];
  for (let k = 0; plusMonths(g.start, k) < g.end; k++) {
    const [from, to] = [plusMonths(g.start, k), plusMonths(g.start, k + 1)];
    out.push({ start: from, end: Math.min(to, g.end), length: to - from });
  }
  return out;
}

/** The trial and complimentary grants as the first `upto` events of the history establish them, with their raises. */
export function grantedTimes(history: readonly EventEnvelope[], upto = history.length): Granted[] {
  const out: Granted[] = [];
  let inForce = 1;
  let grants = 0;
  for (const e of history.slice(0, upto)) {
    const d = e.data as Record<string, any>;
    switch (e.type) {
      case 'SubscriptionCreated':
      case 'SubscriptionRevised':
        inForce = d.quantity;
        break;
      case 'TrialStarted':
        out.push({ key: 'trial', kind: 'trial', start: t(d.trialStartDate), end: t(d.trialEndDate), units: d.configuration?.quantity ?? inForce, raises: [] });
        break;
      case 'ComplimentaryGranted':
        out.push({ key: `complimentary-${grants++}`, kind: 'complimentary', start: t(d.start), end: t(d.end), units: d.configuration.quantity, raises: [] });
        break;
      case 'OrderCaptured': {
        if (d.credited || d.purpose !== 'balance') break;
        const at = t(d.capturedAt);
        const units = d.configuration?.quantity ?? inForce;
        for (const g of out) {
          const from = Math.max(at, g.start);
          if (g.end <= at || monthlyPrice(grantedUnitsAt(g, from)) >= monthlyPrice(units)) continue;
          g.raises.push({ at: from, units, by: d.captureId });
        }
        break;
      }
      case 'PaidChangeTakenBack': {
        const at = t(d.endedAt);
        inForce = d.configuration.quantity;
        const ended = new Set<string>([d.captureId, ...((d.credited ?? []) as { captureId: string }[]).map((c) => c.captureId)]);
        for (const g of out) {
          g.raises = g.raises.flatMap((r) => (!ended.has(r.by) || (r.until !== undefined && r.until <= at) ? [r] : r.at >= at ? [] : [{ ...r, until: at }]));
        }
        break;
      }
    }
  }
  return out;
}

/**
 * The catalogue value, per millisecond, of what raises paid inside granted time add at `at` (outside paid time): the
 * raised units' rate above the units the trial or grant was granted for.
 */
export function grantedRaiseRate(granted: readonly Granted[], periods: readonly Period[], at: number): number {
  if (periods.some((p) => p.start <= at && at < p.end)) return 0;
  const g = granted.find((x) => x.start <= at && at < x.end && x.kind === 'complimentary') ?? granted.find((x) => x.start <= at && at < x.end);
  return g ? rate(grantedUnitsAt(g, at)) - rate(g.units) : 0;
}

interface File {
  index: number;
  units: number;
  from: number;
  until: number;
}

/** Every signed licence file issued so far: a customer keeps each one, and each verifies offline until its date. */
export function licenceFiles(history: readonly EventEnvelope[]): File[] {
  return history.flatMap((e, index) => {
    if (e.type !== 'LicenceIssued') return [];
    const d = e.data as { quantity: number; issuedAt: string; validUntil: string };
    return [{ index, units: d.quantity, from: t(d.issuedAt), until: t(d.validUntil) }];
  });
}

/**
 * The catalogue value of what the licence files let the customer use beyond what was paid: at each instant, the
 * largest excess among the files that verify then (files of one key that verify together count once), where a
 * file's excess is its units' value above the units paid for at that instant (and above what a raise paid inside a
 * trial or grant added to it) — as the history said when the file was issued (a later refund is money given back
 * while the file is out: a concession, valued by the payments property).
 */
export function licenceExcess(history: readonly EventEnvelope[]): number {
  const files = licenceFiles(history).filter((f) => f.until > f.from);
  if (!files.length) return 0;
  const coverage = new Map(files.map((f) => [f.index, paidPeriods(history, f.index)]));
  const granted = new Map(files.map((f) => [f.index, grantedTimes(history, f.index)]));
  const points = new Set<number>();
  for (const f of files) {
    points.add(f.from).add(f.until);
    for (const p of coverage.get(f.index)!) {
      points.add(p.start).add(p.end);
      for (const u of p.units) points.add(u.at);
    }
    for (const g of granted.get(f.index)!) {
      points.add(g.start).add(g.end);
      for (const r of g.raises) {
        points.add(r.at);
        if (r.until !== undefined) points.add(r.until);
      }
    }
  }
  const sorted = [...points].sort((a, b) => a - b);
  let excess = 0;
  for (let i = 0; i + 1 < sorted.length; i++) {
    const [a, b] = [sorted[i]!, sorted[i + 1]!];
    const mid = (a + b) / 2;
    let worst = 0;
    for (const f of files) {
      if (f.from > mid || mid >= f.until) continue;
      // Beyond what was paid: paid periods' units, and what raises paid inside a trial or grant added to it.
      const paid = coverage.get(f.index)!;
      worst = Math.max(worst, rate(f.units) - rate(paidUnitsAt(paid, mid)) - grantedRaiseRate(granted.get(f.index)!, paid, mid));
    }
    excess += worst * (b - a);
  }
  return excess;
}

/**
 * The documented allowance of time used without payment: the trial (its days at the units it started with),
 * complimentary grants (an administrator's explicit choice), and, for each lapsed renewal, the grace — `graceDays`
 * at the smaller of the units last covered before it fell due (paid for, the trial's, a grant's) and the units the
 * lapsed renewal charges (a scheduled change, else a pending one, else those in force). A raise nobody paid for is
 * never in it.
 */
export function allowance(history: readonly EventEnvelope[], graceDays: number): number {
  let inForce = 1;
  let scheduled: number | null = null;
  let pending: number | null = null;
  let trial: { end: number; units: number } | null = null;
  const grants: { end: number; units: number }[] = [];
  let total = 0;
  history.forEach((e, index) => {
    const d = e.data as Record<string, any>;
    switch (e.type) {
      case 'SubscriptionCreated':
        inForce = d.quantity;
        break;
      case 'SubscriptionRevised':
        inForce = d.quantity;
        scheduled = null;
        pending = null;
        break;
      case 'PaidChangeTakenBack':
        inForce = d.configuration.quantity;
        pending = null;
        break;
      case 'SubscriptionChangeScheduled':
        scheduled = d.quantity;
        pending = null;
        break;
      case 'SubscriptionChangePending':
        pending = d.quantity;
        break;
      case 'SubscriptionChangeWithdrawn':
        scheduled = null;
        pending = null;
        break;
      case 'TrialStarted':
        trial = { end: t(d.trialEndDate), units: d.configuration?.quantity ?? inForce };
        total += rate(trial.units) * (t(d.trialEndDate) - t(d.trialStartDate));
        break;
      case 'ComplimentaryGranted':
        grants.push({ end: t(d.end), units: d.configuration.quantity });
        total += rate(d.configuration.quantity) * (t(d.end) - t(d.start));
        break;
      case 'RenewalFailed': {
        if (!d.timeline) break;
        const dueAt = t(d.timeline.dueAt);
        const charged = scheduled ?? pending ?? inForce;
        // What covered the last instant before the payment fell due: paid time first, then a grant, then the trial
        // (each at the raise paid inside it, if one was).
        const paid = paidUnitsAt(paidPeriods(history, index), dueAt - 1);
        const granted = grantedTimes(history, index).filter((g) => g.end === dueAt);
        const grant = granted.find((g) => g.kind === 'complimentary');
        const trialThen = granted.find((g) => g.kind === 'trial');
        const last = paid || (grant && grantedUnitsAt(grant, dueAt - 1)) || (trialThen ? grantedUnitsAt(trialThen, dueAt - 1) : charged);
        total += rate(Math.min(last, charged)) * graceDays * DAY;
        break;
      }
    }
  });
  return total;
}

/**
 * What each payment paid for and has not been used at `at`, valued from the documented rules (docs/payments.md,
 * "Refunds"): a period's money spread evenly over its period (which moves back when an earlier one is taken out); a
 * balance's money over the paid periods (and the trial or complimentary time) running when it was captured, each in
 * proportion to what the raise costs over its time still to run; a partial refund lowers what the time still to come
 * holds; a cancellation, a raise taken back or a period taken out ends what is left. In cents, not rounded.
 */
export function unusedByCapture(history: readonly EventEnvelope[], at: number): Map<string, number> {
  return new Map([...sharesByCapture(history)].map(([id, list]) => [id, list.reduce((sum, s) => sum + futureOf(s, at), 0)]));
}

/** What each payment paid for and has been used by `at` (its shares' time already run), by the same rules. */
export function usedByCapture(history: readonly EventEnvelope[], at: number): Map<string, number> {
  return new Map([...sharesByCapture(history)].map(([id, list]) => [id, list.reduce((sum, s) => sum + s.amount - futureOf(s, at), 0)]));
}

/** A stretch of time one payment's money holds, spread evenly over it. */
interface Share { period: string; start: number; end: number; amount: number }
const futureOf = (s: Share, x: number) => (s.end <= x ? 0 : s.start >= x ? s.amount : (s.amount * (s.end - x)) / (s.end - s.start));

/** Each payment's shares as the history leaves them (unusedByCapture's rules). */
function sharesByCapture(history: readonly EventEnvelope[]): Map<string, Share[]> {
  const shares = new Map<string, Share[]>();
  const periodsNow = (upto: number) => paidPeriods(history, upto);
  const cutAt = (list: Share[], x: number) => list.filter((s) => s.start < x).map((s) => (s.end > x ? { ...s, amount: s.amount - futureOf(s, x), end: x } : s));
  history.forEach((e, index) => {
    const d = e.data as Record<string, any>;
    switch (e.type) {
      case 'OrderCaptured': {
        if (d.credited) break;
        const money = d.amount + (d.credit ?? 0);
        if (d.purpose === 'period' && d.periodStart) {
          shares.set(d.captureId, [{ period: d.captureId, start: t(d.periodStart), end: t(d.periodEnd), amount: money }]);
        } else if (d.purpose === 'balance') {
          // Over the paid periods running, and each billing period's share of the trial or grant running, in
          // proportion to what the raise costs over its time still to run (over the billing period's whole length).
          const x = t(d.capturedAt);
          const running = periodsNow(index).filter((p) => p.end > x).map((p) => ({ key: p.captureId, start: p.start, end: p.end, length: p.end - p.start, amount: p.amount }));
          const granted = grantedTimes(history, index)
            .filter((g) => g.end > x)
            .flatMap((g) => grantedSlots(g).map((slot) => ({ key: g.key, ...slot, amount: monthlyPrice(grantedUnitsAt(g, Math.max(x, g.start))) })));
          const slots = [...running, ...granted].filter((p) => p.end > x);
          const weights = slots.map((p) => (Math.max(0, d.configuration.amount - p.amount) * (p.end - Math.max(x, p.start))) / p.length);
          const sum = weights.reduce((a, b) => a + b, 0);
          shares.set(d.captureId, slots.flatMap((p, i) => (weights[i]! > 0 ? [{ period: p.key, start: Math.max(x, p.start), end: p.end, amount: (money * weights[i]!) / sum }] : [])));
        }
        break;
      }
      case 'PaymentRefunded': {
        const list = shares.get(d.captureId);
        if (!list) break;
        const x = t(d.refundedAt);
        const future = list.reduce((sum, s) => sum + futureOf(s, x), 0);
        const keep = future > 0 ? Math.max(0, future - d.amount) / future : 0;
        shares.set(d.captureId, list.flatMap((s) => (s.end <= x ? [s] : s.start >= x ? [{ ...s, amount: s.amount * keep }] : [{ ...s, end: x, amount: s.amount - futureOf(s, x) }, { ...s, start: x, amount: futureOf(s, x) * keep }])));
        break;
      }
      case 'PaidTimeEnded': {
        // Shares follow their periods: a period taken out leaves nothing; one moved back carries its shares along.
        const before = new Map(periodsNow(index).map((p) => [p.captureId, p]));
        const after = new Map(periodsNow(index + 1).map((p) => [p.captureId, p]));
        for (const [id, list] of shares) {
          shares.set(id, list.flatMap((s) => {
            const was = before.get(s.period);
            const now = after.get(s.period);
            if (!was || !now) return now ? [s] : was ? [] : [s];
            if (was.start === now.start && was.end === now.end) return [s];
            const start = Math.max(now.start, s.start + (now.start - was.start));
            const end = s.end >= was.end ? now.end : Math.min(now.end, s.end + (now.start - was.start));
            return end > start ? [{ ...s, start, end }] : [];
          }));
        }
        break;
      }
      case 'PaidChangeTakenBack': {
        const x = t(d.endedAt);
        for (const id of [d.captureId, ...((d.credited ?? []) as { captureId: string }[]).map((c) => c.captureId)]) shares.set(id, cutAt(shares.get(id) ?? [], x));
        break;
      }
      case 'SubscriptionCancelled': {
        const x = t(d.at ?? e.occurredAt);
        for (const [id, list] of shares) shares.set(id, cutAt(list, x));
        break;
      }
    }
  });
  return shares;
}
