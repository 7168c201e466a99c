import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { AppLink } from '../../../app/shell/ui/AppLink.js';
import { PageLoading } from '../../../app/shell/layout/PageLoading.js';
import { PayPalButton } from '../../subscriptions/PayPalButton.js';
import { StatusBadge, SubscriptionSummary } from '../../subscriptions/SubscriptionSummary.js';
import { useCaptureChangePaymentMethodMutation, useCreatePaymentMethodOrderMutation, useFindSubscriptionQuery } from '../../subscriptions/subscriptionsApi.js';
import type { ViewProps } from '../viewProps.js';
import { dataOf, errorMessageOf, useDocumentTitle, useToast } from '../../ui/forms.js';
import { validationMessage } from '../../ui/validation.js';
import { subscriptionName } from '../../subscriptions/subscriptionName.js';

/**
 * /admin/subscriptions/change-payment-method?subscription=<id>: the buyer approves a PayPal order with intent
 * AUTHORIZE; our server authorizes and voids it at once (nothing is charged) and records the new payment method.
 */
export default function ChangePaymentMethodView(_props: ViewProps) {
  const { t } = useT('account');
  const lang = useLang();
  const toast = useToast();
  const [params] = useSearchParams();
  const id = params.get('subscription') ?? '';
  const { data: s, isLoading, isError } = useFindSubscriptionQuery(id, { skip: !id });
  const [createOrder] = useCreatePaymentMethodOrderMutation();
  const [capture] = useCaptureChangePaymentMethodMutation();
  const [state, setState] = useState<{ kind: 'idle' | 'working' | 'done' | 'failed' | 'cancelled'; message?: string }>({ kind: 'idle' });
  const references = useRef(new Map<string, string>());
  useDocumentTitle(t('method.title'));

  if (isLoading) return <PageLoading />;
  if (!id || isError || !s) {
    return (
      <p className="note note-warning" role="alert">
        {t('method.missing')} <AppLink to="/admin/subscriptions/list">{t('buy.account')}</AppLink>
      </p>
    );
  }
  return (
    <section data-testid="change-payment-method-page" data-state={state.kind}>
      <div className="admin-head">
        <h1>{t('method.title')}</h1>
        <StatusBadge status={s.status} />
      </div>
      <p className="muted">{t('method.intro')}</p>
      <div className="checkout-grid">
        <div className="card">
          <h2>{subscriptionName(s.name, lang, t)}</h2>
          <SubscriptionSummary subscription={s} />
        </div>
        <aside className="card summary-card">
          {state.kind === 'done' ? (
            <p className="note note-success" role="status" data-testid="method-changed">
              {t('method.done')}
            </p>
          ) : s.status === 'SUBSCRIPTION_STATUS_CANCEL' ? (
            <p className="note note-warning">{t('method.cancelled')}</p>
          ) : (
            <>
              {state.kind === 'failed' && (
                <p className="note note-warning" role="alert" data-testid="method-failed">
                  {t('method.failed')} {state.message}
                </p>
              )}
              {state.kind === 'cancelled' && <p className="note">{t('pay.cancelled')}</p>}
              {state.kind === 'working' && (
                <p role="status" className="muted">
                  <span className="spinner" aria-hidden="true" /> {t('method.working')}
                </p>
              )}
              <PayPalButton
                intent="authorize"
                disabled={state.kind === 'working'}
                createOrder={async () => {
                  const r = await createOrder(s._id);
                  const order = dataOf(r);
                  if (!order) {
                    setState({ kind: 'failed', message: errorMessageOf(r, t) });
                    throw new Error(errorMessageOf(r, t) ?? 'createPaymentMethodOrder failed');
                  }
                  references.current.set(order.paypalOrderID, order.paypalSubscriptionID);
                  return order.paypalOrderID;
                }}
                onApprove={async (orderID) => {
                  const body = { id: s._id, user_id: s.user_id, paypalOrderID: orderID, paypalSubscriptionID: references.current.get(orderID) ?? s.paypalSubscriptionID ?? '', quantity: s.quantity };
                  const problem = validationMessage('CaptureChangePaymentMethod', body, t);
                  if (problem) {
                    toast(problem, 'error');
                    setState({ kind: 'failed', message: problem });
                    return;
                  }
                  setState({ kind: 'working' });
                  const r = await capture(body);
                  if (dataOf(r)) {
                    setState({ kind: 'done' });
                    toast(t('method.done'), 'success');
                  } else setState({ kind: 'failed', message: errorMessageOf(r, t) });
                }}
                onCancel={() => setState({ kind: 'cancelled' })}
                onError={(message) => setState((prev) => (prev.kind === 'failed' ? prev : { kind: 'failed', message }))}
              />
            </>
          )}
          <p>
            <AppLink to={`/admin/subscriptions/purchase-details?subscription=${encodeURIComponent(s._id)}`}>{t('buy.details')}</AppLink>
          </p>
        </aside>
      </div>
    </section>
  );
}
