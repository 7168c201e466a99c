import type { UnknownAction } from 'redux';

export type Theme = 'light' | 'dark';

/**
 * Interface states of the seed (§2): login form, burger menu, theme, language selector, cookie window and the
 * account menu's expanded flag. The rules that tie them together live in these reducers so every way of opening
 * or closing a panel obeys them:
 *  - opening the burger menu closes the login form, and opening the login form closes the burger menu;
 *  - closing the login form clears the URL hash (Header watches loginFormOpen and replaces the location).
 * Prerendered HTML is built from the initial state; the theme and the cookie window are known only in the
 * browser, so they start as "unknown"/hidden and are set right after hydration.
 */
export interface UiState {
  loginFormOpen: boolean;
  burgerOpen: boolean;
  languageMenuOpen: boolean;
  accountMenuExpanded: boolean;
  cookieWindowOpen: boolean;
  /** null until the browser tells us (the inline head script has already painted the right theme). */
  theme: Theme | null;
}

export const initialUiState: UiState = {
  loginFormOpen: false,
  burgerOpen: false,
  languageMenuOpen: false,
  accountMenuExpanded: false,
  cookieWindowOpen: false,
  theme: null,
};

type UiAction =
  | { type: 'ui/loginFormOpened' }
  | { type: 'ui/loginFormClosed' }
  | { type: 'ui/loginFormToggled' }
  | { type: 'ui/burgerOpened' }
  | { type: 'ui/burgerClosed' }
  | { type: 'ui/burgerToggled' }
  | { type: 'ui/languageMenuToggled' }
  | { type: 'ui/languageMenuClosed' }
  | { type: 'ui/accountMenuToggled' }
  | { type: 'ui/accountMenuCollapsed' }
  | { type: 'ui/cookieWindowShown' }
  | { type: 'ui/cookieConsentAccepted' }
  | { type: 'ui/cookieConsentRefused' }
  | { type: 'ui/themeSet'; payload: Theme }
  | { type: 'ui/navigated' };

export const loginFormOpened = () => ({ type: 'ui/loginFormOpened' }) as const;
export const loginFormClosed = () => ({ type: 'ui/loginFormClosed' }) as const;
export const loginFormToggled = () => ({ type: 'ui/loginFormToggled' }) as const;
export const burgerOpened = () => ({ type: 'ui/burgerOpened' }) as const;
export const burgerClosed = () => ({ type: 'ui/burgerClosed' }) as const;
export const burgerToggled = () => ({ type: 'ui/burgerToggled' }) as const;
export const languageMenuToggled = () => ({ type: 'ui/languageMenuToggled' }) as const;
export const languageMenuClosed = () => ({ type: 'ui/languageMenuClosed' }) as const;
export const accountMenuToggled = () => ({ type: 'ui/accountMenuToggled' }) as const;
export const accountMenuCollapsed = () => ({ type: 'ui/accountMenuCollapsed' }) as const;
export const cookieWindowShown = () => ({ type: 'ui/cookieWindowShown' }) as const;
export const cookieConsentAccepted = () => ({ type: 'ui/cookieConsentAccepted' }) as const;
export const cookieConsentRefused = () => ({ type: 'ui/cookieConsentRefused' }) as const;
export const themeSet = (theme: Theme) => ({ type: 'ui/themeSet', payload: theme }) as const;
/** Route changes close every transient panel (not the cookie window). */
export const navigated = () => ({ type: 'ui/navigated' }) as const;

/** The state with `changes` applied; the same object when they change nothing (selectors and effects see no change). */
function patch(state: UiState, changes: Partial<UiState>): UiState {
  for (const key of Object.keys(changes) as (keyof UiState)[]) if (state[key] !== changes[key]) return { ...state, ...changes };
  return state;
}

const loginOpen = (s: UiState) => patch(s, { loginFormOpen: true, burgerOpen: false, languageMenuOpen: false, accountMenuExpanded: false });
const burgerOpen = (s: UiState) => patch(s, { burgerOpen: true, loginFormOpen: false, languageMenuOpen: false });

/** A plain reducer: each rule returns the next state; an action it does not know leaves the same object. */
function reducer(state: UiState = initialUiState, incoming: UnknownAction): UiState {
  const action = incoming as UiAction;
  switch (action.type) {
    case 'ui/loginFormOpened':
      return loginOpen(state);
    case 'ui/loginFormClosed':
      return patch(state, { loginFormOpen: false });
    case 'ui/loginFormToggled':
      return state.loginFormOpen ? patch(state, { loginFormOpen: false }) : loginOpen(state);
    case 'ui/burgerOpened':
      return burgerOpen(state);
    case 'ui/burgerClosed':
      return patch(state, { burgerOpen: false });
    case 'ui/burgerToggled':
      return state.burgerOpen ? patch(state, { burgerOpen: false }) : burgerOpen(state);
    case 'ui/languageMenuToggled':
      return state.languageMenuOpen ? patch(state, { languageMenuOpen: false }) : patch(state, { languageMenuOpen: true, accountMenuExpanded: false });
    case 'ui/languageMenuClosed':
      return patch(state, { languageMenuOpen: false });
    case 'ui/accountMenuToggled':
      return state.accountMenuExpanded ? patch(state, { accountMenuExpanded: false }) : patch(state, { accountMenuExpanded: true, languageMenuOpen: false });
    case 'ui/accountMenuCollapsed':
      return patch(state, { accountMenuExpanded: false });
    case 'ui/cookieWindowShown':
      return patch(state, { cookieWindowOpen: true });
    case 'ui/cookieConsentAccepted':
    case 'ui/cookieConsentRefused':
      return patch(state, { cookieWindowOpen: false });
    case 'ui/themeSet':
      return patch(state, { theme: action.payload });
    case 'ui/navigated':
      return patch(state, { burgerOpen: false, languageMenuOpen: false, accountMenuExpanded: false });
    default:
      return state;
  }
}

export const uiSlice = { reducerPath: 'ui', reducer } as const;

type WithUi = { ui: UiState };
export const selectLoginFormOpen = (s: WithUi) => s.ui.loginFormOpen;
export const selectBurgerOpen = (s: WithUi) => s.ui.burgerOpen;
export const selectLanguageMenuOpen = (s: WithUi) => s.ui.languageMenuOpen;
export const selectAccountMenuExpanded = (s: WithUi) => s.ui.accountMenuExpanded;
export const selectCookieWindowOpen = (s: WithUi) => s.ui.cookieWindowOpen;
export const selectTheme = (s: WithUi) => s.ui.theme;
