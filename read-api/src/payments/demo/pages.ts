/**
 * The demo sandbox's buyer pages: server-rendered HTML, no script needed (a form per answer), in English or Russian.
 * They stand in for PayPal's approval window and say so first. Styling hooks: the stylesheet /demo-paypal/approval.css,
 * the classes `demo-paypal-*` and the `data-testid`s below (the web app's designers may restyle them there).
 */

import { decimalToCents, formatMoney } from '@relaycast/contracts';
import { escapeHtml } from '../../html.js';

export type Lang = 'en' | 'ru';

export const TEXTS = {
  en: {
    title: 'PayPal demo sandbox',
    banner: 'Demo payments: no money moves',
    explain: 'This page stands in for PayPal on this server. Whatever you choose, nothing is charged and no PayPal account is used.',
    payHeading: 'Approve the payment',
    saveHeading: 'Save your PayPal account',
    amount: 'Amount',
    item: 'For',
    buyer: 'Demo buyer',
    country: 'Country of this PayPal account',
    countryNone: 'Not given',
    countryHint: 'PayPal tells the shop this country. If it is not your billing country, the shop asks you which is right before anything is charged.',
    saveNotice: 'Approving also saves this demo PayPal account, so that renewals are charged to it without you.',
    vaultNotice: 'The shop asks to charge this demo PayPal account for future payments (renewals) without you. Nothing is charged now.',
    approve: 'Approve',
    decline: 'Decline',
    notWaiting: (status: string) => `This request is no longer waiting for an answer (status: ${status}).`,
    back: 'Back to the shop',
    unknown: 'Unknown payment request: it may have been made on another server.',
    approved: 'Approved. Back to the shop…',
    declined: 'Declined. Nothing was charged.',
    close: 'You can close this window.',
    other: { lang: 'ru' as Lang, label: 'Русский' },
  },
  ru: {
    title: 'Демо-песочница PayPal',
    banner: 'Демо-платежи: деньги не списываются',
    explain: 'Эта страница заменяет PayPal на этом сервере. Что бы вы ни выбрали, ничего не списывается и аккаунт PayPal не используется.',
    payHeading: 'Подтвердите платёж',
    saveHeading: 'Сохраните аккаунт PayPal',
    amount: 'Сумма',
    item: 'За',
    buyer: 'Демо-покупатель',
    country: 'Страна этого аккаунта PayPal',
    countryNone: 'Не указана',
    countryHint: 'PayPal сообщает магазину эту страну. Если она не совпадает со страной в ваших платёжных данных, магазин спросит вас, какая верна, прежде чем что-либо списать.',
    saveNotice: 'Подтверждение также сохранит этот демо-аккаунт PayPal, и продления будут списываться с него без вашего участия.',
    vaultNotice: 'Магазин просит разрешения списывать будущие платежи (продления) с этого демо-аккаунта PayPal без вашего участия. Сейчас ничего не списывается.',
    approve: 'Подтвердить',
    decline: 'Отклонить',
    notWaiting: (status: string) => `Этот запрос больше не ждёт ответа (статус: ${status}).`,
    back: 'Вернуться в магазин',
    unknown: 'Неизвестный запрос на оплату: возможно, он создан на другом сервере.',
    approved: 'Подтверждено. Возвращаемся в магазин…',
    declined: 'Отклонено. Ничего не списано.',
    close: 'Это окно можно закрыть.',
    other: { lang: 'en' as Lang, label: 'English' },
  },
} as const;

