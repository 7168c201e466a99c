import { useGetUserQuery } from '../../app/shell/sessionApi.js';
import { useLogoutMutation, useSignInLocalMutation, useSignUpLocalMutation } from './authApi.js';
import type { Session, SignInResult } from './session.js';

const asResult = (answer: { data?: unknown; error?: unknown }): SignInResult =>
  answer.error !== undefined ? { error: answer.error } : { data: (answer.data ?? null) as Exclude<SignInResult['data'], undefined> };

/**
 * The session in the app's build: RTK Query (who is signed in is cached and shared by the account, checkout and
 * admin areas; signing in or out invalidates it).
 */
export const rtkQuerySession: Session = {
  useSessionUser() {
    return useGetUserQuery().data ?? null;
  },
  useSignOut() {
    const [logout] = useLogoutMutation();
    return () => logout().unwrap().catch(() => false);
  },
  useSignIn() {
    const [signIn, state] = useSignInLocalMutation();
    return [async (body) => asResult(await signIn(body)), { isLoading: state.isLoading }] as const;
  },
  useSignUp() {
    const [signUp, state] = useSignUpLocalMutation();
    return [async (body) => asResult(await signUp(body)), { isLoading: state.isLoading }] as const;
  },
};
