import { useId, useState, type FormEvent } from 'react';
import { SIGN_IN_PATH } from '@relaycast/contracts/constants';
import type { PageProps } from '../../app/shell/pageTypes.js';
import { useT } from '../../app/shell/hooks.js';
import { AppLink } from '../../app/shell/ui/AppLink.js';
import { useDocumentTitle } from '../ui/forms.js';
import { fieldErrors, reasonOf, reasonText } from '../../app/shell/ui/problems.js';
import { useRequestPasswordResetMutation } from './authApi.js';

/**
 * /auth/forgot-password (client-only): "Forgot password?" of the sign-in form. One field, the address; the answer is
 * the same whether it has an account or not (the server says nothing either way), and the link is e-mailed to it.
 */
export default function ForgotPasswordPage(_props: PageProps) {
  const { t } = useT(['auth', 'common']);
  const ids = useId();
  const [request, requesting] = useRequestPasswordResetMutation();
  const [error, setError] = useState('');
  const [sentTo, setSentTo] = useState('');
  useDocumentTitle(t('forgot.title'));

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError('');
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim();
    if (!email) return setError(t('forgot.missing'));
    const result = await request({ email });
    if (result.data) return setSentTo(email);
    const reason = reasonOf(result.error);
    // Refused for the rate: said as what it is (reset links asked too often here), not as sign-in attempts.
    if (reason.code === 'RATE_LIMITED') return setError(t('forgot.rateLimited'));
    setError(reason.problems?.length ? (fieldErrors(reason.problems, t).email ?? reasonText(reason, t)) : reasonText(reason, t));
  };

  return (
    <section className="container" style={{ maxWidth: 520, padding: '56px 20px' }} data-testid="forgot-password-page">
      <h1>{t('forgot.title')}</h1>
      {sentTo ? (
        <p className="note note-success" role="status" data-testid="forgot-done">
          {t('forgot.done', { email: sentTo })} <AppLink to={SIGN_IN_PATH}>{t('reset.signIn')}</AppLink>
        </p>
      ) : (
        <div className="card">
          <p className="muted">{t('forgot.intro')}</p>
          <form onSubmit={submit} noValidate data-testid="forgot-password-form">
            <label htmlFor={`${ids}-email`}>{t('forgot.email')}</label>
            <input
              id={`${ids}-email`}
              name="email"
              type="email"
              autoComplete="email"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${ids}-error` : undefined}
            />
            {error && (
              <p id={`${ids}-error`} className="field-error" role="alert" data-testid="forgot-error">
                {error}
              </p>
            )}
            <button type="submit" className="btn btn-primary btn-block" disabled={requesting.isLoading}>
              {requesting.isLoading ? t('forgot.sending') : t('forgot.submit')}
            </button>
          </form>
          <p className="small">
            <AppLink to={SIGN_IN_PATH}>{t('forgot.back')}</AppLink>
          </p>
        </div>
      )}
    </section>
  );
}
