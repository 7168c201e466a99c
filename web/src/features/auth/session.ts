import type { Language } from '@relaycast/contracts/constants';
import { createSeam } from '../../app/shell/seam.js';
import type { SessionUser } from '../../app/shell/sessionUser.js';

export interface SignUpBody {
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  privacy_policy_confirm: true;
  /** The site's language at sign-up (e-mails to the account are written in it). */
  language?: Language;
}

/** A sign-in or sign-up call's answer: who signed in, or why not (the API's error: code, message, field problems). */
export type SignInResult = { data: SessionUser | null; error?: undefined } | { error: unknown; data?: undefined };
export type SignInCall<B> = readonly [call: (body: B) => Promise<SignInResult>, state: { isLoading: boolean }];

/**
 * Who is signed in, and signing in and out, as the header's account menu and login form (and the sign-in page)
 * use them — the login form's state: an interface of the auth feature with two implementations, RTK Query in the
 * app's build (session.rtk.ts: the account, checkout and admin areas share its cache) and one request per call on
 * the public pages' islands (session.fetch.ts: signing in or out loads a page, so no cache is kept).
 * public/session.spec.tsx runs both against the same answers of the API.
 */
export interface Session {
  /** The signed-in user, or null (signed out, or not known yet). */
  useSessionUser(): SessionUser | null;
  /** Signs out; resolves false when the server refused (the caller reloads the page on true). */
  useSignOut(): () => Promise<boolean>;
  useSignIn(): SignInCall<{ email: string; password: string }>;
  /** Sign-up: the server's refusals come back to show beside their fields (no toast). */
  useSignUp(): SignInCall<SignUpBody>;
}

const [SessionProvider, useSession] = createSeam<Session>('session');
export { SessionProvider };

export const useSessionUser = () => useSession().useSessionUser();
export const useSignOut = () => useSession().useSignOut();
export const useSignIn = () => useSession().useSignIn();
export const useSignUp = () => useSession().useSignUp();
