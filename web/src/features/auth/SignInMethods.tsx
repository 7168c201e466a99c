import { useId, useState, type FormEvent } from 'react';
import { useAppDispatch, useT } from '../../app/hooks.js';
import { GoogleIcon } from '../ui/icons.js';
import { toastAdded } from '../ui/toastsSlice.js';
import { googleSignInUrl, useSignInLocalMutation } from './authApi.js';

/**
 * Google sign-in (a redirect through the API, seed §7) and the embedded default's local email/password form.
 * After a local sign-in the page reloads into the signed-in state (or goes to `returnTo`).
 */
export function SignInMethods({ returnTo, onSignedIn }: { returnTo: string; onSignedIn?: () => void }) {
  const { t } = useT('common');
  const dispatch = useAppDispatch();
  const [signIn, { isLoading }] = useSignInLocalMutation();
  const [error, setError] = useState('');
  const ids = useId();

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!email || !password) {
      setError(t('login.missing'));
      return;
    }
    setError('');
    const result = await signIn({ email, password });
    if (result.data) {
      dispatch(toastAdded(t('login.welcome', { name: result.data.givenName || result.data.email }), 'success'));
      onSignedIn?.();
      window.location.assign(returnTo);
    } else {
      setError(t('login.failed'));
    }
  };

  return (
    <>
      <a className="btn btn-google" href={googleSignInUrl(returnTo)}>
        <GoogleIcon />
        {t('login.google')}
      </a>
      <p className="divider">
        <span>{t('login.or')}</span>
      </p>
      <form onSubmit={submit} noValidate>
        <label htmlFor={`${ids}-email`}>{t('login.email')}</label>
        <input id={`${ids}-email`} name="email" type="email" autoComplete="email" required />
        <label htmlFor={`${ids}-password`}>{t('login.password')}</label>
        <input id={`${ids}-password`} name="password" type="password" autoComplete="current-password" required />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={isLoading}>
          {isLoading ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
    </>
  );
}
