import { useGetUserQuery } from '../../app/sessionApi.js';
import type { SessionUser } from '../../app/sessionUser.js';
import { useLogoutMutation } from './authApi.js';

/**
 * Who is signed in and signing out, as the header's account menu needs them: through RTK Query in the whole app
 * (the account, checkout and admin areas share its cache). The public pages' build puts src/public/session.ts in
 * this module's place: the same two hooks with a request each, without RTK Query (about 13 KB as served).
 */
export function useSessionUser(): SessionUser | null {
  return useGetUserQuery().data ?? null;
}

/** Signs out; resolves false when the server refused (the caller reloads the page on true). */
export function useSignOut(): () => Promise<boolean> {
  const [logout] = useLogoutMutation();
  return () => logout().unwrap().catch(() => false);
}
