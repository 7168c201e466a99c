import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

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

export const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    loginFormOpened(state) {
      state.loginFormOpen = true;
      state.burgerOpen = false;
      state.languageMenuOpen = false;
      state.accountMenuExpanded = false;
    },
    loginFormClosed(state) {
      state.loginFormOpen = false;
    },
    loginFormToggled(state) {
      if (state.loginFormOpen) state.loginFormOpen = false;
      else uiSlice.caseReducers.loginFormOpened(state);
    },
    burgerOpened(state) {
      state.burgerOpen = true;
      state.loginFormOpen = false;
      state.languageMenuOpen = false;
    },
    burgerClosed(state) {
      state.burgerOpen = false;
    },
    burgerToggled(state) {
      if (state.burgerOpen) state.burgerOpen = false;
      else uiSlice.caseReducers.burgerOpened(state);
    },
    languageMenuToggled(state) {
      state.languageMenuOpen = !state.languageMenuOpen;
      if (state.languageMenuOpen) state.accountMenuExpanded = false;
    },
    languageMenuClosed(state) {
      state.languageMenuOpen = false;
    },
    accountMenuToggled(state) {
      state.accountMenuExpanded = !state.accountMenuExpanded;
      if (state.accountMenuExpanded) state.languageMenuOpen = false;
    },
    accountMenuCollapsed(state) {
      state.accountMenuExpanded = false;
    },
    cookieWindowShown(state) {
      state.cookieWindowOpen = true;
    },
    cookieConsentAccepted(state) {
      state.cookieWindowOpen = false;
    },
    themeSet(state, action: PayloadAction<Theme>) {
      state.theme = action.payload;
    },
    /** Route changes close every transient panel (not the cookie window). */
    navigated(state) {
      state.burgerOpen = false;
      state.languageMenuOpen = false;
      state.accountMenuExpanded = false;
    },
  },
  selectors: {
    selectLoginFormOpen: (s) => s.loginFormOpen,
    selectBurgerOpen: (s) => s.burgerOpen,
    selectLanguageMenuOpen: (s) => s.languageMenuOpen,
    selectAccountMenuExpanded: (s) => s.accountMenuExpanded,
    selectCookieWindowOpen: (s) => s.cookieWindowOpen,
    selectTheme: (s) => s.theme,
  },
});

export const {
  loginFormOpened,
  loginFormClosed,
  loginFormToggled,
  burgerOpened,
  burgerClosed,
  burgerToggled,
  languageMenuToggled,
  languageMenuClosed,
  accountMenuToggled,
  accountMenuCollapsed,
  cookieWindowShown,
  cookieConsentAccepted,
  themeSet,
  navigated,
} = uiSlice.actions;
export const {
  selectLoginFormOpen,
  selectBurgerOpen,
  selectLanguageMenuOpen,
  selectAccountMenuExpanded,
  selectCookieWindowOpen,
  selectTheme,
} = uiSlice.selectors;
