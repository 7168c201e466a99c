import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { useT } from '../../../app/shell/hooks.js';
import { stackedExtent } from './model.js';
import 'uplot/dist/uPlot.min.css';

/**
 * uPlot (a small, maintained canvas chart library: leeoniya/uPlot, no dependencies) is loaded the first time a
 * finance chart is drawn, as its own chunk: no public page and no other admin view ever loads it.
 */
let library: Promise<typeof uPlot> | null = null;
const loadLibrary = () => (library ??= import('uplot').then((m) => m.default));

export interface ChartSeries {
  key: string;
  label: string;
  /** A CSS custom property (finance.css) holding the series' colour in each theme. */
  color: string;
  values: readonly (number | null)[];
}

export interface ChartProps {
  /** The chart's accessible name; the figures themselves are in the table beside it. */
  label: string;
  /**
   * step: one line per series over days (x in seconds), each value holding until the next;
   * bars: bars of each month side by side; stacked: each month's positive values stacked up, negative ones down.
   */
  kind: 'step' | 'bars' | 'stacked';
  x: readonly number[];
  /** Category labels of a bars or stacked chart (one per x). */
  xLabels?: readonly string[];
  /** Day labels of a step chart (x in seconds → words); `withYear` on the first tick and where the year changes. */
  formatX?: (seconds: number, withYear: boolean) => string;
  /** A step chart spans at least this many seconds, ending at its last x (a month of data is not drawn over a year). */
  minSpanSeconds?: number;
  series: readonly ChartSeries[];
  /** An axis value (in the series' unit) in words: money, counts. */
  formatValue: (v: number) => string;
  testId: string;
  height?: number;
}

/** Bars of one series: side by side with the others (`bars`), or stacked on those before it of the same sign (`stacked`). */
function barsOf(kind: 'bars' | 'stacked', order: number, count: number): uPlot.Series.PathBuilder {
  return (u, seriesIdx, idx0, idx1) => {
    const xs = u.data[0];
    const ys = u.data[seriesIdx]!;
    const path = new Path2D();
    const unit = Math.abs(u.valToPos(1, 'x', true) - u.valToPos(0, 'x', true));
    const groupWidth = unit * 0.72;
    const barWidth = kind === 'stacked' ? groupWidth : groupWidth / count;
    for (let i = idx0; i <= idx1; i++) {
      const v = ys[i];
      if (v === null || v === undefined || v === 0) continue;
      let base = 0;
      if (kind === 'stacked') {
        for (let s = 1; s < seriesIdx; s++) {
          const w = u.data[s]![i] ?? 0;
          if (w !== 0 && Math.sign(w) === Math.sign(v)) base += w;
        }
      }
      const center = u.valToPos(xs[i]!, 'x', true);
      const left = center - groupWidth / 2 + (kind === 'stacked' ? 0 : order * barWidth);
      const y0 = u.valToPos(base, 'y', true);
      const y1 = u.valToPos(base + v, 'y', true);
      path.rect(left, Math.min(y0, y1), Math.max(1, barWidth - 1), Math.max(1, Math.abs(y1 - y0)));
    }
    return { stroke: path, fill: path };
  };
}

function cssColor(el: Element, name: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || '#888';
}

