/**
 * What the public pages' islands use of Redux Toolkit — createSlice, combineSlices, configureStore with thunks,
 * createDynamicMiddleware, createSelector, nanoid — in about 1 KB instead of about 10 (Redux Toolkit, immer, redux and
 * reselect): the public build (vite.config.ts, mode `public`) resolves `@reduxjs/toolkit` here for the site's own
 * modules. The slices are the app's, unchanged: the seed's UI-state and calculator rules stay where they are. RTK
 * Query (the login form and, once signed in, nothing on a public page) loads the real package in its own chunk and
 * joins this store through `inject` and the dynamic middleware, as it joins the real one.
 *
 * Reducers write to a draft as with immer: here a structured clone of the slice's state; what the reducer left
 * equal keeps its old object (`share`), so selectors and effects see a change only where there is one.
 * public/redux-toolkit.spec.ts runs the same slices through this and through Redux Toolkit and compares.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the package's types are Redux Toolkit's own (the build
   resolves only the code here); this file types what it needs loosely. */

interface Action {
  type: string;
  payload?: unknown;
  [key: string]: unknown;
}
type Reducer = (state: any, action: Action) => any;
type Middleware = (api: { getState(): any; dispatch(action: any): any }) => (next: (action: any) => any) => (action: any) => any;

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && (Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/** `next` with every part equal to the same part of `prev` replaced by that part (immer's structural sharing). */
export function share<T>(prev: T, next: T): T {
  if (Object.is(prev, next)) return prev;
  if (!isPlain(prev) || !isPlain(next) || Array.isArray(prev) !== Array.isArray(next)) return next;
  const keys = Object.keys(next);
  let same = keys.length === Object.keys(prev).length;
  const out: any = Array.isArray(next) ? [] : {};
  for (const key of keys) {
    out[key] = share((prev as any)[key], (next as any)[key]);
    if (out[key] !== (prev as any)[key] || !(key in prev)) same = false;
  }
  return same ? prev : out;
}

/** Runs a case reducer on a draft of `state`: the value it returns, or the draft it changed. */
function produce(state: unknown, recipe: (draft: any) => unknown) {
  const draft = structuredClone(state);
  const result = recipe(draft);
  return share(state, result === undefined ? draft : result);
}

export function nanoid(size = 21): string {
  const alphabet = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict';
  let id = '';
  for (const byte of crypto.getRandomValues(new Uint8Array(size))) id += alphabet[byte & 63];
  return id;
}

export function createAction(type: string, prepare?: (...args: any[]) => object) {
  const creator = (...args: any[]) => (prepare ? { type, ...prepare(...args) } : { type, payload: args[0] });
  return Object.assign(creator, { type, match: (action: unknown) => (action as Action | null)?.type === type, toString: () => type });
}

interface SliceOptions {
  name: string;
  reducerPath?: string;
  initialState: unknown;
  reducers?: Record<string, Reducer | { reducer: Reducer; prepare: (...args: any[]) => object }>;
  selectors?: Record<string, (sliceState: any, ...args: any[]) => unknown>;
}

export function createSlice(options: SliceOptions) {
  const { name, reducers = {}, selectors = {} } = options;
  const reducerPath = options.reducerPath ?? name;
  const initialState = typeof options.initialState === 'function' ? (options.initialState as () => unknown)() : options.initialState;
  const caseReducers: Record<string, Reducer> = {};
  const byType: Record<string, Reducer> = {};
  const actions: Record<string, ReturnType<typeof createAction>> = {};
  for (const [key, definition] of Object.entries(reducers)) {
    const type = `${name}/${key}`;
    const reducer = typeof definition === 'function' ? definition : definition.reducer;
    caseReducers[key] = reducer;
    byType[type] = reducer;
    actions[key] = createAction(type, typeof definition === 'function' ? undefined : definition.prepare);
  }
  const reducer = (state: unknown = initialState, action: Action) => {
    const caseReducer = byType[action.type];
    return caseReducer ? produce(state, (draft) => caseReducer(draft, action)) : state;
  };
  // Before the slice is injected (a lazily loaded chunk), its selectors read its initial state.
  const selectSlice = (root: Record<string, unknown>) => root[reducerPath] ?? initialState;
  const bound = Object.fromEntries(Object.entries(selectors).map(([key, select]) => [key, (root: any, ...args: any[]) => select(selectSlice(root), ...args)]));
  const slice = {
    name,
    reducerPath,
    reducer,
    actions,
    caseReducers,
    selectors: bound,
    selectSlice,
    getInitialState: () => initialState,
    injectInto(combined: { inject(slice: { reducerPath: string; reducer: Reducer }): unknown }) {
      combined.inject(slice);
      return slice;
    },
  };
  return slice;
}

/** The root reducer of the given slices; more join with `inject` (the state of one not yet there is left alone). */
export function combineSlices(...slices: { reducerPath: string; reducer: Reducer }[]) {
  const reducers: Record<string, Reducer> = {};
  const combined = (state: Record<string, unknown> = {}, action: Action) => {
    let next: Record<string, unknown> | null = null;
    for (const [path, reducer] of Object.entries(reducers)) {
      const value = reducer(state[path], action);
      if (value !== state[path]) (next ??= { ...state })[path] = value;
    }
    return next ?? state;
  };
  const inject = (slice: { reducerPath: string; reducer: Reducer }) => {
    reducers[slice.reducerPath] = slice.reducer;
    return combined;
  };
  slices.forEach(inject);
  return Object.assign(combined, { inject, withLazyLoadedSlices: () => combined });
}

const thunk: Middleware = (api) => (next) => (action) => (typeof action === 'function' ? action(api.dispatch, api.getState, undefined) : next(action));

export function configureStore({ reducer, preloadedState, middleware }: { reducer: Reducer; preloadedState?: unknown; middleware?: (getDefault: () => Middleware[]) => Middleware[] }) {
  let state = reducer(preloadedState, { type: '@@relaycast/INIT' });
  const listeners = new Set<() => void>();
  const base = (action: Action) => {
    state = reducer(state, action);
    [...listeners].forEach((listener) => listener());
    return action;
  };
  const api = { getState: () => state, dispatch: (action: any): any => dispatch(action) };
  const chain = (middleware ? middleware(() => [thunk]) : [thunk]).map((m) => m(api));
  const dispatch = chain.reduceRight<(action: any) => any>((next, m) => m(next), base);
  return {
    getState: api.getState,
    dispatch: api.dispatch,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** Middleware that more can join at run time (RTK Query's, when its chunk loads), each set up once for the store. */
export function createDynamicMiddleware() {
  const added: Middleware[] = [];
  const middleware: Middleware = (api) => {
    const started = new Map<Middleware, ReturnType<Middleware>>();
    return (next) => (action) => {
      const run = added.reduceRight<(action: any) => any>((inner, m) => {
        if (!started.has(m)) started.set(m, m(api));
        return started.get(m)!(inner);
      }, next);
      return run(action);
    };
  };
  return {
    middleware,
    addMiddleware(...mws: Middleware[]) {
      for (const m of mws) if (!added.includes(m)) added.push(m);
    },
  };
}

/** Memoised on the inputs' results, as reselect's (the last arguments only). */
export function createSelector(...args: any[]) {
  const combiner = args.pop() as (...values: unknown[]) => unknown;
  const inputs = (Array.isArray(args[0]) ? args[0] : args) as ((...a: unknown[]) => unknown)[];
  let last: { values: unknown[]; result: unknown } | null = null;
  return (...params: unknown[]) => {
    const values = inputs.map((input) => input(...params));
    if (last && values.every((v, i) => v === last!.values[i])) return last.result;
    last = { values, result: combiner(...values) };
    return last.result;
  };
}
