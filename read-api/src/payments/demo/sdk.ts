import { buttonsScript } from '../fake-paypal/sdk.js';

/**
 * The PayPal JS SDK as the demo sandbox serves it (GET /demo-paypal/sdk/js?client-id=…): the fake's buttons
 * (fake-paypal/sdk.ts), the buyer answering on the sandbox's approval page. PayPal opens its window as a popup; this
 * one opens the approval page in a dialog over the shop's page (an iframe of `${base}/checkoutnow?token=…&display=
 * embedded`), which no popup blocker stops. The page answers through postMessage (dialogScript below). The dialog:
 * role="dialog", aria-modal, labelled, Escape or its close button cancel, focus returns to the PayPal button.
 */
export function sdkScript(path: string): string {
  return buttonsScript({
    banner: 'PayPal JS SDK: the demo sandbox\'s copy (demo payments: no money moves)',
    askBuyer: `  // The shop is the app that serves the sandbox: the dialog's page comes from the shop page's own origin.
  var ORIGIN = window.location.origin;
  var BASE = ORIGIN + ${JSON.stringify(path)};

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
`,
    button: { className: 'demo-paypal-button', text: { en: 'PayPal (demo)', ru: 'PayPal (демо)' }, label: { en: 'PayPal (demo, no money moves)', ru: 'PayPal (демо, деньги не списываются)' } },
    version: '5.0.0-relaycast-demo',
    facilitatorAccessToken: 'A21AA.demo',
  });
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
