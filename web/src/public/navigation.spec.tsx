import { expect } from 'chai';
import { act, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import { createI18n } from '../app/i18n.js';
import { Header } from '../app/Header.js';
import { AppSeams, routerNavigation } from '../app/seams.js';
import type { AppStore } from '../app/shell/store.js';
import { loginFormClosed } from '../app/shell/ui/uiSlice.js';
import { makeStore } from '../app/store.js';
import { Link, NavigationProvider, useLocation, useNavigate, useSearchParams, type Navigation, type NavigateOptions, type SearchParamsInit, type To } from '../app/shell/navigation.js';
import { inPage } from '../test/islands.js';
import { IslandRoot, islandPage } from './IslandRoot.js';
import { islandNavigation, windowSource } from './navigation.js';

/**
 * The navigation seam (app/shell/navigation.tsx): the islands' implementation (public/navigation.tsx, the window's
 * location) against the app's (React Router's BrowserRouter), on the same inputs in the same jsdom window: where a
 * navigation leads, whether it adds a history entry, the query's parameters and their setter, links' addresses.
 * The one intended difference: the islands load another path as a new document (a public page is one document),
 * where React Router renders it in place — the address is the same either way.
 */

interface Seen {
  location: string;
  navigate: (to: To, options?: NavigateOptions) => void;
  params: URLSearchParams;
  setParams: (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void;
  rerender: () => void;
}

function Probe({ seen }: { seen: Seen[] }) {
  const [, setTick] = useState(0);
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  seen.push({ location: pathname + search + hash, navigate, params, setParams, rerender: () => setTick((n) => n + 1) });
  return null;
}

type Impl = { name: string; wrap: (children: ReactNode) => ReactNode; loads: string[] };

/** The two implementations; the islands' document loads are recorded instead of performed (jsdom cannot load one). */
function implementations(): [Impl, Impl] {
  const loads: string[] = [];
  const island: Navigation = islandNavigation(windowSource((href) => loads.push(href)));
  const i18n = createI18n('en', {});
  return [
    {
      name: 'React Router',
      loads: [],
      wrap: (children) => (
        <I18nextProvider i18n={i18n}>
          <BrowserRouter>
            {/* As in the app, inside the route that shows the page. */}
            <Routes>
              <Route path="*" element={<NavigationProvider value={routerNavigation}>{children}</NavigationProvider>} />
            </Routes>
          </BrowserRouter>
        </I18nextProvider>
      ),
    },
    { name: 'islands', loads, wrap: (children) => <NavigationProvider value={island}>{children}</NavigationProvider> },
  ];
}

/** Mounts `children` in `impl` at `start`, runs `step`, and says where the page is (or which document it loads) and how many history entries were added. */
async function run(impl: Impl, start: string, step: (seen: Seen[]) => void) {
  window.history.replaceState(null, '', start);
  const before = window.history.length;
  const loadsBefore = impl.loads.length;
  const el = document.createElement('div');
  document.body.appendChild(el);
  const root = createRoot(el);
  const seen: Seen[] = [];
  act(() => root.render(impl.wrap(<Probe seen={seen} />)));
  act(() => step(seen));
  const loaded = impl.loads.slice(loadsBefore);
  const last = seen[seen.length - 1]!;
  const result = { at: loaded[0] ?? last.location, document: loaded.length > 0 ? 'loaded' : 'same', added: window.history.length - before, shown: last.location, seen };
  act(() => root.unmount());
  el.remove();
  return result;
}

const START = '/ru/faq?x=1#top';

describe('the navigation seam: the islands’ implementation against React Router', function () {
  this.timeout(20_000);

  it('navigate() leads where React Router leads, for every kind of address', () =>
    inPage(START, '', async () => {
      const targets: [To, NavigateOptions?][] = [
        ['/ru/faq#login', { replace: true }],
        [{ pathname: '/ru/faq', search: '?x=1', hash: '' }, { replace: true, preventScrollReset: true }],
        [{ hash: '#section' }],
        [{ search: '?q=2' }],
        [{}],
        ['?a=1&b=2'],
        ['#part'],
        ['?'],
        [''],
        ['/ru/faq'],
        ['/ru/faq/'],
        ['/ru//faq?y=2'],
        ['/ru/x/../faq#a'],
        ['/ru/./faq/.'],
        ['/pricing'],
        ['/pricing?streams=25#buy', { replace: true }],
        ['/'],
        ['/ru/faq?#'],
        [{ pathname: '' }],
        ['.'],
      ];
      const [router, islands] = implementations();
      for (const start of [START, '/ru/faq/?x=1']) {
        for (const [to, options] of targets) {
          const label = `${start} → ${JSON.stringify(to)} ${JSON.stringify(options ?? {})}`;
          const a = await run(router, start, (seen) => seen[0]!.navigate(to, options));
          const b = await run(islands, start, (seen) => seen[0]!.navigate(to, options));
          expect(b.at, label).to.equal(a.at);
          const samePath = new URL(a.at, 'https://x.test').pathname === new URL(start, 'https://x.test').pathname;
          // Within the page: the address changes in place, with or without a new history entry, exactly as React Router's.
          if (samePath) expect([b.document, b.added, b.shown], label).to.deep.equal(['same', a.added, a.shown]);
          // Another page: a document load (replacing the current entry when asked), the address React Router shows.
          else expect([b.document, b.added], label).to.deep.equal(['loaded', 0]);
        }
      }
      // A worked example, written out: closing the header's login form clears the hash and adds no entry.
      const closed = await run(islands, '/ru/faq?x=1#login', (seen) => seen[0]!.navigate({ pathname: '/ru/faq', search: '?x=1', hash: '' }, { replace: true }));
      expect([closed.at, closed.document, closed.added]).to.deep.equal(['/ru/faq?x=1', 'same', 0]);
    }));

  it('navigate() is one function while the page stays, so effects that list it do not run again', () =>
    inPage(START, '', async () => {
      for (const impl of implementations()) {
        const { seen } = await run(impl, START, (s) => s[0]!.rerender());
        expect(seen.length, impl.name).to.equal(2);
        expect(seen[1]!.navigate, impl.name).to.equal(seen[0]!.navigate);
      }
    }));

  it('search parameters: the same object until the query changes, and a setter that works as React Router’s', () =>
    inPage(START, '', async () => {
      const [router, islands] = implementations();
      for (const impl of [router, islands]) {
        const { seen } = await run(impl, START, (s) => s[0]!.rerender());
        expect(seen[1]!.params, `${impl.name}: unchanged query, same object`).to.equal(seen[0]!.params);
        expect([...seen[0]!.params], impl.name).to.deep.equal([['x', '1']]);
      }
      const sets: [string, (seen: Seen[]) => void][] = [
        ['an object', (s) => s[0]!.setParams({ a: '1', b: 'two words' })],
        ['a string, replacing', (s) => s[0]!.setParams('c=3', { replace: true })],
        ['pairs', (s) => s[0]!.setParams([['d', '4'], ['d', '5']])],
        ['nothing', (s) => s[0]!.setParams({})],
        ['a function of the current ones', (s) => s[0]!.setParams((current) => (current.set('x', '2'), current.append('y', 'ё'), current))],
        ['URLSearchParams', (s) => s[0]!.setParams(new URLSearchParams('z=9'))],
      ];
      for (const [label, set] of sets) {
        const a = await run(router, START, set);
        const b = await run(islands, START, set);
        expect([b.at, b.document, b.added], label).to.deep.equal([a.at, 'same', a.added]);
        const [first, after] = [b.seen[0]!, b.seen[b.seen.length - 1]!];
        expect([...after.params], label).to.deep.equal([...a.seen[a.seen.length - 1]!.params]);
        // The current parameters are never changed in place (the function gets a copy): a new object for the new query.
        expect([...first.params], label).to.deep.equal([['x', '1']]);
        expect(after.params, label).not.to.equal(first.params);
      }
      // Written out: the query set, the hash dropped (as React Router does), one history entry.
      const set = await run(islands, START, (s) => s[0]!.setParams({ a: '1' }));
      expect([set.at, set.added]).to.deep.equal(['/ru/faq?a=1', 1]);
    }));

  it('follows the back button: both show the previous address again', () =>
    inPage(START, '', async () => {
      for (const impl of implementations()) {
        window.history.replaceState(null, '', START);
        const el = document.createElement('div');
        const root = createRoot(el);
        const seen: Seen[] = [];
        act(() => root.render(impl.wrap(<Probe seen={seen} />)));
        act(() => seen[0]!.navigate('#second'));
        expect(seen[seen.length - 1]!.location, impl.name).to.equal('/ru/faq#second');
        await act(async () => {
          // The page's history answers with a popstate event when it gets to it (later on a busy machine): wait for it.
          const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
          window.history.back();
          await popped;
          await new Promise((resolve) => setTimeout(resolve, 0));
        });
        expect(seen[seen.length - 1]!.location, impl.name).to.equal(START);
        act(() => root.unmount());
      }
    }));

  it('the header keeps #login in step with its login form, from effects (never while rendering), the same on both', () =>
    inPage('/pricing#login', '', async () => {
      const resources = { en: { common: {} } };
      const builds: [string, (children: ReactNode) => { store: AppStore; ui: ReactNode }][] = [
        [
          'React Router',
          (children) => {
            const store = makeStore();
            const ui = (
              <BrowserRouter>
                <Routes>
                  <Route path="*" element={<AppSeams store={store} i18n={createI18n('en', resources)}>{children}</AppSeams>} />
                </Routes>
              </BrowserRouter>
            );
            return { store, ui };
          },
        ],
        [
          'islands',
          (children) => {
            const page = islandPage('en', resources, windowSource(() => {}));
            return { store: page.store, ui: <IslandRoot page={page}>{children}</IslandRoot> };
          },
        ],
      ];
      const trails = builds.map(([, build]) => {
        window.history.replaceState(null, '', '/pricing?period=annual#login');
        const entries = window.history.length;
        const { store, ui } = build(<Header />);
        const el = document.createElement('div');
        document.body.appendChild(el);
        const root = createRoot(el);
        const trail: [string, boolean, number][] = [];
        const note = () => trail.push([location.pathname + location.search + location.hash, store.getState().ui.loginFormOpen, window.history.length - entries]);
        // Arriving with #login opens the form; closing it clears the hash; the header's button opens it again.
        act(() => root.render(ui));
        note();
        act(() => void store.dispatch(loginFormClosed()));
        note();
        act(() => el.querySelector<HTMLButtonElement>('button.login-button')?.click());
        note();
        act(() => root.unmount());
        el.remove();
        return trail;
      });
      expect(trails[1]).to.deep.equal(trails[0]);
      expect(trails[1]).to.deep.equal([
        ['/pricing?period=annual#login', true, 0],
        ['/pricing?period=annual', false, 0],
        ['/pricing?period=annual#login', true, 0],
      ]);
    }));

  it('links: the same address for the same target, the other attributes passed on', () =>
    inPage(START, '', async () => {
      const targets: To[] = ['/ru/pricing?streams=25#buy', '/ru/x/../faq', '/ru//about/', { hash: '#a' }, { search: '?s=1' }, { pathname: '/ru/news' }, '?q=1', '#top'];
      const rendered = implementations().map((impl) => {
        window.history.replaceState(null, '', START);
        const el = document.createElement('div');
        const root = createRoot(el);
        act(() =>
          root.render(
            impl.wrap(
              <>
                {targets.map((to, i) => (
                  <Link key={i} to={to} className="c" aria-current={i === 0 ? 'page' : undefined} replace>
                    {`link ${i}`}
                  </Link>
                ))}
              </>,
            ),
          ),
        );
        const links = [...el.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.className, a.getAttribute('aria-current'), a.textContent, a.hasAttribute('replace')]);
        act(() => root.unmount());
        return links;
      });
      expect(rendered[1]).to.deep.equal(rendered[0]);
      expect(rendered[1]?.map((l) => l[0])).to.deep.equal(['/ru/pricing?streams=25#buy', '/ru/faq', '/ru/about/', '/ru/faq#a', '/ru/faq?s=1', '/ru/news', '/ru/faq?q=1', '/ru/faq#top']);
    }));
});
