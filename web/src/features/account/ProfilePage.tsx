import { useId, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { LANGUAGES, type Language } from '@relaycast/contracts/constants';
import type { PageProps } from '../../app/shell/pageTypes.js';
import { useLang, useT } from '../../app/shell/hooks.js';
import { localizePath, stripLang } from '../../app/shell/lang.js';
import type { SessionUser } from '../../app/shell/sessionApi.js';
import { rememberLanguage } from '../../app/shell/ui/actions.js';
import { ConfirmButton, FieldError, invalidProps, useToast } from '../ui/forms.js';
import { fieldErrors, reasonOf, reasonText } from '../../app/shell/ui/problems.js';
import { useChangePasswordMutation, useSetEmailPreferencesMutation, useSignOutEverywhereMutation, useUpdateProfileMutation } from './accountApi.js';
import { AccountLayout } from './AccountLayout.js';
import { LicenceHelp } from '../subscriptions/LicenceHelp.js';

type Errors = Record<string, string>;

/** Names and the language of the account pages; a new language takes the reader to this page in it. */
function ProfileForm({ user }: { user: SessionUser }) {
  const { t } = useT(['account', 'common']);
  const lang = useLang();
  const toast = useToast();
  const ids = useId();
  const { pathname } = useLocation();
  const [update, updating] = useUpdateProfileMutation();
  const [form, setForm] = useState({ givenName: user.givenName ?? '', familyName: user.familyName ?? '', language: user.language ?? lang });
  const [errors, setErrors] = useState<Errors>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { givenName: form.givenName.trim(), familyName: form.familyName.trim(), language: form.language };
    const missing: Errors = {};
    if (!body.givenName) missing.givenName = t('profile.missing.givenName');
    if (!body.familyName) missing.familyName = t('profile.missing.familyName');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    const result = await update(body);
    if (result.error) {
      const reason = reasonOf(result.error);
      if (reason.problems?.length) setErrors(fieldErrors(reason.problems, t));
      else toast(reasonText(reason, t), 'error');
      return;
    }
    toast(t('profile.saved'), 'success');
    if (body.language !== lang) {
      // The account pages in the chosen language from now on: the language cookie, and this page in it.
      rememberLanguage(body.language);
      window.location.assign(localizePath(stripLang(pathname), body.language));
    }
  };

  const text = (name: 'givenName' | 'familyName', autoComplete: string) => (
    <div className="field">
      <label htmlFor={`${ids}-${name}`}>{t(`profile.${name}`)}</label>
      <input
        id={`${ids}-${name}`}
        name={name}
        autoComplete={autoComplete}
        value={form[name]}
        onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
        {...invalidProps(ids, name, errors[name])}
      />
      <FieldError ids={ids} name={name} error={errors[name]} />
    </div>
  );

  return (
    <form className="card profile-card" onSubmit={submit} noValidate data-testid="profile-form" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('profile.details')}</h2>
      <div className="form-grid">
        {text('givenName', 'given-name')}
        {text('familyName', 'family-name')}
        <div className="field">
          <label htmlFor={`${ids}-language`}>{t('profile.language')}</label>
          <select id={`${ids}-language`} name="language" value={form.language} onChange={(e) => setForm((f) => ({ ...f, language: e.target.value as Language }))}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {t(`common:language.${l}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button type="submit" className="btn btn-primary" disabled={updating.isLoading} data-testid="save-profile">
        {updating.isLoading ? t('profile.saving') : t('profile.save')}
      </button>
    </form>
  );
}

/** The current password and a new one; the server checks the new one's strength and ends every other session. */
function PasswordForm() {
  const { t } = useT(['account', 'common']);
  const toast = useToast();
  const ids = useId();
  const [change, changing] = useChangePasswordMutation();
  const [form, setForm] = useState({ currentPassword: '', newPassword: '' });
  const [errors, setErrors] = useState<Errors>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing: Errors = {};
    if (!form.currentPassword) missing.currentPassword = t('profile.missing.currentPassword');
    if (!form.newPassword) missing.newPassword = t('profile.missing.newPassword');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    const result = await change(form);
    if (result.error) {
      const reason = reasonOf(result.error);
      if (reason.problems?.length) setErrors(fieldErrors(reason.problems, t));
      else toast(reasonText(reason, t), 'error');
      return;
    }
    setForm({ currentPassword: '', newPassword: '' });
    toast(t('profile.passwordChanged'), 'success');
  };

  const password = (name: 'currentPassword' | 'newPassword', autoComplete: string, hintId?: string) => (
    <div className="field">
      <label htmlFor={`${ids}-${name}`}>{t(`profile.${name}`)}</label>
      <input
        id={`${ids}-${name}`}
        name={name}
        type="password"
        autoComplete={autoComplete}
        value={form[name]}
        onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
        {...invalidProps(ids, name, errors[name], hintId)}
      />
      <FieldError ids={ids} name={name} error={errors[name]} />
    </div>
  );

  return (
    <form className="card profile-card" onSubmit={submit} noValidate data-testid="password-form" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('profile.passwordTitle')}</h2>
      <div className="form-grid">
        {password('currentPassword', 'current-password')}
        {password('newPassword', 'new-password', `${ids}-hint`)}
      </div>
      <p id={`${ids}-hint`} className="muted field-hint">
        {t('profile.passwordHint')}
      </p>
      <button type="submit" className="btn btn-primary" disabled={changing.isLoading} data-testid="change-password">
        {changing.isLoading ? t('profile.changing') : t('profile.changePassword')}
      </button>
    </form>
  );
}

const VERIFY_REASONS = ['expired', 'staleAddress', 'invalid'] as const;

/**
 * Where the verification link lands (the server verifies, then redirects here with ?emailVerified=1, or =0 and the
 * reason): said once at the top of the profile.
 */
function VerificationOutcome() {
  const { t } = useT(['account', 'common']);
  const [params] = useSearchParams();
  const outcome = params.get('emailVerified');
  if (outcome === '1') {
    return (
      <p className="note note-success" role="status" data-testid="email-verified-outcome" data-outcome="verified">
        {t('email.verifiedNow')}
      </p>
    );
  }
  if (outcome !== '0') return null;
  const reason = VERIFY_REASONS.find((r) => r === params.get('reason')) ?? 'invalid';
  return (
    <p className="note note-warning" role="alert" data-testid="email-verified-outcome" data-outcome={reason}>
      {t(`email.notVerified.${reason}`)}
    </p>
  );
}

/** The address, whether it is verified, and the reminder e-mails on or off (receipts and security e-mails always come). */
function EmailCard({ user }: { user: SessionUser }) {
  const { t } = useT(['account', 'common']);
  const toast = useToast();
  const ids = useId();
  const [save, saving] = useSetEmailPreferencesMutation();
  // Shown as chosen at once; put back if the server refuses.
  const [reminders, setReminders] = useState(user.emailReminders !== false);
  const toggle = async (on: boolean) => {
    setReminders(on);
    const result = await save({ reminders: on });
    if (result.error) {
      setReminders(!on);
      return toast(reasonText(reasonOf(result.error), t), 'error');
    }
    toast(on ? t('email.remindersOnSaved') : t('email.remindersOffSaved'), 'success');
  };
  return (
    <section className="card profile-card" data-testid="email-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('email.title')}</h2>
      <p>
        {user.email} —{' '}
        <strong data-testid="email-verified-state">{user.emailVerified === false ? t('email.unverified') : t('email.verified')}</strong>
      </p>
      <label className="checkbox">
        <input type="checkbox" name="reminders" checked={reminders} disabled={saving.isLoading} onChange={(e) => void toggle(e.target.checked)} aria-describedby={`${ids}-hint`} data-testid="email-reminders" />
        <span>{t('email.reminders')}</span>
      </label>
      <p id={`${ids}-hint`} className="muted field-hint">
        {t('email.remindersHint')}
      </p>
    </section>
  );
}

/** Every session of the account ends, this one too; the reader lands on the home page, signed out. */
function SignOutEverywhere() {
  const { t } = useT(['account', 'common']);
  const lang = useLang();
  const toast = useToast();
  const [signOut] = useSignOutEverywhereMutation();
  return (
    <section className="card profile-card" data-testid="sign-out-everywhere" aria-labelledby="sign-out-everywhere-title">
      <h2 id="sign-out-everywhere-title">{t('profile.everywhereTitle')}</h2>
      <p className="muted">{t('profile.everywhereText')}</p>
      <ConfirmButton
        label={t('profile.everywhere')}
        question={t('profile.everywhereQuestion')}
        confirmLabel={t('profile.everywhereConfirm')}
        testId="sign-out-everywhere-button"
        onConfirm={async () => {
          const result = await signOut();
          if (result.error) {
            toast(reasonText(reasonOf(result.error), t), 'error');
            return;
          }
          window.location.assign(localizePath('/', lang));
        }}
      />
    </section>
  );
}

/**
 * /user/profile: the signed-in user's own account — role (what it means), names and language, e-mail, password,
 * sign out everywhere — and what to do with a licence, in the account's frame (AccountLayout: its tabs, what is
 * owed first). The invoices and billing details have their own page (/user/invoices).
 */
export default function ProfilePage(_props: PageProps) {
  const { t } = useT(['account', 'common']);
  return (
    <AccountLayout title={t('profile.title')} testId="profile-page" extra={<VerificationOutcome />}>
      {(user) => (
        <>
          <p className="muted">{t('profile.intro', { email: user.email })}</p>
          <p className="note" data-testid="role-help" data-role={user.role}>
            <strong>{t('profile.role')}:</strong> {t(`profile.roleHelp.${user.role}`)}
          </p>
          <div className="profile-grid">
            <ProfileForm user={user} />
            <EmailCard user={user} />
            {user.strategy !== 'google' ? (
              <PasswordForm />
            ) : (
              <section className="card profile-card">
                <h2>{t('profile.passwordTitle')}</h2>
                <p className="muted">{t('profile.googleOnly')}</p>
              </section>
            )}
            <LicenceHelp />
            <SignOutEverywhere />
          </div>
        </>
      )}
    </AccountLayout>
  );
}
