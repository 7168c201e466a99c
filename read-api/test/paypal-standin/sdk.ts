import express, { type Express } from 'express';
import { buttonsScript } from '../../src/payments/fake-paypal/sdk.js';

/**
 * The PayPal JS SDK as the stand-in serves it (GET /sdk/js?client-id=…&currency=…): the fake PayPal's buttons
 * (read-api/src/payments/fake-paypal/sdk.ts), which implement what @paypal/react-paypal-js uses of the real one — `paypal.Buttons(options)` with `isEligible()`,
 * `render(container)`, `close()`, `updateProps()` — and calls the integration's callbacks the way the real
 * buttons do: onInit(data, actions) after rendering; on click onClick(data, actions), then createOrder(data,
 * actions) for the order id, then the buyer "approves" the order at the stand-in (POST /sdk/approve, what the
 * PayPal window does), then onApprove({ orderID, payerID, … }, actions); onCancel({ orderID }) when the buyer
 * closes the window instead, onError(err) when createOrder, the approval or onApprove fails.
 *
 * The approval window itself (PayPal's login, funding choice, 3-D Secure) is not imitated: the buyer's answer is
 * whatever the test set with `buyerNext` (approve by default).
 */
export type BuyerAction = 'approve' | 'cancel';

export interface SdkControls {
  /** Approves an order as the buyer would; returns the payer id, or null when the order is unknown. */
  approve(orderId: string): string | null;
  /** The buyer's next answer in the PayPal window (default approve). */
  nextBuyerAction(): BuyerAction;
  /** The client id the SDK must be loaded with (PayPal's own script answers 400 for an unknown one). */
  clientId: string;
  /** Every load of the SDK: its query string. */
  loads: URLSearchParams[];
}

/** The fake's buttons (read-api/src/payments/fake-paypal/sdk.ts), the buyer answering as the test scripted it. */
function sdkScript(origin: string): string {
  return buttonsScript({
    banner: 'PayPal JS SDK stand-in (tests only)',
    askBuyer: `  var STANDIN = ${JSON.stringify(origin)};
  /** The buyer's answer at the stand-in (what the PayPal window does): POST /sdk/approve. */
  function askBuyer(orderID) {
    return fetch(STANDIN + '/sdk/approve', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ orderID: orderID }) })
      .then(function (res) {
        if (!res.ok) return res.text().then(function (t) { throw new Error('PayPal could not approve order ' + orderID + ': ' + res.status + ' ' + t); });
        return res.json();
      });
  }`,
    button: { className: 'paypal-standin-button', text: { en: 'PayPal', ru: 'PayPal' }, label: { en: 'PayPal', ru: 'PayPal' } },
    version: '5.0.0-standin',
    facilitatorAccessToken: 'A21AA.standin',
  });
}

/** GET /sdk/js and POST /sdk/approve on the stand-in's app. */
export function mountSdk(app: Express, origin: () => string, controls: SdkControls): void {
  app.get('/sdk/js', (req, res) => {
    const query = new URLSearchParams(req.url.split('?')[1] ?? '');
    controls.loads.push(query);
    if (query.get('client-id') !== controls.clientId) {
      res.status(400).type('text/javascript').send(`throw new Error("SDK Validation error: 'Invalid query value for client-id: ${String(query.get('client-id')).replace(/[^\w.-]/g, '')}'");`);
      return;
    }
    res.type('text/javascript').set('Cache-Control', 'no-store').send(sdkScript(origin()));
  });

  // The buyer's answer in the PayPal window. A cross-origin call from the shop's page: text/plain keeps it a
  // simple request (no preflight), and the answer is readable by any origin.
  app.post('/sdk/approve', express.text({ type: '*/*', limit: '10kb' }), (req, res) => {
    res.set('Access-Control-Allow-Origin', '*');
    let orderID = '';
    try {
      orderID = String((JSON.parse(String(req.body ?? '')) as { orderID?: unknown }).orderID ?? '');
    } catch {
      orderID = '';
    }
    if (controls.nextBuyerAction() === 'cancel') {
      res.json({ action: 'cancel', orderID });
      return;
    }
    const payerID = controls.approve(orderID);
    if (!payerID) {
      res.status(404).json({ name: 'RESOURCE_NOT_FOUND', message: `Unknown order ${orderID}` });
      return;
    }
    res.json({ action: 'approve', orderID, payerID });
  });
}
