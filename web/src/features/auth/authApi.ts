import { COOKIE_NAMES } from '@relaycast/contracts/constants';
import { api } from '../../app/shell/api.js';
import { deleteCookie } from '../../app/shell/cookies.js';
import { asSessionUser, type SessionUser } from '../../app/shell/sessionApi.js';
import type { SignUpBody } from './session.js';

/**
 * Sign-in calls (seed §7); who is signed in is app/shell/sessionApi.ts (getUser). Logout deletes the strategy and token
 * cookies when it succeeds (200/201) and resolves false when it fails.
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
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
      transformResponse: asSessionUser,
      invalidatesTags: ['User'],
    }),
    /** Local sign-up; the form shows the server's refusals next to its fields (no toast). */
    signUpLocal: build.mutation<SessionUser | null, SignUpBody>({
      query: (body) => ({ url: '/auth/local/register', body }),
      extraOptions: { inlineErrors: true },
      transformResponse: asSessionUser,
      invalidatesTags: ['User'],
    }),
    /** Asks for a reset link by e-mail; the answer is the same whether the address has an account or not. */
    requestPasswordReset: build.mutation<boolean, { email: string }>({
      query: (body) => ({ url: '/auth/local/requestPasswordReset', body }),
      extraOptions: { inlineErrors: true },
      transformResponse: () => true,
    }),
    /** A new password with the e-mailed reset link's token (every session of the account ends); refusals inline. */
    resetPassword: build.mutation<boolean, { token: string; password: string }>({
      query: (body) => ({ url: '/auth/local/resetPassword', body }),
      extraOptions: { inlineErrors: true },
      transformResponse: () => true,
    }),
  }),
});

export const { useLogoutMutation, useSignInLocalMutation, useSignUpLocalMutation, useResetPasswordMutation, useRequestPasswordResetMutation } = authApi;
