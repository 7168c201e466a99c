import { expect } from 'chai';
import * as standIn from './redux-toolkit.js';
import { uiSlice, themeSet } from '../features/ui/uiSlice.js';
import { toastAdded, toastDismissed, toastsSlice } from '../features/ui/toastsSlice.js';
import { tooltipSlice } from '../features/ui/tooltipSlice.js';
import { calculatorSlice } from '../features/pricing/calculatorSlice.js';
import { pricingSlice } from '../features/pricing/pricingSlice.js';

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

interface RealSlice {
  name: string;
  reducerPath: string;
  reducer: (state: unknown, action: { type: string }) => unknown;
  caseReducers: object;
  getInitialState(): unknown;
  getSelectors(): Record<string, (state: never) => unknown>;
}

/** The slice as the public build makes it: the same reducers and selectors, through the stand-in. */
function twin(real: RealSlice) {
  return standIn.createSlice({
    name: real.name,
    reducerPath: real.reducerPath,
    initialState: real.getInitialState(),
    reducers: real.caseReducers as never,
    selectors: real.getSelectors() as never,
  });
}

/** Deep equality of plain data (the states here are JSON). */
const equal = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

/** Every action of each slice the public pages use, with the arguments a visitor's clicks and typing give. */
const ACTIONS: { slice: RealSlice; make: ((next: () => number) => { type: string })[] }[] = [
  {
    slice: uiSlice as never,
    make: [
      ...Object.entries(uiSlice.actions)
        .filter(([name]) => name !== 'themeSet')
        .map(([, action]) => () => (action as () => { type: string })()),
      (next) => themeSet(pick(next, ['light', 'dark'] as const)),
    ],
  },
  {
    slice: toastsSlice as never,
    make: [
      (next) => toastAdded(pick(next, ['Copied', 'Could not copy']), pick(next, ['info', 'success', 'error'] as const)),
      (next) => toastDismissed(pick(next, ['nope', 'other'])),
    ],
  },
  {
    slice: tooltipSlice as never,
    make: [
      (next) => tooltipSlice.actions.tooltipShown({ text: pick(next, ['Copy', 'Light theme']), x: Math.floor(next() * 900), y: 40, placement: pick(next, ['top', 'bottom'] as const), targetId: pick(next, ['a', 'b']) }),
      () => tooltipSlice.actions.tooltipHidden(),
      () => tooltipSlice.actions.tooltipUnmounted(),
    ],
  },
  {
    slice: calculatorSlice as never,
    make: [
      (next) => calculatorSlice.actions.publishersChanged(Math.floor(next() * 60) - 5),
      (next) => calculatorSlice.actions.viewersChanged(Math.floor(next() * 5000)),
      (next) => calculatorSlice.actions.recordingsChanged(Math.floor(next() * 20)),
      (next) => calculatorSlice.actions.reStreamsChanged(Math.floor(next() * 20)),
      (next) => calculatorSlice.actions.videoModeChanged(Math.floor(next() * 4)),
      (next) => calculatorSlice.actions.transcodeToggled(next() < 0.5),
      (next) => calculatorSlice.actions.hoursChanged(Math.floor(next() * 800)),
      (next) => calculatorSlice.actions.providerChanged(pick(next, ['none', 'aws', 'gcp', 'azure', 'hetzner'] as never[])),
    ],
  },
  {
    slice: pricingSlice as never,
    make: [
      (next) => pricingSlice.actions.periodChanged(pick(next, ['monthly', 'annual'] as never[])),
      (next) => pricingSlice.actions.builderModuleChanged({ name: pick(next, ['streams', 'restream', 'recordings', 'vodViewers', 'ppvViewers', 'conferenceRooms'] as never[]), value: Math.floor(next() * 120) - 10 }),
    ],
  },
];