/** `lang` (en, ru) when given, else the first of en/ru the browser's Accept-Language prefers, else English. */
export function pickLang(query: unknown, acceptLanguage: string | undefined): Lang {
  if (query === 'ru' || query === 'en') return query;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { tag: tag.toLowerCase(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((l) => l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    if (tag === 'ru' || tag.startsWith('ru-')) return 'ru';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}


/** PayPal's decimal amount ("79.00") as the buyer reads it, with its cents. */
function formatAmount(value: string, currency: string, lang: Lang): string {
  try {
    return formatMoney(decimalToCents(value), lang, { cents: true, currency });
  } catch {
    return `${value} ${currency}`;
  }
}

/** How the page was opened: on its own (the approve link: answers redirect back), or inside the JS SDK's dialog. */
export type Display = 'page' | 'embedded';

interface Layout {
  /** Where the sandbox's pages are (a path: /demo-paypal). */
  base: string;
  lang: Lang;
  /** The same page in the other language. */
  otherHref: string;
  body: string;
  testid: string;
}

function layout({ base, lang, otherHref, body, testid }: Layout): string {
  const t = TEXTS[lang];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)}</title>
<link rel="stylesheet" href="${escapeHtml(base)}/approval.css">
</head>
<body class="demo-paypal">
<p class="demo-paypal-banner" role="note" data-testid="demo-payments-banner"><strong>${escapeHtml(t.banner)}</strong></p>
<main class="demo-paypal-main" data-testid="${testid}">
${body}
</main>
<footer class="demo-paypal-footer"><a href="${escapeHtml(otherHref)}" hreflang="${t.other.lang}" lang="${t.other.lang}">${escapeHtml(t.other.label)}</a></footer>
</body>
</html>
`;
}

export interface ApprovalPage {
  /** Where the sandbox's pages are (a path: /demo-paypal). */
  base: string;
  lang: Lang;
  display: Display;
  /** What is approved: an order (a payment) or a vault setup token (saving the wallet, no payment). */
  kind: 'order' | 'setup-token';
  id: string;
  status: string;
  /** Still waiting for the buyer's answer. */
  open: boolean;
  amount?: { value: string; currency: string };
  description?: string;
  saveWallet: boolean;
  buyerEmail: string;
  /** Where "back to the shop" leads when the request is no longer open. */
  backHref: string | null;
  selfHref: (lang: Lang) => string;
  /**
   * A payment: the country of the demo PayPal account the buyer approves from (PayPal's payer.address.country_code),
   * chosen on the page — preselected: the customer's billing country, when the shop knows it.
   */
  country?: { selected: string | null; options: readonly { code: string; name: string }[] };
}

/** The approval page: what is asked, by whom, and two answers, Approve and Decline (forms: no script needed). */
export function approvalPage(p: ApprovalPage): string {
  const t = TEXTS[p.lang];
  const action = p.kind === 'order' ? `${p.base}/checkoutnow` : `${p.base}/vaultapprove`;
  const hidden = (answer: string) =>
    `<input type="hidden" name="token" value="${escapeHtml(p.id)}"><input type="hidden" name="display" value="${p.display}"><input type="hidden" name="lang" value="${p.lang}"><input type="hidden" name="answer" value="${answer}">`;
  const details = [
    p.amount ? `<dt>${escapeHtml(t.amount)}</dt><dd data-testid="demo-paypal-amount">${escapeHtml(formatAmount(p.amount.value, p.amount.currency, p.lang))}</dd>` : '',
    p.description ? `<dt>${escapeHtml(t.item)}</dt><dd>${escapeHtml(p.description)}</dd>` : '',
    `<dt>${escapeHtml(t.buyer)}</dt><dd>${escapeHtml(p.buyerEmail)}</dd>`,
  ].join('');
  const notice = p.kind === 'setup-token' ? t.vaultNotice : p.saveWallet ? t.saveNotice : '';
  // The country goes with the approval (form="…": the select stands above both answers, inside the approve form's reach).
  const country = p.country && p.open
    ? `<div class="demo-paypal-country"><label for="demo-paypal-country">${escapeHtml(t.country)}</label>
<select id="demo-paypal-country" name="country" form="demo-paypal-approve-form" data-testid="demo-paypal-country" aria-describedby="demo-paypal-country-hint"><option value="">${escapeHtml(t.countryNone)}</option>${p.country.options
        .map((c) => `<option value="${escapeHtml(c.code)}"${c.code === p.country!.selected ? ' selected' : ''}>${escapeHtml(c.name)}</option>`)
        .join('')}</select>
<p id="demo-paypal-country-hint" class="demo-paypal-hint">${escapeHtml(t.countryHint)}</p></div>`
    : '';
  const answers = p.open
    ? `${country}<div class="demo-paypal-answers">
<form method="post" action="${escapeHtml(action)}" class="demo-paypal-form" id="demo-paypal-approve-form">${hidden('approve')}<button type="submit" class="demo-paypal-approve" data-testid="demo-paypal-approve">${escapeHtml(t.approve)}</button></form>
<form method="post" action="${escapeHtml(action)}" class="demo-paypal-form">${hidden('decline')}<button type="submit" class="demo-paypal-decline" data-testid="demo-paypal-decline">${escapeHtml(t.decline)}</button></form>
</div>`
    : `<p class="demo-paypal-closed" role="status">${escapeHtml(t.notWaiting(p.status))}</p>${p.backHref ? `<p><a href="${escapeHtml(p.backHref)}">${escapeHtml(t.back)}</a></p>` : ''}`;
  const script = p.display === 'embedded' ? `\n<script src="${escapeHtml(p.base)}/sdk/dialog.js"></script>` : '';
  const body = `<h1 data-demo-paypal-request="${escapeHtml(p.id)}" data-kind="${p.kind}">${escapeHtml(p.kind === 'order' ? t.payHeading : t.saveHeading)}</h1>
<p class="demo-paypal-explain">${escapeHtml(t.explain)}</p>
<dl class="demo-paypal-details">${details}</dl>
${notice ? `<p class="demo-paypal-notice">${escapeHtml(notice)}</p>` : ''}
${answers}${script}`;
  return layout({ base: p.base, lang: p.lang, otherHref: p.selfHref(TEXTS[p.lang].other.lang), body, testid: 'demo-paypal-approval' });
}

/** A page that says something and offers no answer (unknown request). */
export function messagePage(base: string, lang: Lang, message: string, otherHref: string): string {
  return layout({ base, lang, otherHref, body: `<h1>${escapeHtml(TEXTS[lang].title)}</h1>\n<p role="alert">${escapeHtml(message)}</p>`, testid: 'demo-paypal-message' });
}

/**
 * The answer, inside the JS SDK's dialog: dialog.js tells the shop's page (postMessage) and the dialog closes. Without
 * script it just says what happened.
 */
export function donePage(base: string, lang: Lang, answer: { action: 'approve' | 'cancel'; kind: 'order' | 'setup-token'; id: string; payerId: string | null }, otherHref: string): string {
  const t = TEXTS[lang];
  const body = `<p role="status" class="demo-paypal-done" data-demo-paypal-answer="${answer.action}" data-kind="${answer.kind}" data-id="${escapeHtml(answer.id)}" data-payer-id="${escapeHtml(answer.payerId ?? '')}">${escapeHtml(answer.action === 'approve' ? t.approved : t.declined)} ${escapeHtml(t.close)}</p>
<script src="${escapeHtml(base)}/sdk/dialog.js"></script>`;
  return layout({ base, lang, otherHref, body, testid: 'demo-paypal-done' });
}

/** The pages' stylesheet: plain, readable, high contrast, large targets. */
export const APPROVAL_CSS = `.demo-paypal{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f5f7fa}
.demo-paypal-banner{margin:0;padding:.75rem 1rem;background:#fff3cd;color:#5c4400;border-bottom:2px solid #b58900;text-align:center}
.demo-paypal-main{max-width:28rem;margin:1.5rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15)}
.demo-paypal-main h1{margin-top:0;font-size:1.4rem}
.demo-paypal-details{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
.demo-paypal-details dt{font-weight:600}
.demo-paypal-details dd{margin:0}
.demo-paypal-answers{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.25rem}
.demo-paypal-form{flex:1 1 10rem;margin:0}
.demo-paypal-answers button{width:100%;min-height:48px;font-family:inherit;font-size:1rem;font-weight:700;border-radius:24px;cursor:pointer}
.demo-paypal-approve{background:#0070ba;color:#fff;border:2px solid #0070ba}
.demo-paypal-decline{background:#fff;color:#1a1a1a;border:2px solid #6b6b6b}
.demo-paypal-answers button:focus-visible,.demo-paypal a:focus-visible{outline:3px solid #ff9900;outline-offset:2px}
.demo-paypal-footer{text-align:center;margin-bottom:1.5rem}
.demo-paypal-country{margin-top:1rem}
.demo-paypal-country label{display:block;font-weight:600}
.demo-paypal-country select{width:100%;min-height:44px;font:inherit;margin-top:.25rem}
.demo-paypal-hint{margin:.25rem 0 0;font-size:.9rem;color:#444}
`;
