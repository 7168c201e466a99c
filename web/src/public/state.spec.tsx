import { expect } from 'chai';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { UnknownAction } from 'redux';
import { useAppDispatch, useAppSelector } from '../app/shell/hooks.js';
import type { AppThunk, RootState } from '../app/shell/store.js';
import { acceptCookieConsent, chooseTheme, initCookieConsent } from '../app/shell/ui/actions.js';
import { selectToasts, toastAdded, toastDismissed } from '../app/shell/ui/toastsSlice.js';
import { selectTooltip, tooltipHidden, tooltipShown, tooltipUnmounted } from '../app/shell/ui/tooltipSlice.js';
import * as ui from '../app/shell/ui/uiSlice.js';
import * as calculator from '../features/pricing/calculatorSlice.js';
import * as pricing from '../features/pricing/pricingSlice.js';
import { inPage } from '../test/islands.js';
import { STATE_BUILDS } from '../test/stores.js';

/** A small seeded generator (mulberry32): the same sequences on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T,>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

type Step = UnknownAction | AppThunk;
/** Every action a visitor's clicks and typing give the public pages' slices, and the shell's thunks. */
const STEPS: ((next: () => number) => Step)[] = [
  ...[ui.loginFormOpened, ui.loginFormClosed, ui.loginFormToggled, ui.burgerOpened, ui.burgerClosed, ui.burgerToggled, ui.languageMenuToggled, ui.languageMenuClosed, ui.accountMenuToggled, ui.accountMenuCollapsed, ui.cookieWindowShown, ui.navigated].map(
    (make) => () => make(),
  ),
  (next) => ui.themeSet(pick(next, ['light', 'dark'] as const)),
  (next) => chooseTheme(pick(next, ['light', 'dark'] as const)),
  () => initCookieConsent(),
  () => acceptCookieConsent(),
  (next) => toastAdded(pick(next, ['Copied', 'Could not copy']), pick(next, ['info', 'success', 'error'] as const), undefined, '/pricing'),
  () => toastDismissed('toast-1'),
  (next) => tooltipShown({ text: pick(next, ['Copy', 'Light theme']), x: Math.floor(next() * 900), y: 40, placement: pick(next, ['top', 'bottom'] as const), targetId: pick(next, ['a', 'b']) }),
  () => tooltipHidden(),
  () => tooltipUnmounted(),
  (next) => calculator.publishersChanged(Math.floor(next() * 60) - 5),
  (next) => calculator.viewersChanged(Math.floor(next() * 5000)),
  (next) => calculator.recordingsChanged(Math.floor(next() * 20)),
  (next) => calculator.reStreamsChanged(Math.floor(next() * 20)),
  (next) => calculator.videoModeChanged(Math.floor(next() * 4)),
  (next) => calculator.transcodeToggled(next() < 0.5),
  (next) => calculator.hoursChanged(Math.floor(next() * 800)),
  (next) => calculator.providerChanged(pick(next, ['aws', 'gcp', 'azure', 'hetzner', 'none'] as never[])),
  () => calculator.calculatorReset(),
  (next) => pricing.periodChanged(pick(next, ['monthly', 'annual'] as const)),
  (next) => pricing.builderModuleChanged({ name: pick(next, ['streams', 'restream', 'recordings', 'vodViewers'] as const), value: Math.floor(next() * 300) }),
];

/** What the public pages' components select, as they select it. */
const SELECTORS: [string, (state: RootState) => unknown][] = [
  ['login form', ui.selectLoginFormOpen],
  ['burger', ui.selectBurgerOpen],
  ['theme', ui.selectTheme],
  ['cookie window', ui.selectCookieWindowOpen],
  ['toasts', selectToasts],
  ['tooltip', selectTooltip],
  ['calculator', calculator.selectCalculator],
  ['estimate', calculator.selectCalculatorEstimate],
  ['builder quote', pricing.selectBuilderQuote],
  ['period', pricing.selectPeriod],
];

interface Seen {
  values: unknown[];
  renders: number;
}


/** One component per selector, as components select: what each shows after each step, and how often it rendered. */
function runSteps(build: (typeof STATE_BUILDS)[number][1], steps: Step[]) {
  // The thunks keep the theme and the consent in cookies and storage: each build starts without them.
  for (const cookie of document.cookie.split('; ')) document.cookie = `${cookie.split('=')[0]}=; max-age=0; path=/`;
  localStorage.clear();
  const { store, wrap } = build();
  const seen: Seen[] = SELECTORS.map(() => ({ values: [], renders: 0 }));
  const dispatched: unknown[] = [];
  function Reader({ index }: { index: number }) {
    const value = useAppSelector(SELECTORS[index]![1]);
    const dispatch = useAppDispatch();
    seen[index]!.renders++;
    dispatched[index] = dispatch;
    return null;
  }
  function Readers() {
    return (
      <>
        {SELECTORS.map((_, i) => (
          <Reader key={i} index={i} />
        ))}
      </>
    );
  }
  const root = createRoot(document.createElement('div'));
  act(() => root.render(wrap(<Readers />)));
  const states: unknown[] = [];
  for (const step of steps) {
    act(() => void store.dispatch(step as UnknownAction));
    // RTK Query's part is the app's alone (its middleware runs in the app's store only); this test process has loaded
    // it for the app's seams, so the root reducer gives it to both stores here, never on a public page.
    const { api: _api, ...state } = store.getState();
    states.push(JSON.parse(JSON.stringify(state)));
    SELECTORS.forEach(([, select], i) => seen[i]!.values.push(select(store.getState())));
  }
  act(() => root.unmount());
  return { states, seen, sameDispatch: dispatched.every((d) => d === store.dispatch) };
}

describe('the state seam: the islands’ store and reading against Redux Toolkit and react-redux', function () {
  this.timeout(30_000);

  it('the same 600 steps (actions and thunks) give the same states, the same selections, and re-render the same components as often', () =>
    inPage('/pricing', '', async () => {
      for (const seed of [1, 2, 3]) {
        const next = random(seed);
        const steps = Array.from({ length: 200 }, () => pick(next, STEPS)(next));
        const [app, islands] = STATE_BUILDS.map(([, build]) => runSteps(build, steps));
        expect(islands!.states, `seed ${seed}: states`).to.deep.equal(app!.states);
        SELECTORS.forEach(([name], i) => {
          expect(islands!.seen[i]!.values, `seed ${seed}: ${name}`).to.deep.equal(app!.seen[i]!.values);
          // A component re-renders only when what it selects changed (by identity), in both.
          expect(islands!.seen[i]!.renders, `seed ${seed}: renders of ${name}`).to.equal(app!.seen[i]!.renders);
        });
        expect([app!.sameDispatch, islands!.sameDispatch]).to.deep.equal([true, true]);
      }
    }));

  it('a component that selects something else is not rendered again (worked example)', () =>
    inPage('/pricing', '', async () => {
      for (const [name, build] of STATE_BUILDS) {
        const steps: Step[] = [ui.burgerToggled(), ui.burgerToggled(), calculator.publishersChanged(3), calculator.publishersChanged(3), ui.loginFormClosed()];
        const { seen } = runSteps(build, steps);
        const renders = Object.fromEntries(SELECTORS.map(([key], i) => [key, seen[i]!.renders]));
        // First render, then: burger twice; the calculator (and its estimate) once (the second change is no change);
        // closing a closed login form changes nothing.
        expect(renders, name).to.deep.equal({ 'login form': 1, burger: 3, theme: 1, 'cookie window': 1, toasts: 1, tooltip: 1, calculator: 2, estimate: 2, 'builder quote': 1, period: 1 });
      }
    }));
});
