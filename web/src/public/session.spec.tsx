import { expect } from 'chai';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { COOKIE_NAMES } from '@relaycast/contracts/constants';
import { SessionProvider, useSessionUser, useSignIn, useSignOut, useSignUp, type SignInResult } from '../features/auth/session.js';
import { resetFetchSession, fetchSession } from '../features/auth/session.fetch.js';
import { rtkQuerySession } from '../features/auth/session.rtk.js';
import { inPage } from '../test/islands.js';
import { STATE_BUILDS, type StateBuild } from '../test/stores.js';

/**
 * The session seam (features/auth/session.ts) — who is signed in, and the login form's calls — on the islands (one
 * request per call, session.fetch.ts) against RTK Query (the app, session.rtk.ts), with the same answers from the
 * API: the same requests sent, the same results, the same toasts, the same cookies left.
 */

type Answer = { status: number; body: unknown };
interface Sent {
  url: string;
  method: string;
  body: unknown;
}

/** The API as a list of answers by path; what the browser sent is recorded. */
function stubApi(answers: Record<string, Answer>): Sent[] {
  const sent: Sent[] = [];
  (globalThis as { fetch: unknown }).fetch = async (url: string, init: RequestInit) => {
    const path = new URL(url, 'https://relaycast.example').pathname;
    sent.push({ url: path, method: init.method ?? 'GET', body: JSON.parse(String(init.body ?? 'null')) });
    const answer = answers[path] ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'no route' } } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
  return sent;
}

interface Hooks {
  user: ReturnType<typeof useSessionUser>;
  signIn: ReturnType<typeof useSignIn>;
  signUp: ReturnType<typeof useSignUp>;
  signOut: ReturnType<typeof useSignOut>;
}

/** Each build's session over its state seam: RTK Query in the app, one request per call on the islands. */
const BUILDS: [string, () => StateBuild][] = [
  [
    'RTK Query (the app)',
    () => {
      const { store, wrap } = STATE_BUILDS[0]![1]();
      return { store, wrap: (children) => wrap(<SessionProvider value={rtkQuerySession}>{children}</SessionProvider>) };
    },
  ],
  [
    'one request per call (the islands)',
    () => {
      resetFetchSession();
      const { store, wrap } = STATE_BUILDS[1]![1]();
      return { store, wrap: (children) => wrap(<SessionProvider value={fetchSession}>{children}</SessionProvider>) };
    },
  ],
];

const settle = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 30))));

/** Mounts the session's hooks in a build, lets getUser answer, runs `use`, and says what it saw. */
async function session<T>(build: (typeof BUILDS)[number][1], use: (hooks: () => Hooks) => Promise<T>) {
  const { store, wrap } = build();
  let hooks: Hooks | null = null;
  function Probe() {
    hooks = { user: useSessionUser(), signIn: useSignIn(), signUp: useSignUp(), signOut: useSignOut() };
    return null;
  }
  const root = createRoot(document.createElement('div'));
  act(() => root.render(wrap(<Probe />)));
  await settle();
  const result = await use(() => hooks!);
  // What the reader is told: the toasts' kinds, words and reasons (their ids and pages are the store's own).
  const toasts = store.getState().toasts.items.map(({ kind, message, reason }) => ({ kind, message, reason }));
  act(() => root.unmount());
  return { result, toasts };
}

/** A call's answer as the login form reads it: who signed in, or the error's status, code and field problems. */
const outcome = (r: SignInResult) => (r.error === undefined ? { data: r.data } : { error: r.error });

const USER = { _id: 'u-1', email: 'ada@example.com', givenName: 'Ada', role: 'ROLE_CUSTOMER', strategy: 'local', emailVerified: true };

