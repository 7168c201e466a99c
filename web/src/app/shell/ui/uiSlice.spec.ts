import { expect } from 'chai';
import {
  accountMenuCollapsed,
  accountMenuToggled,
  burgerClosed,
  burgerOpened,
  burgerToggled,
  cookieConsentAccepted,
  cookieWindowShown,
  initialUiState,
  languageMenuToggled,
  loginFormClosed,
  loginFormOpened,
  loginFormToggled,
  navigated,
  themeSet,
  uiSlice,
  type UiState,
} from './uiSlice.js';

const reduce = (state: UiState, ...actions: Parameters<typeof uiSlice.reducer>[1][]) => actions.reduce(uiSlice.reducer, state);

describe('uiSlice: the seed UI-state rules', () => {
  it('starts with every panel closed, no cookie window and an unknown theme (what prerendering renders)', () => {
    expect(uiSlice.reducer(undefined, { type: '@@init' })).to.deep.equal({
      loginFormOpen: false,
      burgerOpen: false,
      languageMenuOpen: false,
      accountMenuExpanded: false,
      cookieWindowOpen: false,
      theme: null,
    });
  });

  it('opening the burger menu closes the login form', () => {
    const s = reduce(initialUiState, loginFormOpened(), burgerOpened());
    expect(s.burgerOpen).to.equal(true);
    expect(s.loginFormOpen).to.equal(false);
  });

  it('opening the login form closes the burger menu', () => {
    const s = reduce(initialUiState, burgerOpened(), loginFormOpened());
    expect(s.loginFormOpen).to.equal(true);
    expect(s.burgerOpen).to.equal(false);
  });

  it('the toggles obey the same rule when they open, and only close themselves when they close', () => {
    let s = reduce(initialUiState, loginFormToggled());
    expect(s.loginFormOpen).to.equal(true);
    s = reduce(s, burgerToggled());
    expect(s).to.include({ burgerOpen: true, loginFormOpen: false });
    s = reduce(s, loginFormToggled());
    expect(s).to.include({ loginFormOpen: true, burgerOpen: false });
    s = reduce(s, loginFormToggled());
    expect(s).to.include({ loginFormOpen: false, burgerOpen: false });
    s = reduce(s, burgerToggled(), burgerToggled());
    expect(s).to.include({ burgerOpen: false, loginFormOpen: false });
  });

  it('closing either panel leaves the other alone', () => {
    expect(reduce({ ...initialUiState, loginFormOpen: true }, burgerClosed()).loginFormOpen).to.equal(true);
    expect(reduce({ ...initialUiState, burgerOpen: true }, loginFormClosed()).burgerOpen).to.equal(true);
  });

  it('keeps the account menu expanded flag, collapsing it when the login form or language menu opens', () => {
    let s = reduce(initialUiState, accountMenuToggled());
    expect(s.accountMenuExpanded).to.equal(true);
    s = reduce(s, languageMenuToggled());
    expect(s).to.include({ accountMenuExpanded: false, languageMenuOpen: true });
    s = reduce(s, accountMenuToggled());
    expect(s).to.include({ accountMenuExpanded: true, languageMenuOpen: false });
    expect(reduce(s, accountMenuCollapsed()).accountMenuExpanded).to.equal(false);
    expect(reduce(s, loginFormOpened()).accountMenuExpanded).to.equal(false);
  });

  it('shows and hides the cookie window', () => {
    const shown = reduce(initialUiState, cookieWindowShown());
    expect(shown.cookieWindowOpen).to.equal(true);
    expect(reduce(shown, cookieConsentAccepted()).cookieWindowOpen).to.equal(false);
  });

  it('a navigation closes transient panels but not the cookie window or the theme', () => {
    const s = reduce(initialUiState, cookieWindowShown(), themeSet('dark'), burgerOpened(), languageMenuToggled(), navigated());
    expect(s).to.include({ burgerOpen: false, languageMenuOpen: false, cookieWindowOpen: true, theme: 'dark' });
  });
});
