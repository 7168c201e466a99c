import { COOKIE_NAMES, type Language } from '@relaycast/contracts/constants';
import { api } from '../../app/shell/api.js';
import { deleteCookie } from '../../app/shell/cookies.js';
import { asSessionUser, type SessionUser } from '../../app/shell/sessionApi.js';

export interface ProfileBody {
  givenName?: string;
  familyName?: string;
  language?: Language;
}

/**
 * The signed-in user's own account (any role): the profile (names, language), the password and "sign out
 * everywhere". The forms show the server's refusals next to their fields (no toasts).
 */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<SessionUser | null, ProfileBody>({
      query: (body) => ({ url: '/auth/profile/update', body }),
      extraOptions: { inlineErrors: true },
      transformResponse: asSessionUser,
      invalidatesTags: ['User'],
    }),
    /** Reminder e-mails (trial ending, annual renewal, licence expiring) on or off; receipts and security e-mails always come. */
    setEmailPreferences: build.mutation<SessionUser | null, { reminders: boolean }>({
      query: (body) => ({ url: '/auth/profile/emailPreferences', body }),
      extraOptions: { inlineErrors: true },
      transformResponse: asSessionUser,
      invalidatesTags: ['User'],
    }),
    /** Every other session ends; this browser gets a new one (its cookie, set by the answer). */
    changePassword: build.mutation<SessionUser | null, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/auth/local/changePassword', body }),
      extraOptions: { inlineErrors: true },
      transformResponse: asSessionUser,
    }),
    /** Every session of the user ends, this one included: the strategy and token cookies go too. */
    signOutEverywhere: build.mutation<boolean, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: '/auth/signOutEverywhere' });
        if (result.error) return { error: result.error };
        deleteCookie(COOKIE_NAMES.strategy);
        deleteCookie(COOKIE_NAMES.token);
        return { data: true };
      },
    }),
  }),
});

export const { useSetEmailPreferencesMutation, useUpdateProfileMutation, useChangePasswordMutation, useSignOutEverywhereMutation } = accountApi;
