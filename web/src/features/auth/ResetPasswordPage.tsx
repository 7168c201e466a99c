import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { SIGN_IN_PATH } from '@relaycast/contracts/constants';
import type { PageProps } from '../../app/shell/pageTypes.js';
import { useT } from '../../app/shell/hooks.js';
import { AppLink } from '../../app/shell/ui/AppLink.js';
import { useDocumentTitle } from '../ui/forms.js';
import { reasonOf, reasonText } from '../../app/shell/ui/problems.js';
import { useResetPasswordMutation } from './authApi.js';

const LINK_RULES = ['used', 'expired', 'superseded', 'invalid'] as const;

/**
 * /auth/reset-password?token=… (client-only): where the password-reset e-mail's link leads. One field, the new
 * password; the server checks the link (once, before it expires) and ends every session of the account. A minimal
 * page for the back end; the account screens may restyle it.
 */
export default function ResetPasswordPage(_props: PageProps) {
  const { t } = useT(['auth', 'common']);
  const ids = useId();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [reset, resetting] = useResetPasswordMutation();
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  useDocumentTitle(t('reset.title'));

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError('');
    const password = String(new FormData(e.currentTarget).get('password') ?? '');
    const result = await reset({ token, password });
    if (result.data) return setDone(true);
    const reason = reasonOf(result.error);
    const linkRule = reason.problems?.find((p) => p.field === 'token')?.rule;
    setError(linkRule ? t(`reset.refused.${LINK_RULES.find((r) => r === linkRule) ?? 'invalid'}`) : reasonText(reason, t));
  };

  return (
    <section className="container" style={{ maxWidth: 520, padding: '56px 20px' }} data-testid="reset-password-page">
      <h1>{t('reset.title')}</h1>
      {!token ? (
        <p className="note note-warning" role="alert">
          {t('reset.missing')} <AppLink to={SIGN_IN_PATH}>{t('reset.signIn')}</AppLink>
        </p>
      ) : done ? (
        <p className="note note-success" role="status" data-testid="reset-done">
          {t('reset.done')} <AppLink to={SIGN_IN_PATH}>{t('reset.signIn')}</AppLink>
        </p>
      ) : (
        <div className="card">
          <p className="muted">{t('reset.intro')}</p>
          <form onSubmit={submit} noValidate data-testid="reset-password-form">
            <label htmlFor={`${ids}-password`}>{t('reset.password')}</label>
            <input id={`${ids}-password`} name="password" type="password" autoComplete="new-password" required minLength={8} aria-describedby={`${ids}-hint`} />
            <p id={`${ids}-hint`} className="muted small">
              {t('reset.hint')}
            </p>
            {error && (
              <p className="field-error" role="alert" data-testid="reset-error">
                {error}
              </p>
            )}
            <button type="submit" className="btn btn-primary btn-block" disabled={resetting.isLoading}>
              {resetting.isLoading ? t('reset.saving') : t('reset.submit')}
            </button>
          </form>
        </div>
      )}
    </section>
  );
}
