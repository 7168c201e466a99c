// The shell chunk (vite.config.ts) takes the files of features/ui/ itself; this one calls the API, so it lives in a
// subfolder and loads with the pages that show it.
import { useState } from 'react';
import { api } from '../../app/shell/api.js';
import { useT } from '../../app/shell/hooks.js';
import { useGetUserQuery } from '../../app/shell/sessionApi.js';
import { reasonOf, reasonText } from '../../app/shell/ui/problems.js';

/** A new verification link for the signed-in user's own address (only while it is unverified). */
const verificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    resendVerification: build.mutation<boolean, void>({
      query: () => ({ url: '/auth/local/resendVerification', body: {} }),
      extraOptions: { inlineErrors: true },
      transformResponse: () => true,
    }),
  }),
});
export const { useResendVerificationMutation } = verificationApi;

/**
 * The reminder an unverified account sees on its pages (the profile, its subscriptions, the purchase page): the
 * address is not verified yet, a free trial needs it, and a button sends the link again. Nothing for a verified
 * account, a Google one (verified on arrival), staff (administrators, finance) or a visitor.
 */
export function VerifyEmailBanner() {
  const { t } = useT('common');
  const { data: user } = useGetUserQuery();
  const [resend, resending] = useResendVerificationMutation();
  const [said, setSaid] = useState<{ text: string; ok: boolean } | null>(null);
  // Customers and the accounts that signed up; staff accounts are made by administrators, not asked to verify.
  if (!user || user.emailVerified !== false || (user.role !== 'ROLE_CUSTOMER' && user.role !== 'ROLE_USER')) return null;
  const send = async () => {
    const result = await resend();
    setSaid(result.data ? { text: t('verifyBanner.sent', { email: user.email }), ok: true } : { text: reasonText(reasonOf(result.error), t), ok: false });
  };
  return (
    <aside className="note note-warning verify-email-banner" data-testid="verify-email-banner" aria-label={t('verifyBanner.label')}>
      <p>
        <strong>{t('verifyBanner.title')}</strong> {t('verifyBanner.text', { email: user.email })}
      </p>
      <button type="button" className="btn btn-outline btn-small" onClick={() => void send()} disabled={resending.isLoading} data-testid="resend-verification">
        {resending.isLoading ? t('verifyBanner.sending') : t('verifyBanner.resend')}
      </button>
      {said && (
        <p role={said.ok ? 'status' : 'alert'} className={said.ok ? 'small' : 'small field-error'} style={{ marginTop: 8 }} data-testid="resend-verification-result">
          {said.text}
        </p>
      )}
    </aside>
  );
}
