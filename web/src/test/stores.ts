import { makeStore } from '../app/store.js';
import { makeIslandStore } from '../public/store.js';
import type { AppStore } from '../app/shell/store.js';

/**
 * Both builds' stores over the same slices: the app's (Redux Toolkit's configureStore, app/store.ts) and the
 * islands' (redux's createStore, public/store.ts). Slice tests run through each.
 */
export const STORES: readonly (readonly [name: string, make: () => AppStore])[] = [
  ['the app’s store (Redux Toolkit)', () => makeStore()],
  ['the islands’ store (redux)', makeIslandStore],
];
