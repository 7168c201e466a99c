import express, { type Express } from 'express';

/**
 * The PayPal JS SDK as the stand-in serves it (GET /sdk/js?client-id=…&currency=…): a small script that
 * implements what @paypal/react-paypal-js uses of the real one — `paypal.Buttons(options)` with `isEligible()`,
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

function sdkScript(origin: string): string {
  return `/* PayPal JS SDK stand-in (tests only) */
(function () {
  'use strict';
  var STANDIN = ${JSON.stringify(origin)};
  var script = document.currentScript;
  var namespace = (script && script.getAttribute('data-namespace')) || 'paypal';

  function Buttons(options) {
    options = options || {};
    var container = null;
    var button = null;
    var enabled = true;
    var busy = false;
    function sync() {
      if (button) button.disabled = !enabled || busy;
    }
    var initActions = {
      enable: function () { enabled = true; sync(); return Promise.resolve(); },
      disable: function () { enabled = false; sync(); return Promise.resolve(); },
    };
    function fail(err) {
      if (typeof options.onError === 'function') options.onError(err instanceof Error ? err : new Error(String(err)));
      else console.error(err);
    }
    function approveAtPayPal(orderID) {
      return fetch(STANDIN + '/sdk/approve', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ orderID: orderID }) })
        .then(function (res) {
          if (!res.ok) return res.text().then(function (t) { throw new Error('PayPal could not approve order ' + orderID + ': ' + res.status + ' ' + t); });
          return res.json();
        });
    }
    function onClick() {
      if (busy || !enabled) return;
      busy = true;
      sync();
      var clickData = { fundingSource: 'paypal' };
      var clickActions = { resolve: function () { return Promise.resolve(true); }, reject: function () { return Promise.resolve(false); } };
      Promise.resolve(typeof options.onClick === 'function' ? options.onClick(clickData, clickActions) : true)
        .then(function (go) {
          if (go === false) return;
          if (typeof options.createOrder !== 'function') throw new Error('Expected createOrder to be passed');
          var orderActions = { order: { create: function () { return Promise.reject(new Error('The stand-in creates no orders in the browser: create them on the server')); } } };
          return Promise.resolve(options.createOrder({ paymentSource: 'paypal' }, orderActions)).then(function (orderID) {
            if (typeof orderID !== 'string' || !orderID) throw new Error('Expected an order id to be passed');
            return approveAtPayPal(orderID).then(function (answer) {
              if (answer.action === 'cancel') {
                if (typeof options.onCancel === 'function') return options.onCancel({ orderID: orderID });
                return;
              }
              if (typeof options.onApprove !== 'function') return;
              var data = { orderID: orderID, payerID: answer.payerID, paymentID: null, paymentSource: 'paypal', facilitatorAccessToken: 'A21AA.standin' };
              var approveActions = {
                order: { capture: function () { return Promise.reject(new Error('Capture on the server')); }, get: function () { return Promise.resolve({ id: orderID }); } },
                restart: function () { return Promise.resolve(); },
              };
              return options.onApprove(data, approveActions);
            });
          });
        })
        .catch(fail)
        .then(function () { busy = false; sync(); });
    }
    return {
      isEligible: function () { return true; },
      render: function (target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error('Document is ready and element ' + target + ' does not exist'));
        button = document.createElement('button');
        button.type = 'button';
        button.className = 'paypal-button paypal-standin-button';
        button.setAttribute('data-funding-source', 'paypal');
        button.setAttribute('aria-label', 'PayPal');
        button.textContent = 'PayPal';
        button.style.cssText = 'display:block;width:100%;min-height:45px;border:0;border-radius:6px;background:#ffc439;color:#111;font:700 17px/1 system-ui,sans-serif;cursor:pointer';
        button.addEventListener('click', onClick);
        container.appendChild(button);
        sync();
        if (typeof options.onInit === 'function') options.onInit({}, initActions);
        return Promise.resolve();
      },
      close: function () {
        if (button && button.parentNode) button.parentNode.removeChild(button);
        button = null;
        return Promise.resolve();
      },
      updateProps: function () { return Promise.resolve(); },
    };
  }

  window[namespace] = { Buttons: Buttons, FUNDING: { PAYPAL: 'paypal' }, version: '5.0.0-standin' };
})();
`;
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
