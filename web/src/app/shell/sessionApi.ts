import { api } from './api.js';
import { asSessionUser, type SessionUser } from './sessionUser.js';

// Who the user is, apart from the API (the public pages' account menu reads it without RTK Query: public/session.ts).
export { asSessionUser, type SessionUser };

/**
 * Who is signed in (seed §7 getUser), for every feature that needs to know: getUser answers { data: {} } when
 * signed out, which becomes null. Signing in and out are the auth feature's (features/auth/authApi.ts); they
 * invalidate the 'User' tag this query provides.
 */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<SessionUser | null, void>({
      query: () => ({ url: '/auth/google/getUser' }),
      transformResponse: asSessionUser,
      providesTags: ['User'],
    }),
  }),
});

export const { useGetUserQuery } = sessionApi;