describe('the session seam: the islands’ implementation against RTK Query', function () {
  this.timeout(20_000);

  it('who is signed in: the same user, or nobody, for each answer getUser gives', () =>
    inPage('/', '', async () => {
      const cases: [string, Answer, unknown][] = [
        ['a user', { status: 200, body: { data: USER } }, { ...USER, familyName: undefined, picture: undefined, language: undefined, emailReminders: undefined }],
        ['signed out ({ data: {} })', { status: 200, body: { data: {} } }, null],
        ['a failure', { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } }, null],
      ];
      for (const [label, answer, expected] of cases) {
        const seen = [];
        for (const [name, build] of BUILDS) {
          const sent = stubApi({ '/auth/google/getUser': answer });
          const { result } = await session(build, async (hooks) => hooks().user);
          expect(result, `${label}: ${name}`).to.deep.equal(expected);
          seen.push(sent);
        }
        expect(seen[1], label).to.deep.equal(seen[0]);
        expect(seen[0], label).to.deep.equal([{ url: '/auth/google/getUser', method: 'POST', body: {} }]);
      }
    }));

  it('signing in and up: the same requests, results and toasts for each answer', () =>
    inPage('/pricing', '', async () => {
      const problems = { error: { code: 'VALIDATION_FAILED', message: 'email: must be an email', details: [{ field: 'email', rule: 'email' }] } };
      const cases: [string, Record<string, Answer>, (h: () => Hooks) => Promise<SignInResult>][] = [
        ['sign-in accepted', { '/auth/local/signin': { status: 200, body: { data: USER } } }, (h) => h().signIn[0]({ email: 'ada@example.com', password: 'pw' })],
        ['sign-in refused', { '/auth/local/signin': { status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'wrong' } } } }, (h) => h().signIn[0]({ email: 'ada@example.com', password: 'no' })],
        ['sign-in invalid (a toast)', { '/auth/local/signin': { status: 400, body: problems } }, (h) => h().signIn[0]({ email: 'x', password: 'pw' })],
        ['sign-in unreachable', {}, (h) => h().signIn[0]({ email: 'ada@example.com', password: 'pw' })],
        [
          'sign-up refused (beside the fields, no toast)',
          { '/auth/local/register': { status: 400, body: problems } },
          (h) => h().signUp[0]({ email: 'x', password: 'pw', givenName: 'A', familyName: 'B', privacy_policy_confirm: true, language: 'ru' }),
        ],
        [
          'sign-up accepted',
          { '/auth/local/register': { status: 201, body: { data: USER } } },
          (h) => h().signUp[0]({ email: 'ada@example.com', password: 'pw', givenName: 'Ada', familyName: 'L', privacy_policy_confirm: true }),
        ],
      ];
      for (const [label, answers, call] of cases) {
        const seen: { sent: Sent[]; result: unknown; toasts: unknown }[] = [];
        for (const [, build] of BUILDS) {
          const sent = stubApi({ '/auth/google/getUser': { status: 200, body: { data: {} } }, ...answers });
          const { result, toasts } = await session(build, async (hooks) => {
            let answer: SignInResult | undefined;
            await act(async () => void (answer = await call(hooks)));
            return outcome(answer!);
          });
          // The app asks who is signed in again after a sign-in (RTK Query's cache is shared by the account areas);
          // on a public page, signing in loads the next page. The calls themselves are the same.
          seen.push({ sent: sent.filter((s) => !s.url.endsWith('/getUser')), result, toasts });
        }
        expect(seen[1], label).to.deep.equal(seen[0]);
      }
      // Written out: an invalid sign-in answers the API's error and shows one error toast with its reason.
      stubApi({ '/auth/local/signin': { status: 400, body: problems } });
      const { result, toasts } = await session(BUILDS[1]![1], async (hooks) => {
        let answer: SignInResult | undefined;
        await act(async () => void (answer = await hooks().signIn[0]({ email: 'x', password: 'pw' })));
        return answer;
      });
      expect(result).to.deep.equal({ error: { status: 400, code: 'VALIDATION_FAILED', message: 'email: must be an email', details: [{ field: 'email', rule: 'email' }] } });
      expect(toasts).to.deep.equal([{ kind: 'error', message: '', reason: { code: 'VALIDATION_FAILED', problems: [{ field: 'email', rule: 'email' }] } }]);
    }));

  it('is busy while a call is under way, in both', () =>
    inPage('/', '', async () => {
      for (const [name, build] of BUILDS) {
        let answer: (value: Response) => void = () => {};
        (globalThis as { fetch: unknown }).fetch = (url: string) =>
          url.endsWith('getUser') ? Promise.resolve(new Response('{"data":{}}')) : new Promise<Response>((resolve) => (answer = resolve));
        await session(build, async (hooks) => {
          expect(hooks().signIn[1].isLoading, name).to.equal(false);
          let call: Promise<SignInResult> | undefined;
          await act(async () => void (call = hooks().signIn[0]({ email: 'a@b.c', password: 'p' })));
          expect(hooks().signIn[1].isLoading, `${name}: under way`).to.equal(true);
          await act(async () => {
            answer(new Response(JSON.stringify({ data: USER })));
            await call;
          });
          await settle();
          expect(hooks().signIn[1].isLoading, `${name}: answered`).to.equal(false);
        });
      }
    }));

  it('signing out: true and the session cookies gone, or false and kept, in both', () =>
    inPage('/', '', async () => {
      for (const [status, expected] of [
        [200, true],
        [500, false],
      ] as const) {
        for (const [name, build] of BUILDS) {
          document.cookie = `${COOKIE_NAMES.strategy}=local; path=/`;
          document.cookie = `${COOKIE_NAMES.token}=t0ken; path=/`;
          const sent = stubApi({
            '/auth/google/getUser': { status: 200, body: { data: USER } },
            '/auth/google/logout': { status, body: status === 200 ? { data: true } : { error: { code: 'INTERNAL', message: 'boom' } } },
          });
          const { result } = await session(build, async (hooks) => {
            let ok: boolean | undefined;
            await act(async () => void (ok = await hooks().signOut()));
            return ok;
          });
          expect(result, `${name} ${status}`).to.equal(expected);
          expect(document.cookie.includes(`${COOKIE_NAMES.strategy}=local`), `${name} ${status}: strategy cookie`).to.equal(!expected);
          expect(sent.map((s) => s.url).filter((u) => u.endsWith('logout')), name).to.deep.equal(['/auth/google/logout']);
        }
      }
    }));
});
