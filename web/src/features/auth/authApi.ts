import { COOKIE_NAMES, DEFAULT_ROLE, ROLES, type Role } from '@relaycast/contracts/constants';
import { api } from '../../app/api.js';
import { deleteCookie } from '../../app/cookies.js';

export interface SessionUser {
  _id: string;
  email: string;
  givenName?: string;
  familyName?: string;
  picture?: string;
  role: Role;
}

export interface SignUpBody {
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  privacy_policy_confirm: true;
}

function asUser(data: unknown): SessionUser | null {
  if (typeof data !== 'object' || data === null) return null;
  const u: Partial<Record<keyof SessionUser, unknown>> = data;
  if (typeof u._id !== 'string' || typeof u.email !== 'string') return null;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    _id: u._id,
    email: u.email,
    givenName: str(u.givenName),
    familyName: str(u.familyName),
    picture: str(u.picture),
    role: ROLES.find((r) => r === u.role) ?? DEFAULT_ROLE,
  };
}

/**
 * Sign-in calls (seed §7). getUser answers { data: {} } when signed out, which becomes null. Logout deletes the
 * strategy and token cookies when it succeeds (200/201) and resolves false when it fails.
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<SessionUser | null, void>({
      query: () => ({ url: '/auth/google/getUser' }),
      transformResponse: asUser,
      providesTags: ['User'],
    }),
    logout: build.mutation<boolean, void>({
      queryFn: async (_arg, queryApi, extra, baseQuery) => {
        const result = await baseQuery({ url: '/auth/google/logout' });
        if (result.error) return { data: false };
        deleteCookie(COOKIE_NAMES.strategy);
        deleteCookie(COOKIE_NAMES.token);
        return { data: true };
      },
      invalidatesTags: ['User'],
    }),
    signInLocal: build.mutation<SessionUser | null, { email: string; password: string }>({
      query: (body) => ({ url: '/auth/local/signin', body }),
      transformResponse: asUser,
      invalidatesTags: ['User'],
    }),
    /** Local sign-up; the form shows the server's refusals next to its fields (no toast). */
    signUpLocal: build.mutation<SessionUser | null, SignUpBody>({
      query: (body) => ({ url: '/auth/local/register', body }),
      extraOptions: { inlineErrors: true },
      transformResponse: asUser,
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useGetUserQuery, useLogoutMutation, useSignInLocalMutation, useSignUpLocalMutation } = authApi;

/** Where "Sign in with Google" sends the browser (seed §7: the API base plus /auth/google). */
export function googleSignInUrl(returnTo: string): string {
  return `/auth/google?returnTo=${encodeURIComponent(returnTo)}`;
}
