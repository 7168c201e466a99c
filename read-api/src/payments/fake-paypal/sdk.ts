/**
 * The PayPal JS SDK as the fake PayPal serves it: what @paypal/react-paypal-js uses of the real one —
 * `paypal.Buttons(options)` with `isEligible()`, `render(container)`, `close()`, `updateProps()` — calling the
 * integration's callbacks as the real buttons do: onInit(data, actions) after rendering; on click onClick, then
 * createOrder for the order id, then the buyer answers, then onApprove({ orderID, payerID, … }) — or
 * onCancel({ orderID }) when the buyer declines or closes the window; onError(err) when something fails.
 *
 * How the buyer answers is the fake's user's (`askBuyer`, a JavaScript function `(orderID) → Promise<{ action:
 * 'approve' | 'cancel', payerID }>`): the demo sandbox's approval page in a dialog (payments/demo/sdk.ts), or the
 * tests' scripted buyer (read-api/test/paypal-standin/sdk.ts).
 */
export interface ButtonsScript {
  /** The script's first comment: whose copy it is. */
  banner: string;
  /** JavaScript defining `function askBuyer(orderID)` (and whatever it needs), inside the script's scope. */
  askBuyer: string;
  button: { className: string; text: { en: string; ru: string }; label: { en: string; ru: string } };
  /** `paypal.version` (PayPal's own is 5.x). */
  version: string;
  facilitatorAccessToken: string;
}

export function buttonsScript(s: ButtonsScript): string {
  return `/* ${s.banner} */
(function () {
  'use strict';
  var script = document.currentScript;
  var namespace = (script && script.getAttribute('data-namespace')) || 'paypal';
  var BUTTON = ${JSON.stringify(s.button)};
  var FACILITATOR = ${JSON.stringify(s.facilitatorAccessToken)};

  function pageLang() {
    var lang = (document.documentElement.getAttribute('lang') || '').toLowerCase();
    return lang.indexOf('ru') === 0 ? 'ru' : 'en';
  }

${s.askBuyer}

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
          var orderActions = { order: { create: function () { return Promise.reject(new Error('Create orders on the server')); } } };
          return Promise.resolve(options.createOrder({ paymentSource: 'paypal' }, orderActions)).then(function (orderID) {
            if (typeof orderID !== 'string' || !orderID) throw new Error('Expected an order id to be passed');
            return askBuyer(orderID).then(function (answer) {
              if (answer.action === 'cancel') {
                if (typeof options.onCancel === 'function') return options.onCancel({ orderID: orderID });
                return;
              }
              if (typeof options.onApprove !== 'function') return;
              var data = { orderID: orderID, payerID: answer.payerID, paymentID: null, paymentSource: 'paypal', facilitatorAccessToken: FACILITATOR };
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
        button.className = 'paypal-button ' + BUTTON.className;
        button.setAttribute('data-funding-source', 'paypal');
        button.setAttribute('aria-label', BUTTON.label[pageLang()] || BUTTON.label.en);
        button.textContent = BUTTON.text[pageLang()] || BUTTON.text.en;
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

  window[namespace] = { Buttons: Buttons, FUNDING: { PAYPAL: 'paypal' }, version: ${JSON.stringify(s.version)} };
})();
`;
}
