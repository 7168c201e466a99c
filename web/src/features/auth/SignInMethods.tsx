import { useId, useState, type FormEvent } from 'react';
import { landingAfterSignIn } from '@relaycast/contracts/constants';
import { useAppDispatch, useLang, useT } from '../../app/shell/hooks.js';
import { AppLink } from '../../app/shell/ui/AppLink.js';
import { GoogleIcon } from '../../app/shell/ui/icons.js';
import { siteSettings } from '../../app/shell/siteSettings.js';
import { fieldErrors, reasonOf, reasonText } from '../../app/shell/ui/problems.js';
import { toastAdded } from '../../app/shell/ui/toastsSlice.js';
import { googleSignInUrl } from './google.js';
import { useSignIn, useSignUp } from './session.js';

export type SignInMode = 'signIn' | 'signUp';

/**
 * Google sign-in (a redirect through the API, seed §7), the local e-mail/password sign-in, and sign-up for a new
 * customer (names, e-mail, password, the privacy policy accepted). After either, the browser goes to `returnTo`
 * (already in the reader's language), administrators to the admin home unless `returnTo` is in it or a purchase. The server's refusals are shown next to their fields, in the reader's words.
 */
export function SignInMethods({ returnTo, onSignedIn, initialMode = 'signIn' }: { returnTo: string; onSignedIn?: () => void; initialMode?: SignInMode }) {
  const { t } = useT('common');
  const lang = useLang();
  const dispatch = useAppDispatch();
  const [signIn, signingIn] = useSignIn();
  const [signUp, signingUp] = useSignUp();
  const [mode, setMode] = useState<SignInMode>(initialMode);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  // Signed up: the account exists and is signed in; the step that ends sign-up says where the confirmation link went.
  const [signedUp, setSignedUp] = useState<{ email: string; role: string } | null>(null);
  const ids = useId();
  const google = siteSettings().google !== false;

  /** Administrators land on the admin home unless headed into the admin area or a purchase (contracts' one rule). */
  const done = (name: string, key: 'login.welcome' | 'signup.welcome', role: string) => {
    dispatch(toastAdded(t(key, { name }), 'success'));
    onSignedIn?.();
    window.location.assign(landingAfterSignIn(returnTo, role));
  };

  const submitSignIn = async (form: FormData) => {
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    // Each empty field says what to enter, under it.
    const missing: Record<string, string> = {};
    if (!email) missing.email = t('login.missingEmail');
    if (!password) missing.password = t('login.missingPassword');
    if (Object.keys(missing).length) return setFields(missing);
    const result = await signIn({ email, password });
    if (result.data) done(result.data.givenName || result.data.email, 'login.welcome', result.data.role);
    else setError(t('login.failed'));
  };

  const submitSignUp = async (form: FormData) => {
    const body = {
      givenName: String(form.get('givenName') ?? '').trim(),
      familyName: String(form.get('familyName') ?? '').trim(),
      email: String(form.get('email') ?? '').trim(),
      password: String(form.get('password') ?? ''),
    };
    const missing: Record<string, string> = {};
    // Each empty field says which it is and what to do ("Enter your first name."), not only "is required".
    for (const [k, v] of Object.entries(body)) if (!v) missing[k] = t(`signup.missing.${k}`);
    if (form.get('privacy_policy_confirm') !== 'on') missing.privacy_policy_confirm = t('signup.consentRequired');
    if (Object.keys(missing).length) return setFields(missing);
    // The site's language at sign-up: the account's e-mails are written in it (changeable in the profile).
    const result = await signUp({ ...body, privacy_policy_confirm: true, language: lang });
    if (result.data) {
      dispatch(toastAdded(t('signup.welcome', { name: result.data.givenName || result.data.email }), 'success'));
      return setSignedUp({ email: result.data.email, role: result.data.role });
    }
    const reason = reasonOf(result.error);
    if (reason.problems?.length) setFields(fieldErrors(reason.problems, t));
    else setError(reasonText(reason, t));
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError('');
    setFields({});
    const form = new FormData(e.currentTarget);
    await (mode === 'signIn' ? submitSignIn(form) : submitSignUp(form));
  };

  const switchTo = (next: SignInMode) => {
    setMode(next);
    setError('');
    setFields({});
  };

  /** A labelled input with its inline error, described by it for screen readers. */
  const input = (name: string, type: string, autoComplete: string) => (
    <div className="auth-field">
      <label htmlFor={`${ids}-${name}`}>{t(mode === 'signUp' ? `signup.${name}` : `login.${name}`)}</label>
      <input
        id={`${ids}-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        aria-invalid={fields[name] ? true : undefined}
        aria-describedby={fields[name] ? `${ids}-${name}-error` : undefined}
      />
      {fields[name] && (
        <p id={`${ids}-${name}-error`} className="field-error" data-testid={`error-${name}`}>
          {fields[name]}
        </p>
      )}
    </div>
  );

  const busy = signingIn.isLoading || signingUp.isLoading;
  if (signedUp) {
    // The last step of sign-up: check the inbox (the link confirms the address; a free trial needs it), then go on.
    return (
      <div className="check-inbox" role="status" data-testid="check-inbox">
        <h3>{t('signup.inboxTitle')}</h3>
        <p>{t('signup.inboxText', { email: signedUp.email })}</p>
        <p className="muted small">{t('signup.inboxHint')}</p>
        <button
          type="button"
          className="btn btn-primary btn-block"
          autoFocus
          data-testid="check-inbox-continue"
          onClick={() => {
            onSignedIn?.();
            window.location.assign(landingAfterSignIn(returnTo, signedUp.role));
          }}
        >
          {t('signup.inboxContinue')}
        </button>
      </div>
    );
  }
  return (
    <>
      {/* Google only where the server has it configured: otherwise the button would lead to an error. */}
      {google && (
        <>
          <a className="btn btn-google" href={googleSignInUrl(returnTo)}>
            <GoogleIcon />
            {t('login.google')}
          </a>
          <p className="divider">
            <span>{t('login.or')}</span>
          </p>
        </>
      )}
      <div className="segmented" role="group" aria-label={t('signup.choose')}>
        <button type="button" className={mode === 'signIn' ? 'is-active' : ''} aria-pressed={mode === 'signIn'} onClick={() => switchTo('signIn')} data-testid="mode-sign-in">
          {t('login.submit')}
        </button>
        <button type="button" className={mode === 'signUp' ? 'is-active' : ''} aria-pressed={mode === 'signUp'} onClick={() => switchTo('signUp')} data-testid="mode-sign-up">
          {t('signup.tab')}
        </button>
      </div>
      <form onSubmit={submit} noValidate data-testid={mode === 'signIn' ? 'sign-in-form' : 'sign-up-form'}>
        {/* The two names side by side: the sign-up form fits a laptop's window with its button in view. */}
        {mode === 'signUp' && (
          <div className="auth-names">
            {input('givenName', 'text', 'given-name')}
            {input('familyName', 'text', 'family-name')}
          </div>
        )}
        {input('email', 'email', 'email')}
        {input('password', 'password', mode === 'signIn' ? 'current-password' : 'new-password')}
        {mode === 'signUp' && <p className="muted small">{t('signup.passwordHint')}</p>}
        {mode === 'signIn' && (
          <p className="small forgot-password">
            <AppLink to="/auth/forgot-password" data-testid="forgot-password-link">
              {t('login.forgot')}
            </AppLink>
          </p>
        )}
        {mode === 'signUp' && (
          <>
            <label className="checkbox">
              <input
                type="checkbox"
                name="privacy_policy_confirm"
                aria-invalid={fields.privacy_policy_confirm ? true : undefined}
                aria-describedby={fields.privacy_policy_confirm ? `${ids}-consent-error` : undefined}
              />
              <span>
                {t('signup.consentBefore')} <AppLink to="/privacy">{t('signup.consentLink')}</AppLink>
              </span>
            </label>
            {fields.privacy_policy_confirm && (
              <p id={`${ids}-consent-error`} className="field-error" data-testid="error-privacy_policy_confirm">
                {fields.privacy_policy_confirm}
              </p>
            )}
          </>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {mode === 'signIn' ? (busy ? t('login.submitting') : t('login.submit')) : busy ? t('signup.submitting') : t('signup.submit')}
        </button>
      </form>
    </>
  );
}
