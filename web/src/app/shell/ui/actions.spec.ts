import { expect } from 'chai';
import { COOKIE_MAX_AGE_SECONDS, COOKIE_NAMES } from '@relaycast/contracts/constants';
import { STORES } from '../../../test/stores.js';
import { installDom } from '../../../test/dom.js';
import { acceptCookieConsent, chooseTheme, detectTheme, initCookieConsent, initTheme, rememberLanguage } from './actions.js';

for (const [storeName, makeStore] of STORES) {
  describe(`ui actions (cookies, theme) in a browser-like DOM — ${storeName}`, () => {
    let dom: ReturnType<typeof installDom>;
    let written: string[];
    afterEach(() => dom.restore());

    function spyCookies() {
      written = [];
      const doc = dom.window.document;
      let proto: object | null = doc;
      let desc: PropertyDescriptor | undefined;
      while (proto && !desc) {
        desc = Object.getOwnPropertyDescriptor(proto, 'cookie');
        proto = Object.getPrototypeOf(proto) as object | null;
      }
      if (!desc?.set || !desc.get) throw new Error('no cookie accessor');
      const { get, set } = desc;
      Object.defineProperty(doc, 'cookie', {
        configurable: true,
        get: () => get.call(doc),
        set: (v: string) => {
          written.push(v);
          set.call(doc, v);
        },
      });
    }

    it('shows the cookie window until consent is given, and accepting saves the consent cookie for 30 days on /', () => {
      dom = installDom();
      spyCookies();
      const store = makeStore();
      store.dispatch(initCookieConsent());
      expect(store.getState().ui.cookieWindowOpen).to.equal(true);

      store.dispatch(acceptCookieConsent());
      expect(store.getState().ui.cookieWindowOpen).to.equal(false);
      expect(dom.window.document.cookie).to.include(`${COOKIE_NAMES.consent}=true`);
      expect(written).to.have.length(1);
      expect(written[0]).to.match(new RegExp(`^${COOKIE_NAMES.consent}=true; Max-Age=${COOKIE_MAX_AGE_SECONDS}; Path=/;`));
      expect(COOKIE_MAX_AGE_SECONDS).to.equal(2_592_000);

      const next = makeStore();
      next.dispatch(initCookieConsent());
      expect(next.getState().ui.cookieWindowOpen).to.equal(false);
    });

    it('follows prefers-color-scheme on a first visit and persists an explicit choice', () => {
      dom = installDom('https://relaycast.example/', { prefersDark: true });
      spyCookies();
      expect(detectTheme()).to.equal('dark');
      const store = makeStore();
      store.dispatch(initTheme());
      expect(store.getState().ui.theme).to.equal('dark');

      store.dispatch(chooseTheme('light'));
      expect(store.getState().ui.theme).to.equal('light');
      expect(dom.window.document.documentElement.getAttribute('data-theme')).to.equal('light');
      expect(dom.window.localStorage.getItem('theme')).to.equal('light');
      expect(written.at(-1)).to.match(/^theme=light; Max-Age=2592000; Path=\//);
      // The saved choice wins over the system preference next time.
      dom.window.document.documentElement.removeAttribute('data-theme');
      expect(detectTheme()).to.equal('light');
    });

    it('remembers the language choice in the language cookie', () => {
      dom = installDom();
      rememberLanguage('ru');
      expect(dom.window.document.cookie).to.include('language=ru');
    });
  });
}
