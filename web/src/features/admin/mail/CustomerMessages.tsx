import { useT } from '../../../app/shell/hooks.js';
import { ConfirmButton, useToast } from '../../ui/forms.js';
import { reasonOf, reasonText } from '../../../app/shell/ui/problems.js';
import { MessagesTable } from './MessagesTable.js';
import { useSendPasswordResetMutation } from './mailApi.js';

/**
 * On a user's page: the e-mails sent to them (when, what, how it went; open one, resend it) and "send a
 * password-reset link" — the link goes to the user's address; administrators never see or set a password.
 */
export function CustomerMessages({ userId }: { userId: string }) {
  const { t } = useT('admin');
  const toast = useToast();
  const [send] = useSendPasswordResetMutation();
  return (
    <section className="card" data-testid="customer-messages" aria-labelledby="customer-messages-title">
      <div className="admin-head">
        <h2 id="customer-messages-title">{t('mail.customerTitle')}</h2>
        <ConfirmButton
          label={t('mail.sendReset')}
          question={t('mail.sendResetQuestion')}
          confirmLabel={t('mail.sendResetConfirm')}
          tone="primary"
          testId="send-password-reset"
          onConfirm={async () => {
            const result = await send(userId);
            toast(result.error ? reasonText(reasonOf(result.error), t) : t('mail.resetSent'), result.error ? 'error' : 'success');
          }}
        />
      </div>
      <p className="muted">{t('mail.customerIntro')}</p>
      <MessagesTable userId={userId} />
    </section>
  );
}
