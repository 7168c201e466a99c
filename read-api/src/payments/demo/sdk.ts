/**
 * The PayPal JS SDK as the demo sandbox serves it (GET /demo-paypal/sdk/js?client-id=…): what
 * @paypal/react-paypal-js uses of the real one — `paypal.Buttons(options)` with `isEligible()`, `render(container)`,
 * `close()`, `updateProps()` — calling the integration's callbacks as the real buttons do: onInit(data, actions)
 * after rendering; on click onClick, then createOrder for the order id, then the buyer answers on the sandbox's
 * approval page, then onApprove({ orderID, payerID, … }) — or onCancel({ orderID }) when the buyer declines or closes
 * the window; onError(err) when something fails.
 *
 * PayPal opens its window as a popup; this one opens the sandbox's approval page in a dialog over the shop's page (an
 * iframe of `${base}/checkoutnow?token=…&display=embedded`), which no popup blocker stops. The page answers through
 * postMessage (dialogScript below). The dialog: role="dialog", aria-modal, labelled, Escape or its close button cancel,
 * focus returns to the PayPal button.
 */
export function sdkScript(path: string): string {
  return `/* PayPal JS SDK: the demo sandbox's copy (demo payments: no money moves) */
(function () {
  'use strict';
  // The shop is the app that serves the sandbox: the dialog's page comes from the shop page's own origin.
  var ORIGIN = window.location.origin;
  var BASE = ORIGIN + ${JSON.stringify(path)};
  var script = document.currentScript;
  var namespace = (script && script.getAttribute('data-namespace')) || 'paypal';

  function pageLang() {
    var lang = (document.documentElement.getAttribute('lang') || '').toLowerCase();
    return lang.indexOf('ru') === 0 ? 'ru' : 'en';
  }

  /** The approval page in a dialog; resolves { action: 'approve' | 'cancel', payerID }. */
  function askBuyer(orderID) {
    return new Promise(function (resolve) {
      var lang = pageLang();
      var previous = document.activeElement;
      var overlay = document.createElement('div');
      overlay.className = 'demo-paypal-overlay';
      overlay.setAttribute('data-testid', 'demo-paypal-dialog');
      overlay.setAttribute('role', 'dialog');
      overlay.setAttribute('aria-modal', 'true');
      overlay.setAttribute('aria-label', lang === 'ru' ? 'PayPal (демо): подтверждение платежа' : 'PayPal (demo): approve the payment');
      overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.55)';
      var box = document.createElement('div');
      box.style.cssText = 'position:relative;width:min(32rem,96vw);height:min(40rem,92vh);background:#fff;border-radius:8px;overflow:hidden;box-shadow:0 4px 24px rgba(0,0,0,.4)';
      var close = document.createElement('button');
      close.type = 'button';
      close.className = 'demo-paypal-dialog-close';
      close.setAttribute('data-testid', 'demo-paypal-dialog-close');
      close.setAttribute('aria-label', lang === 'ru' ? 'Закрыть' : 'Close');
      close.textContent = '\\u00d7';
      close.style.cssText = 'position:absolute;top:4px;right:4px;z-index:1;width:40px;height:40px;border:0;border-radius:20px;background:#fff;color:#1a1a1a;font:700 24px/1 system-ui,sans-serif;cursor:pointer';
      var frame = document.createElement('iframe');
      frame.title = lang === 'ru' ? 'Демо-песочница PayPal' : 'PayPal demo sandbox';
      frame.src = BASE + '/checkoutnow?token=' + encodeURIComponent(orderID) + '&display=embedded&lang=' + lang;
      frame.style.cssText = 'width:100%;height:100%;border:0';
      box.appendChild(close);
      box.appendChild(frame);
      overlay.appendChild(box);
      var settled = false;
      function finish(answer) {
        if (settled) return;
        settled = true;
        window.removeEventListener('message', onMessage);
        document.removeEventListener('keydown', onKey, true);
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
        if (previous && typeof previous.focus === 'function') previous.focus();
        resolve(answer);
      }
      function onMessage(event) {
        if (event.origin !== ORIGIN || event.source !== frame.contentWindow) return;
        var data = event.data || {};
        if (data.source !== 'relaycast-demo-paypal' || data.id !== orderID) return;
        finish({ action: data.action === 'approve' ? 'approve' : 'cancel', payerID: data.payerID || null });
      }
      function onKey(event) {
        if (event.key === 'Escape') {
          event.preventDefault();
          finish({ action: 'cancel', payerID: null });
        }
      }
      close.addEventListener('click', function () { finish({ action: 'cancel', payerID: null }); });
      window.addEventListener('message', onMessage);
      document.addEventListener('keydown', onKey, true);
      document.body.appendChild(overlay);
      frame.focus();
    });
  }

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
              var data = { orderID: orderID, payerID: answer.payerID, paymentID: null, paymentSource: 'paypal', facilitatorAccessToken: 'A21AA.demo' };
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
        button.className = 'paypal-button demo-paypal-button';
        button.setAttribute('data-funding-source', 'paypal');
        button.setAttribute('aria-label', pageLang() === 'ru' ? 'PayPal (демо, деньги не списываются)' : 'PayPal (demo, no money moves)');
        button.textContent = pageLang() === 'ru' ? 'PayPal (демо)' : 'PayPal (demo)';
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

  window[namespace] = { Buttons: Buttons, FUNDING: { PAYPAL: 'paypal' }, version: '5.0.0-relaycast-demo' };
})();
`;
}

/**
 * The script of the sandbox's pages inside the JS SDK's dialog (/demo-paypal/sdk/dialog.js): on the done page it tells
 * the shop's page the buyer's answer (postMessage to the opener or parent, of this origin only); on the
 * approval page Escape cancels, as it does with focus outside the frame.
 */
export function dialogScript(): string {
  return `(function () {
  'use strict';
  var target = window.opener || (window.parent !== window ? window.parent : null);
  if (!target) return;
  function tell(action, kind, id, payerID) {
    // Only to a page of this origin: the shop that opened the dialog is the app that serves the sandbox.
    target.postMessage({ source: 'relaycast-demo-paypal', action: action, kind: kind, id: id, payerID: payerID || null }, window.location.origin);
  }
  var done = document.querySelector('[data-demo-paypal-answer]');
  if (done) {
    tell(done.getAttribute('data-demo-paypal-answer'), done.getAttribute('data-kind'), done.getAttribute('data-id'), done.getAttribute('data-payer-id'));
    if (window.opener) window.close();
    return;
  }
  var page = document.querySelector('[data-demo-paypal-request]');
  if (!page) return;
  document.addEventListener('keydown', function (event) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    tell('cancel', page.getAttribute('data-kind'), page.getAttribute('data-demo-paypal-request'), null);
  });
})();
`;
}