describe('the public build’s Redux Toolkit stand-in (public/redux-toolkit.ts)', () => {
  for (const { slice, make } of ACTIONS) {
    it(`${slice.name}: 500 actions give the states, the selections and the unchanged parts Redux Toolkit gives`, () => {
      const next = random(slice.name.length * 7919);
      const standInSlice = twin(slice);
      const selectors = slice.getSelectors();
      let real = slice.reducer(undefined, { type: '@@init' });
      let ours = standInSlice.reducer(undefined, { type: '@@init' });
      expect(ours).to.deep.equal(real);
      for (let i = 0; i < 500; i++) {
        const action = pick(next, make)(next);
        const realNext = slice.reducer(real, action);
        const oursNext = standInSlice.reducer(ours, action);
        expect(oursNext, `${i}: ${action.type}`).to.deep.equal(realNext);
        // A state (and each part of it) is a new object exactly when its value changed: where Redux Toolkit keeps
        // an object so does the stand-in, and where a reducer rebuilt an equal one, the stand-in keeps the old.
        expect(oursNext === ours, `${i}: ${action.type} kept the state`).to.equal(equal(realNext, real));
        if (typeof realNext === 'object' && realNext !== null) {
          for (const key of Object.keys(realNext)) {
            const [was, is] = [(real as Record<string, unknown>)[key], (realNext as Record<string, unknown>)[key]];
            if (was === is) expect((oursNext as Record<string, unknown>)[key], `${i}: ${action.type}, ${key} kept`).to.equal((ours as Record<string, unknown>)[key]);
            expect((oursNext as Record<string, unknown>)[key] === (ours as Record<string, unknown>)[key], `${i}: ${action.type}, ${key}`).to.equal(equal(is, was));
          }
        }
        for (const [name, select] of Object.entries(selectors)) expect(select(oursNext as never), name).to.deep.equal(select(realNext as never));
        real = realNext;
        ours = oursNext;
      }
    });
  }

  it('action creators: type, payload, prepare and match as Redux Toolkit’s', () => {
    const slice = standIn.createSlice({
      name: 'notes',
      initialState: { items: [] as string[] },
      reducers: {
        added: { reducer: (state: { items: string[] }, action: { payload?: unknown }) => void state.items.push(String(action.payload)), prepare: (text: string) => ({ payload: text.trim() }) },
        cleared: () => ({ items: [] }),
      },
    });
    expect(slice.actions.added!(' hi ')).to.deep.equal({ type: 'notes/added', payload: 'hi' });
    expect(slice.actions.cleared!()).to.deep.equal({ type: 'notes/cleared', payload: undefined });
    expect(slice.actions.added!.match({ type: 'notes/added' })).to.equal(true);
    expect(slice.actions.added!.match({ type: 'notes/cleared' })).to.equal(false);
    expect(slice.reducer({ items: ['a'] }, slice.actions.added!('b'))).to.deep.equal({ items: ['a', 'b'] });
    expect(slice.reducer({ items: ['a'] }, slice.actions.cleared!())).to.deep.equal({ items: [] });
  });

  it('a store: thunks, middleware joining later (set up once), slices injected later, listeners', () => {
    const counter = standIn.createSlice({ name: 'counter', initialState: 0, reducers: { incremented: (n: number) => n + 1 } });
    const later = standIn.createSlice({ name: 'later', initialState: { on: false }, reducers: { switched: (s: { on: boolean }) => void (s.on = !s.on) } });
    const root = standIn.combineSlices(counter).withLazyLoadedSlices();
    const dynamic = standIn.createDynamicMiddleware();
    const store = standIn.configureStore({ reducer: root, middleware: (getDefault) => getDefault().concat(dynamic.middleware) });
    let heard = 0;
    store.subscribe(() => heard++);
    expect(store.getState()).to.deep.equal({ counter: 0 });
    store.dispatch(counter.actions.incremented!());
    const returned = store.dispatch(((dispatch: (a: unknown) => unknown, getState: () => { counter: number }) => {
      dispatch(counter.actions.incremented!());
      return getState().counter;
    }) as never);
    expect(returned).to.equal(2);
    // Before it is injected, a slice's selectSlice reads its initial state; after, its state.
    const injected = later.injectInto(root as never);
    expect(injected.selectSlice(store.getState())).to.deep.equal({ on: false });
    store.dispatch(later.actions.switched!());
    expect(store.getState()).to.deep.equal({ counter: 2, later: { on: true } });
    const seen: string[] = [];
    let setUps = 0;
    const logger = () => {
      setUps++;
      return (nextMw: (a: unknown) => unknown) => (action: unknown) => {
        seen.push((action as { type: string }).type);
        return nextMw(action);
      };
    };
    dynamic.addMiddleware(logger as never);
    dynamic.addMiddleware(logger as never);
    store.dispatch(counter.actions.incremented!());
    store.dispatch(later.actions.switched!());
    expect(seen).to.deep.equal(['counter/incremented', 'later/switched']);
    expect(setUps).to.equal(1);
    expect(store.getState()).to.deep.equal({ counter: 3, later: { on: false } });
    expect(heard).to.equal(5);
  });

  it('createSelector recomputes only when an input changes', () => {
    let runs = 0;
    const select = standIn.createSelector([(s: { a: number[]; b: number }) => s.a], (a: number[]) => {
      runs++;
      return a.length;
    });
    const a = [1, 2];
    expect(select({ a, b: 1 })).to.equal(2);
    expect(select({ a, b: 2 })).to.equal(2);
    expect(runs).to.equal(1);
    expect(select({ a: [1], b: 2 })).to.equal(1);
    expect(runs).to.equal(2);
  });

  it('nanoid: 21 characters of the URL-safe alphabet, no two alike', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => standIn.nanoid()));
    expect(ids.size).to.equal(1000);
    for (const id of ids) expect(id).to.match(/^[\w-]{21}$/);
  });
});
