import { useId, useState } from 'react';
import type { SubscriptionView } from '@relaycast/contracts';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { dataOf, useToast } from '../../ui/forms.js';
import { usePaymentsConfigQuery } from '../../subscriptions/subscriptionsApi.js';
import { subscriptionName } from '../../subscriptions/subscriptionName.js';
import { useDeclineWalletMutation } from '../adminApi.js';

/**
 * Demo payments only (PAYMENTS=demo): what PayPal would decide on its own — declining the saved account — is the
 * administrator's to choose, so that a failed renewal, dunning and the customer paying again can be seen. The next
 * N charges of this subscription's saved PayPal account (renewals, dunning retries) are declined by the sandbox.
 */
export function DemoDecline({ subscription: s }: { subscription: SubscriptionView }) {
  const { t } = useT('admin');
  const lang = useLang();
  const toast = useToast();
  const ids = useId();
  const { data: config } = usePaymentsConfigQuery();
  const [charges, setCharges] = useState('1');
  const [decline, { isLoading }] = useDeclineWalletMutation();
  if (config?.mode !== 'demo' || !s.paymentMethod?.vaulted || s.status === 'SUBSCRIPTION_STATUS_CANCEL') return null;
  const n = Number(charges);
  const valid = Number.isInteger(n) && n >= 0 && n <= 100;
  return (
    <fieldset className="lifecycle-block" data-testid="demo-decline">
      <legend>{t('demo.title')}</legend>
      <p className="muted field-hint">{t('demo.hint')}</p>
      <form
        className="inline-fields"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!valid) return;
          const done = dataOf(await decline({ id: s._id, charges: n }));
          if (done) toast(done.declineNext > 0 ? t('demo.declined', { n: done.declineNext, name: subscriptionName(s.name, lang, t) }) : t('demo.cleared', { name: subscriptionName(s.name, lang, t) }), 'success');
        }}
      >
        <div className="field">
          <label htmlFor={`${ids}-charges`}>{t('demo.charges')}</label>
          <input id={`${ids}-charges`} type="number" inputMode="numeric" min={0} max={100} value={charges} onChange={(e) => setCharges(e.target.value)} data-testid="demo-decline-charges" />
        </div>
        <button type="submit" className="btn btn-outline" disabled={isLoading || !valid} data-testid="demo-decline-submit">
          {t('demo.submit')}
        </button>
      </form>
    </fieldset>
  );
}