/** A chart of the finance area: uPlot on a canvas, with its legend in words beside it (and its figures in a table). */
export function Chart({ label, kind, x, xLabels, formatX, minSpanSeconds, series, formatValue, testId, height = 240 }: ChartProps) {
  const { t } = useT('finance');
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'drawn' | 'failed'>('loading');
  const [theme, setTheme] = useState(() => (typeof document === 'undefined' ? '' : (document.documentElement.dataset.theme ?? '')));

  // Colours come from the theme: a theme switch draws again.
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(document.documentElement.dataset.theme ?? ''));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    let chart: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    let live = true;
    loadLibrary().then(
      (UPlot) => {
        const el = box.current;
        if (!live || !el) return;
        const text = cssColor(el, '--text');
        const grid = cssColor(el, '--border');
        const values = series.map((s) => s.values.map((v) => v ?? 0));
        const range: uPlot.Scale.Range | undefined =
          kind === 'stacked'
            ? () => {
                const { min, max } = stackedExtent(values);
                const pad = (max - min || 1) * 0.08;
                return [min < 0 ? min - pad : 0, max + pad];
              }
            : kind === 'bars'
              ? () => [0, Math.max(1, ...values.flat()) * 1.1]
              : (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.15 : 1];
        const categories = kind !== 'step';
        const options: uPlot.Options = {
          width: Math.max(280, el.clientWidth),
          height,
          // Days are UTC days (docs/finance.md): ticks fall on UTC midnights, whatever the browser's zone.
          tzDate: (ts: number) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
          legend: { show: false },
          cursor: { show: false },
          select: { show: false, left: 0, top: 0, width: 0, height: 0 },
          scales: {
            x: categories
              ? { time: false, range: () => [-0.5, Math.max(0.5, x.length - 0.5)] }
              : {
                  time: true,
                  // From the first day (or a minimum span back from the last) to the last: never a degenerate range
                  // that uPlot would widen to years around a few days.
                  range: () => {
                    const last = Math.max(...x);
                    const first = Math.min(...x, last - (minSpanSeconds ?? 0));
                    return [first, last > first ? last : first + 86_400];
                  },
                },
            y: { range },
          },
          axes: [
            {
              stroke: text,
              grid: { show: false },
              ticks: { stroke: grid },
              ...(categories
                ? { splits: () => x.map((_, i) => i), values: (_u: uPlot, splits: number[]) => splits.map((i) => (x.length > 8 && i % Math.ceil(x.length / 8) !== 0 ? '' : (xLabels?.[i] ?? ''))) }
                : {
                    space: 90,
                    // The year once, on the first tick and where it changes: "1 Mar 2026, 15 Mar, … 1 Jan 2027".
                    values: (_u: uPlot, splits: number[]) =>
                      splits.map((v, i) => {
                        const year = new Date(v * 1000).getUTCFullYear();
                        const withYear = i === 0 || year !== new Date(splits[i - 1]! * 1000).getUTCFullYear();
                        return formatX ? formatX(v, withYear) : String(v);
                      }),
                  }),
            },
            { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid }, size: 80, values: (_u: uPlot, splits: number[]) => splits.map((v) => formatValue(v)) },
          ],
          series: [
            {},
            ...series.map((s, i) => {
              const color = cssColor(el, s.color);
              return kind === 'step'
                ? { label: s.label, stroke: color, width: 2, points: { show: false }, paths: UPlot.paths.stepped!({ align: 1 }) }
                : { label: s.label, stroke: color, fill: color, width: 0, points: { show: false }, paths: barsOf(kind, i, series.length) };
            }),
          ],
        };
        const data = [x as number[], ...series.map((s) => s.values as (number | null)[])] as uPlot.AlignedData;
        chart = new UPlot(options, data, el);
        resize = new ResizeObserver(() => chart?.setSize({ width: Math.max(280, el.clientWidth), height }));
        resize.observe(el);
        setState('drawn');
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
      resize?.disconnect();
      chart?.destroy();
    };
  }, [kind, x, xLabels, formatX, minSpanSeconds, series, formatValue, height, theme]);

  return (
    <figure className="finance-chart" data-testid={testId} data-state={state}>
      <div ref={box} className="finance-chart-canvas" role="img" aria-label={label} style={{ minHeight: height }} />
      {state === 'failed' && (
        <p className="note note-warning" role="alert">
          {t('chartFailed')}
        </p>
      )}
      <figcaption className="finance-legend">
        {series.map((s) => (
          <span key={s.key} className="finance-legend-item">
            <span className="finance-swatch" style={{ background: `var(${s.color})` }} aria-hidden="true" />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
