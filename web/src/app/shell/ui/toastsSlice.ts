import type { UnknownAction } from 'redux';
import type { Reason } from './problems.js';

export type ToastKind = 'info' | 'success' | 'error';
export interface Toast {
  id: string;
  kind: ToastKind;
  /** The text; with a `reason`, the seed's title for the failed call (worded in the reader's language), or ''. */
  message: string;
  /** Why a call failed, worded when shown: the server's code and field problems. */
  reason?: Reason;
  /**
   * What the toast is about: the page it was raised on (its path), unless the caller names the form or action. A
   * success dismisses the errors of its scope: a refusal that was put right does not stay beside the success.
   */
  scope: string;
}
export interface ToastsState {
  items: Toast[];
}

/** At most this many toasts stay on screen; older ones give way (a stack of them would cover the page's buttons). */
export const MAX_TOASTS = 3;

/** The page a toast is raised on, as its default scope ('' outside a browser). */
function currentPage(): string {
  return typeof window === 'undefined' ? '' : window.location.pathname;
}

let lastId = 0;

/** A toast (the scope: the page it is raised on unless the caller names its form or action). */
export const toastAdded = (message: string, kind: ToastKind = 'info', reason?: Reason, scope: string = currentPage()) =>
  ({ type: 'toasts/toastAdded', payload: { id: `toast-${++lastId}`, kind, message, ...(reason ? { reason } : {}), scope } as Toast }) as const;
export const toastDismissed = (id: string) => ({ type: 'toasts/toastDismissed', payload: id }) as const;
type ToastsAction = ReturnType<typeof toastAdded> | ReturnType<typeof toastDismissed>;

const initialState: ToastsState = { items: [] };

function reducer(state: ToastsState = initialState, incoming: UnknownAction): ToastsState {
  const action = incoming as ToastsAction;
  switch (action.type) {
    case 'toasts/toastAdded': {
      const added = action.payload;
      // The same words again (a form submitted twice) replace the earlier toast instead of stacking over the page.
      const same = (t: Toast) => t.kind === added.kind && t.message === added.message && JSON.stringify(t.reason) === JSON.stringify(added.reason);
      // A success puts right the errors of its form or page: "Accept the privacy policy" does not stay beside "Your subscription is live".
      const putRight = (t: Toast) => added.kind === 'success' && t.kind === 'error' && t.scope === added.scope;
      return { items: [...state.items.filter((t) => !same(t) && !putRight(t)), added].slice(-MAX_TOASTS) };
    }
    case 'toasts/toastDismissed':
      return state.items.some((t) => t.id === action.payload) ? { items: state.items.filter((t) => t.id !== action.payload) } : state;
    default:
      return state;
  }
}

export const toastsSlice = { reducerPath: 'toasts', reducer } as const;

export const selectToasts = (s: { toasts: ToastsState }) => s.toasts.items;
