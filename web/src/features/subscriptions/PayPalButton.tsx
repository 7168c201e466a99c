import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { useT } from '../../app/shell/hooks.js';
import { usePaymentsConfigQuery } from './subscriptionsApi.js';

interface Props {
  /** capture: a payment; authorize: proving a new funding source (change of payment method). */
  intent: 'capture' | 'authorize';
  /** Creates the order on our server and answers PayPal's order id. */
  createOrder: () => Promise<string>;
  /** The buyer approved order `orderID` in PayPal's window: capture (or verify) it on our server. */
  onApprove: (orderID: string) => Promise<void>;
  onCancel: () => void;
  onError: (message: string) => void;
  disabled?: boolean;
}

function Buttons({ createOrder, onApprove, onCancel, onError, disabled }: Omit<Props, 'intent'>) {
  const { t } = useT('account');
  const [{ isInitial, isPending, isRejected }] = usePayPalScriptReducer();
  if (isInitial || isPending) {
    return (
      <p className="muted" role="status" data-testid="paypal-loading">
        <span className="spinner" aria-hidden="true" /> {t('paypal.loading')}
      </p>
    );
  }
  if (isRejected) {
    return (
      <p className="note note-warning" role="alert" data-testid="paypal-unavailable">
        {t('paypal.unavailable')}
      </p>
    );
  }
  return (
    <div className="paypal-box" data-testid="paypal-buttons">
      <PayPalButtons
        style={{ layout: 'vertical', label: 'pay' }}
        fundingSource="paypal"
        disabled={disabled ?? false}
        createOrder={() => createOrder()}
        onApprove={async (data) => {
          await onApprove(data.orderID);
        }}
        onCancel={() => onCancel()}
        onError={(err) => onError(err instanceof Error ? err.message : String(err))}
      />
    </div>
  );
}

/**
 * PayPal's smart buttons (@paypal/react-paypal-js): the SDK script comes from the server's configuration
 * (POST /payments/config: client id, PAYPAL_SDK_URL, currency), loaded through the library's own script options
 * (sdkBaseUrl), so tests point it at the PayPal stand-in. Orders are created and captured on our server only.
 */
export function PayPalButton(props: Props) {
  const { t } = useT('account');
  const { data: config, isLoading, isError } = usePaymentsConfigQuery();
  if (isLoading) return <p className="muted">{t('paypal.loading')}</p>;
  if (isError || !config) {
    return (
      <p className="note note-warning" role="alert">
        {t('paypal.unavailable')}
      </p>
    );
  }
  if (!config.configured || !config.clientId) {
    return (
      <p className="note note-warning" role="alert" data-testid="paypal-not-configured">
        {t('paypal.notConfigured')}
      </p>
    );
  }
  const { intent, ...rest } = props;
  return (
    <PayPalScriptProvider
      options={{
        clientId: config.clientId,
        currency: config.currency,
        intent,
        components: 'buttons',
        sdkBaseUrl: config.sdkUrl,
      }}
    >
      <Buttons {...rest} />
    </PayPalScriptProvider>
  );
}
