import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { Reason } from './problems.js';

export type ToastKind = 'info' | 'success' | 'error';
export interface Toast {
  id: string;
  kind: ToastKind;
  /** The text; with a `reason`, the seed's title for the failed call (worded in the reader's language), or ''. */
  message: string;
  /** Why a call failed, worded when shown: the server's code and field problems. */
  reason?: Reason;
}
export interface ToastsState {
  items: Toast[];
}

/** At most this many toasts stay on screen; older ones give way. */
export const MAX_TOASTS = 4;

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState: { items: [] } as ToastsState,
  reducers: {
    toastAdded: {
      reducer(state, action: PayloadAction<Toast>) {
        // The same words again (a form submitted twice) replace the earlier toast instead of stacking over the page.
        const same = (t: Toast) => t.kind === action.payload.kind && t.message === action.payload.message && JSON.stringify(t.reason) === JSON.stringify(action.payload.reason);
        state.items = state.items.filter((t) => !same(t));
        state.items.push(action.payload);
        if (state.items.length > MAX_TOASTS) state.items.splice(0, state.items.length - MAX_TOASTS);
      },
      prepare(message: string, kind: ToastKind = 'info', reason?: Reason) {
        return { payload: { id: nanoid(), kind, message, ...(reason ? { reason } : {}) } };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((t) => t.id !== action.payload);
    },
  },
  selectors: {
    selectToasts: (s) => s.items,
  },
});

export const { toastAdded, toastDismissed } = toastsSlice.actions;
export const { selectToasts } = toastsSlice.selectors;
