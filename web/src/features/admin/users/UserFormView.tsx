import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_ROLE, ROLES, type Role } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { localizePath } from '../../../app/shell/lang.js';
import { AppLink } from '../../../app/shell/ui/AppLink.js';
import { PageLoading } from '../../../app/shell/layout/PageLoading.js';
import type { ViewProps } from '../viewProps.js';
import { FieldError, invalidProps, useDocumentTitle, useToast } from '../../ui/forms.js';
import { fieldErrors, reasonOf } from '../../../app/shell/ui/problems.js';
import { problemsMessage, validationProblems } from '../../ui/validation.js';
import { useCreateUserMutation, useFindUserQuery, useUpdateUserMutation, type UserFormBody } from './usersApi.js';
import { BillingDetailsForm } from '../../subscriptions/BillingDetailsForm.js';
import { BillingDocuments } from '../../subscriptions/BillingDocuments.js';
import { CustomerMessages } from '../mail/CustomerMessages.js';

const EMPTY: UserFormBody = { givenName: '', familyName: '', email: '', role: DEFAULT_ROLE, password: '' };

/**
 * /admin/users/create (and ?id=… to edit): the seed's admin user form (§3: givenName, familyName, email, role).
 * The seed's rules (§5) are checked in the browser with the contracts' schema first; a failure shows the
 * validator's message as an error toast and nothing is sent. The server checks the same again.
 */
export default function UserFormView(_props: ViewProps) {
  const { t } = useT('admin');
  const lang = useLang();
  const toast = useToast();
  const navigate = useNavigate();
  const ids = useId();
  const [params] = useSearchParams();
  const id = params.get('id');
  const existing = useFindUserQuery(id ?? '', { skip: !id });
  const [create, created] = useCreateUserMutation();
  const [update, updated] = useUpdateUserMutation();
  const [form, setForm] = useState<UserFormBody>(EMPTY);
  // Each field's problem, from the browser's check or the server's answer, shown under the field.
  const [errors, setErrors] = useState<Record<string, string>>({});
  useDocumentTitle(id ? t('users.editTitle') : t('users.createTitle'));

  useEffect(() => {
    const u = existing.data;
    if (u) setForm({ givenName: u.givenName, familyName: u.familyName, email: u.email, role: u.role });
  }, [existing.data]);

  if (id && existing.isLoading) return <PageLoading />;

  const set = (key: keyof UserFormBody) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { password, ...fields } = form;
    const body = { ...fields, givenName: fields.givenName.trim(), familyName: fields.familyName.trim(), email: fields.email.trim(), ...(!id && password ? { password } : {}) };
    const schema = id ? 'UserUpdate' : 'UserForm';
    const problems = validationProblems(schema, id ? { id, ...body } : body);
    const problem = problemsMessage(problems, t);
    setErrors(fieldErrors(problems, t));
    if (problem) {
      toast(problem, 'error');
      return;
    }
    const result = id ? await update({ id, ...body }) : await create(body);
    if ('error' in result) {
      setErrors(fieldErrors(reasonOf(result.error).problems ?? [], t));
      return;
    }
    toast(id ? t('users.saved', { name: body.email }) : t('users.createdToast', { name: body.email }), 'success');
    navigate(localizePath('/admin/users/list', lang));
  };

  const busy = created.isLoading || updated.isLoading;
  return (
    <section>
      <div className="admin-head">
        <h1>{id ? t('users.editTitle') : t('users.createTitle')}</h1>
        <AppLink to="/admin/users/list">{t('users.backToList')}</AppLink>
      </div>
      {id && existing.isError ? (
        <p className="note note-warning" role="alert">
          {t('users.notFound')}
        </p>
      ) : (
        <form className="card admin-form" onSubmit={submit} noValidate data-testid="user-form">
          <div className="form-grid">
            <div className="field">
              <label htmlFor={`${ids}-given`}>{t('users.givenName')}</label>
              <input id={`${ids}-given`} name="givenName" value={form.givenName} {...invalidProps(ids, 'givenName', errors.givenName)} onChange={set('givenName')} autoComplete="given-name" />
              <FieldError ids={ids} name="givenName" error={errors.givenName} />
            </div>
            <div className="field">
              <label htmlFor={`${ids}-family`}>{t('users.familyName')}</label>
              <input id={`${ids}-family`} name="familyName" value={form.familyName} {...invalidProps(ids, 'familyName', errors.familyName)} onChange={set('familyName')} autoComplete="family-name" />
              <FieldError ids={ids} name="familyName" error={errors.familyName} />
            </div>
            <div className="field">
              <label htmlFor={`${ids}-email`}>{t('users.email')}</label>
              <input id={`${ids}-email`} name="email" type="email" value={form.email} {...invalidProps(ids, 'email', errors.email)} onChange={set('email')} autoComplete="off" />
              <FieldError ids={ids} name="email" error={errors.email} />
            </div>
            <div className="field">
              <label htmlFor={`${ids}-role`}>{t('users.role')}</label>
              <select id={`${ids}-role`} name="role" value={form.role} {...invalidProps(ids, 'role', errors.role, `${ids}-role-hint`)} onChange={set('role')}>
                <option value="">{t('users.chooseRole')}</option>
                {ROLES.map((r: Role) => (
                  <option key={r} value={r}>
                    {t(`roles.${r}`)}
                  </option>
                ))}
              </select>
              <FieldError ids={ids} name="role" error={errors.role} />
              {/* What each role may do, where the role is chosen. */}
              <p id={`${ids}-role-hint`} className="muted field-hint" data-testid="role-hint">
                {t('users.roleHint')}
              </p>
            </div>
            {!id && (
              <div className="field">
                <label htmlFor={`${ids}-password`}>{t('users.password')}</label>
                <input id={`${ids}-password`} name="password" type="password" value={form.password ?? ''} onChange={set('password')} autoComplete="new-password" {...invalidProps(ids, 'password', errors.password, `${ids}-password-hint`)} />
                <FieldError ids={ids} name="password" error={errors.password} />
                <p id={`${ids}-password-hint`} className="muted field-hint">
                  {t('users.passwordHint')}
                </p>
              </div>
            )}
          </div>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy} data-testid="save-user">
              {busy ? t('actions.saving') : id ? t('actions.save') : t('users.create')}
            </button>
          </div>
        </form>
      )}
      {/* A customer's billing details (editable here) and their invoices and credit notes. */}
      {id && existing.data && (
        <div className="billing-section" id="billing" data-testid="user-billing">
          <BillingDetailsForm userId={id} />
          <BillingDocuments userId={id} />
        </div>
      )}
      {/* The e-mails sent to the user, and a password-reset link sent to their address. */}
      {id && existing.data && <CustomerMessages userId={id} />}
    </section>
  );
}
