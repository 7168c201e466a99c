/**
 * E-mail in the browser, against the real server on the embedded default (no SMTP_URL: every message goes to the
 * outbox in DATA_DIR) on a test clock with the PayPal stand-in:
 *   - a customer's renewal fails (no saved wallet); the "payment needed" e-mail's pay-now link, opened in a browser
 *     that is signed out, leads through sign-in to the payment of exactly what is due, which PayPal then takes;
 *   - two customers, English and Russian, go through what makes every kind of message (sign-up, reset, purchases,
 *     a refund, a trial and its end unpaid, dunning and the pause, a cancellation at the period end, an annual plan
 *     with its reminder and renewal): each message is rendered in Chromium and saved as a screenshot;
 *   - "Forgot password?" → the same answer for any address → the e-mailed link → a new password, once;
 *   - a new account reminded to verify its address, the link landing on the profile, reminders turned off there;
 *   - the administrators' outbox: a message opened, a customer's messages, a reset link sent for them;
 *   - every link of every message followed in the browser.
 */
import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createClient, type ApiClient } from '../read-api/test/harness.js';
import { approveInBrowser, captureBody, type Customer } from '../read-api/test/paypal-standin/flow.js';
import { ADMIN, acceptCookies, expectAccessible, expectToast, open, printServerLogOnFailure, screenshot, startAppSession, stopAppSession, type AppServer } from './support/app-server.js';
import { fillCheckoutBilling } from './support/checkout.js';
import { expectWords } from './support/words.js';

const START = '2026-03-01T10:00:00.000Z';
const TEMPLATES: [RegExp, string][] = [
  [/^(Confirm your e-mail address|Подтвердите адрес)/, 'verify-email'],
  [/^(Reset your password|Сброс пароля)/, 'password-reset'],
  [/^(Your password was changed|Пароль изменён)/, 'password-changed'],
  [/^(Payment received|Оплата получена)/, 'payment-received'],
  [/^(Renewed:|Подписка продлена)/, 'renewal-charged'],
  [/^(Payment needed|Нужна оплата)/, 'renewal-failed'],
  [/^(Your free trial ends|Пробный период заканчивается)/, 'trial-ending'],
  [/^(Your annual subscription renews|Годовая подписка продлевается)/, 'annual-renewal'],
  [/^(Paused:|Подписка приостановлена)/, 'paused'],
  [/^(Cancelled:|Подписка отменена)/, 'cancelled'],
  [/(will be cancelled on|будет отменена)/, 'cancellation-scheduled'],
  [/^(Your licence file|Файл лицензии)/, 'licence-issued'],
  [/^(Your licence expires|Лицензия истекает)/, 'licence-expiring'],
  [/^(Refund of|Возврат)/, 'refund-made'],
];
const templateOf = (subject: string) => TEMPLATES.find(([re]) => re.test(subject))?.[1] ?? subject;

interface Outboxed {
  file: string;
  mail: ParsedMail;
  to: string;
  template: string;
  lang: string;
  links: string[];
}

describe('e-mail in the browser: the pay-now link end to end, and every message rendered (real server, outbox)', function () {
  this.timeout(180_000);
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let admin: ApiClient;

  before(async () => {
    ({ app, browser, context, page } = await startAppSession(
      (server) => {
        server.google.user = { ...server.google.user, sub: 'g-e2e-mail', email: 'paula.payer@example.com', given_name: 'Paula', family_name: 'Payer', name: 'Paula Payer' };
      },
      { BILLING_CLOCK: 'test', BILLING_CLOCK_START: START },
    ));
    admin = createClient(app.baseUrl);
    expect((await admin.post('/auth/local/signin', ADMIN)).status).to.equal(200);
  });
  after(async () => stopAppSession({ app, browser, context }));
  afterEach(function () {
    printServerLogOnFailure(this, app);
  });

  const advance = async (to: string) => expect((await admin.post('/admin/clock/advance', { to })).status).to.equal(200);
  /** Every message in the outbox (DATA_DIR/outbox/<user>/<key hash>.<delivery>.eml), oldest first, parsed. */
  async function outbox(): Promise<Outboxed[]> {
    const root = path.join(app.dataDir, 'outbox');
    // Made with the first message: none written yet, nothing to read.
    if (!existsSync(root)) return [];
    const files = readdirSync(root).flatMap((user) => readdirSync(path.join(root, user)).filter((f) => f.endsWith('.eml')).map((f) => path.join(root, user, f)));
    files.sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
    return Promise.all(
      files.map(async (file) => {
        const mail = await simpleParser(readFileSync(file));
        const html = typeof mail.html === 'string' ? mail.html : '';
        return {
          file,
          mail,
          to: mail.to && !Array.isArray(mail.to) ? (mail.to.value[0]?.address ?? '') : '',
          template: templateOf(mail.subject ?? ''),
          lang: /<html[^>]*\blang="([a-z]+)"/.exec(html)?.[1] ?? '',
          links: [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')),
        };
      }),
    );
  }
  async function waitForMail(match: (m: Outboxed) => boolean): Promise<Outboxed> {
    for (let i = 0; i < 200; i++) {
      const found = (await outbox()).find(match);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the message did not reach the outbox in 20 s');
  }

  let paulaSubscription = '';
  it('a customer buys a monthly plan with PayPal, without saving the account', async () => {
    await open(page, '/auth/sign-in?infrastructure=selfhosted&plan=constructor');
    await acceptCookies(page);
    await page.click('a.btn-google');
    await page.waitForURL((url) => url.pathname === '/user/buy-new-licence', { timeout: 15_000 });
    await page.getByTestId('units').fill('2');
    await page.waitForSelector('[data-testid="price"][data-amount="1000"][data-confirmed="true"]');
    await fillCheckoutBilling(page);
    await page.getByTestId('privacy').check();
    await page.getByTestId('continue').click();
    await page.getByTestId('purchase').waitFor();
    await page.locator('[data-testid="paypal-buttons"] button').click();
    await page.getByTestId('buy-success').waitFor({ timeout: 20_000 });
    paulaSubscription = new URL(page.url()).searchParams.get('subscription')!;
    expect(paulaSubscription).to.match(/.+/);
    const receipt = await waitForMail((m) => m.to === 'paula.payer@example.com' && m.template === 'payment-received');
    expect(receipt.mail.attachments.map((a) => a.contentType)).to.deep.equal(['application/pdf']);
  });

  // Two customers who read English and Russian, and everything that makes each kind of message.
  const people: Record<'en' | 'ru', Customer & { subs: Record<string, string> }> = {} as never;
  async function signUp(lang: 'en' | 'ru'): Promise<void> {
    const c = createClient(app.baseUrl);
    const email = lang === 'en' ? 'ellen.evans@example.com' : 'ruslan.ivanov@example.com';
    const res = await c.post('/auth/local/register', { email, password: 'violet harbour 42 lantern', givenName: lang === 'en' ? 'Ellen' : 'Руслан', familyName: lang === 'en' ? 'Evans' : 'Иванов', privacy_policy_confirm: true, language: lang });
    expect(res.status).to.equal(201);
    people[lang] = Object.assign(c, { userId: res.body.data._id as string, email, subs: {} });
  }
  async function buy(c: Customer, type: 'SUBSCRIPTION_MONTH' | 'SUBSCRIPTION_YEAR', pay: 'checkout' | 'wallet' | 'none'): Promise<string> {
    const created = await c.post('/subscriptions/create', { subscription_type: type, status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: c.userId, modules: [{ name: 'streams', limit: 2 }], payment_details: { plan_id: 'constructor', privacy_policy_confirm: true } });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const sub = created.body.data;
    if (pay === 'none') return sub._id;
    const ordered = await c.post('/subscriptions/createOrder', { id: sub._id, ...(pay === 'wallet' ? { saveWallet: true } : {}) });
    await approveInBrowser(ordered.body.data.approveUrl);
    expect((await c.post('/subscriptions/captureOrder', captureBody(c, sub, ordered.body.data))).status).to.equal(200);
    return sub._id;
  }

  it('two customers (English, Russian): sign-up, a reset link, a purchase and a refund, a cancellation at the period end, a trial, an annual plan', async () => {
    for (const lang of ['en', 'ru'] as const) {
      await signUp(lang);
      const c = people[lang];
      const verify = await waitForMail((m) => m.to === c.email && m.template === 'verify-email');
      expect(verify.lang).to.equal(lang);
      // The link verifies the address and lands on the profile page, in the customer's language.
      const token = new URL(verify.links.find((l) => l.includes('/auth/verify-email'))!).searchParams.get('token');
      expect((await c.post('/auth/verifyEmail', { token })).status).to.equal(200);
      expect((await createClient(app.baseUrl).post('/auth/local/requestPasswordReset', { email: c.email })).status).to.equal(200);
      // The Russian customer changes the password in the profile (the English one, later, with the reset link): each is told.
      if (lang === 'ru') expect((await c.post('/auth/local/changePassword', { currentPassword: 'violet harbour 42 lantern', newPassword: 'amber meadow 51 compass' })).status).to.equal(200);
      c.subs.a = await buy(c, 'SUBSCRIPTION_MONTH', 'checkout');
      const invoices = (await c.post('/invoices/findAll', {})).body.data as { captureId: string }[];
      expect((await admin.post('/subscriptions/refund', { id: c.subs.a, captureId: invoices[0]!.captureId, amount: 100 })).status).to.equal(200);
      expect((await c.post('/subscriptions/cancelAtPeriodEnd', { id: c.subs.a })).status).to.equal(200);
      c.subs.b = await buy(c, 'SUBSCRIPTION_MONTH', 'none');
      expect((await c.post('/subscriptions/startTrial', { id: c.subs.b })).status).to.equal(200);
      c.subs.c = await buy(c, 'SUBSCRIPTION_YEAR', 'wallet');
    }
    // The trial's reminder (Mar 5), its end unpaid (Mar 8) and the retries, the pause at the grace's end (Mar 15), the
    // licence expiring a week before the cancellation (Mar 25).
    for (const at of ['2026-03-05T10:01:00.000Z', '2026-03-08T10:01:00.000Z', '2026-03-15T10:01:00.000Z', '2026-03-25T10:01:00.000Z']) await advance(at);
  });

  it('"Forgot password?" on the sign-in page: the same answer for any address; the e-mailed link opens the reset page, works once, and the new password signs in', async () => {
    const c = people.en;
    const fresh = await app.context(browser);
    const visitor = await fresh.newPage();
    try {
      await open(visitor, '/auth/sign-in');
      await acceptCookies(visitor);
      await visitor.getByTestId('forgot-password-link').click();
      await visitor.waitForURL((url) => url.pathname === '/auth/forgot-password');
      await visitor.getByTestId('forgot-password-form').waitFor();
      await expectAccessible(visitor, 'forgot password');
      await screenshot(visitor, 'mail-forgot-password-en');
      const resetsBefore = (await outbox()).filter((m) => m.to === c.email && m.template === 'password-reset').length;
      // An address without an account: the answer names it and says nothing about whether it exists.
      await visitor.getByLabel('E-mail').fill('nobody-at-all@example.com');
      await visitor.getByRole('button', { name: 'Send the link' }).click();
      expect(await visitor.getByTestId('forgot-done').innerText()).to.include('If an account uses nobody-at-all@example.com, a link to choose a new password is on its way to it.');
      await open(visitor, '/auth/forgot-password');
      await visitor.getByLabel('E-mail').fill(c.email);
      await visitor.getByRole('button', { name: 'Send the link' }).click();
      expect(await visitor.getByTestId('forgot-done').innerText()).to.include(`If an account uses ${c.email}, a link to choose a new password is on its way to it.`);
      let resets: Outboxed[] = [];
      for (let i = 0; i < 100 && resets.length <= resetsBefore; i++) {
        resets = (await outbox()).filter((m) => m.to === c.email && m.template === 'password-reset');
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(resets).to.have.length(resetsBefore + 1);
      const link = resets.at(-1)!.links.find((l) => l.includes('/auth/reset-password?token='))!;
      expect(new URL(link).origin).to.equal(app.baseUrl);
      await open(visitor, new URL(link).pathname + new URL(link).search);
      await visitor.getByTestId('reset-password-form').waitFor();
      await screenshot(visitor, 'mail-reset-password-en');
      await visitor.getByLabel('New password').fill('granite orbit 77 meadow');
      await visitor.getByRole('button', { name: 'Set the new password' }).click();
      await visitor.getByTestId('reset-done').waitFor();
      expect((await createClient(app.baseUrl).post('/auth/local/signin', { email: c.email, password: 'violet harbour 42 lantern' })).status, 'the old password').to.equal(401);
      expect((await createClient(app.baseUrl).post('/auth/local/signin', { email: c.email, password: 'granite orbit 77 meadow' })).status, 'the new password').to.equal(200);
      expect((await c.post('/subscriptions/findAllByToken', {})).status, 'every session ended').to.equal(401);
      // The same link again: refused, said in words.
      await open(visitor, new URL(link).pathname + new URL(link).search);
      await visitor.getByLabel('New password').fill('another orbit 88 meadow');
      await visitor.getByRole('button', { name: 'Set the new password' }).click();
      expect(await visitor.getByTestId('reset-error').innerText()).to.equal('This link was used already. Ask for a new one on the sign-in page.');
    } finally {
      await fresh.close();
    }
  });

  it('a new account: reminded on its pages until the address is verified, a new link sent from the banner; the link lands on the profile, which turns reminders off', async () => {
    const fresh = await app.context(browser);
    const visitor = await fresh.newPage();
    const email = 'vera.verify@example.com';
    try {
      await open(visitor, '/ru/auth/sign-in?returnTo=%2Fru%2Fuser%2Fprofile');
      await visitor.getByRole('button', { name: 'Принять cookie' }).click().catch(() => undefined);
      await visitor.getByRole('button', { name: 'Создать аккаунт' }).first().click();
      const form = visitor.getByTestId('sign-up-form');
      await form.getByLabel('Имя').fill('Вера');
      await form.getByLabel('Фамилия').fill('Проверкина');
      await form.getByLabel('Электронная почта').fill(email);
      await form.getByLabel('Пароль').fill('violet harbour 42 lantern');
      await form.locator('input[name="privacy_policy_confirm"]').check();
      await form.locator('button[type="submit"]').click();
      expect(await visitor.getByTestId('check-inbox').innerText({ timeout: 15_000 })).to.include(`Мы отправили ссылку на ${email}`);
      await visitor.getByTestId('check-inbox-continue').click();
      await visitor.waitForURL((url) => url.pathname === '/ru/user/profile', { timeout: 15_000 });
      await visitor.getByTestId('verify-email-banner').waitFor();
      const first = await waitForMail((m) => m.to === email && m.template === 'verify-email');
      expect(first.lang).to.equal('ru');
      await visitor.getByTestId('resend-verification').click();
      expect(await visitor.getByTestId('resend-verification-result').innerText()).to.include(`Новая ссылка отправлена на ${email}`);
      let links: Outboxed[] = [];
      for (let i = 0; i < 100 && links.length < 2; i++) {
        links = (await outbox()).filter((m) => m.to === email && m.template === 'verify-email');
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(links).to.have.length(2);
      await expectWords(visitor, 'ru', 'profile-unverified', 'mail-profile-unverified-ru');
      await expectAccessible(visitor, 'profile, unverified');
      // The reminder is on the account's other pages too: its subscriptions.
      await open(visitor, '/ru/admin/subscriptions/list');
      await visitor.getByTestId('verify-email-banner').waitFor();
      // The link: verified, back on the profile (in Russian) saying so; the banner gone.
      const verify = links.at(-1)!.links.find((l) => l.includes('/auth/verify-email?token='))!;
      await visitor.goto(verify, { waitUntil: 'domcontentloaded' });
      await visitor.waitForURL((url) => url.pathname === '/ru/user/profile' && url.searchParams.get('emailVerified') === '1');
      await visitor.waitForSelector('html[data-hydrated="true"]');
      expect(await visitor.getByTestId('email-verified-outcome').innerText()).to.equal('Спасибо: адрес электронной почты подтверждён.');
      expect(await visitor.getByTestId('verify-email-banner').count()).to.equal(0);
      expect(await visitor.getByTestId('email-verified-state').innerText()).to.equal('подтверждён');
      // Reminders off in the profile: saved on the account.
      await visitor.getByTestId('email-reminders').uncheck();
      await expectToast(visitor, 'Напоминания выключены.');
      const me = await visitor.evaluate(async () => (await (await fetch('/auth/google/getUser', { method: 'POST', credentials: 'same-origin' })).json()) as { data: { emailReminders: boolean; emailVerified: boolean } });
      expect(me.data).to.include({ emailReminders: false, emailVerified: true });
      await expectWords(visitor, 'ru', 'profile-verified', 'mail-profile-verified-ru');
    } finally {
      await fresh.close();
    }
  });

  it('administrators: the outbox (no SMTP server), a message opened as sent, a customer’s messages, a password-reset link sent for them (never the password)', async () => {
    const fresh = await app.context(browser);
    const desk = await fresh.newPage();
    try {
      await open(desk, '/auth/sign-in');
      const signIn = desk.getByTestId('sign-in-form');
      await signIn.getByLabel('Email').fill(ADMIN.email);
      await signIn.getByLabel('Password').fill(ADMIN.password);
      await signIn.getByRole('button', { name: 'Log in' }).click();
      await desk.waitForURL((url) => url.pathname === '/admin');
      await acceptCookies(desk);
      expect(await desk.getByTestId('verify-email-banner').count(), 'administrators are not asked to verify').to.equal(0);
      await desk.getByTestId('admin-nav-mail').click();
      await desk.getByTestId('mail-view').waitFor();
      expect(await desk.getByTestId('mail-status').getAttribute('data-transport')).to.equal('outbox');
      await desk.getByTestId('message-row').first().waitFor();
      await expectWords(desk, 'en', 'admin-mail', 'mail-admin-outbox-en');
      await expectAccessible(desk, 'admin outbox');
      // The outbox searched and filtered: one kind of message of one customer.
      await desk.getByLabel('Message', { exact: true }).selectOption('verify-email');
      await desk.getByLabel('Search by customer name or address').fill(people.ru.email);
      await desk.waitForURL((url) => url.searchParams.get('q') === people.ru.email);
      // The list as the search and the filter give it: the Russian customer's address confirmations only.
      await desk.waitForFunction(() => {
        const rows = [...document.querySelectorAll('[data-testid="message-row"]')];
        return rows.length > 0 && !document.querySelector('[data-testid="messages-table"] [aria-busy="true"]') && rows.every((r) => r.getAttribute('data-template') === 'verify-email' && (r.textContent ?? '').includes('Руслан Иванов'));
      });
      expect(new URL(desk.url()).searchParams.get('template')).to.equal('verify-email');
      // The newest of them, never sent (no SMTP): shown whole, links included, with where its file is.
      await desk.locator('[data-testid="message-row"] [data-testid="open-message"]').first().click();
      await desk.getByTestId('mail-message').waitFor();
      expect(await desk.getByTestId('mail-identical').innerText()).to.equal('This is the message as it was written to the outbox, byte for byte, links included.');
      const notSent = await desk.getByTestId('mail-not-sent').innerText();
      expect(notSent).to.match(/^Not sent: no SMTP server is configured\. The message is shown whole, links included, for you to pass on; its file on the server:\s/);
      const file = notSent.slice(notSent.lastIndexOf(' ') + 1).trim();
      expect(file.startsWith(`${app.dataDir}/outbox/${people.ru.userId}/`) && file.endsWith('.eml'), file).to.equal(true);
      expect(readFileSync(file, 'utf8'), 'the file is there, the message in it').to.match(/^Subject: /m);
      const verifyLink = await desk.getByTestId('mail-links').locator('a', { hasText: '/auth/verify-email?token=' }).first().getAttribute('href');
      expect(verifyLink, 'the link whole, its token included').to.match(/\/auth\/verify-email\?token=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      expect(await desk.getByTestId('mail-links-hidden').count()).to.equal(0);
      expect(templateOf(await desk.getByTestId('mail-message-subject').innerText())).to.be.oneOf(TEMPLATES.map(([, t]) => t));
      // The message itself, in a sandboxed frame: drawn before the picture is taken.
      expect(await desk.frameLocator('[data-testid="mail-frame"]').locator('body').innerText()).to.match(/Relaycast/);
      await screenshot(desk, 'mail-admin-message-en');
      // A customer's page: what was sent to them; a reset link to their address.
      await open(desk, `/admin/users/create?id=${encodeURIComponent(people.ru.userId)}`);
      await desk.getByTestId('customer-messages').waitFor();
      await desk.locator('[data-testid="customer-messages"] [data-testid="message-row"]').first().waitFor();
      const resetsBefore = (await outbox()).filter((m) => m.to === people.ru.email && m.template === 'password-reset').length;
      await desk.getByTestId('send-password-reset').click();
      await desk.getByRole('button', { name: 'Send the link' }).click();
      await expectToast(desk, 'The link is on its way to the customer’s address.');
      let resets: Outboxed[] = [];
      for (let i = 0; i < 100 && resets.length <= resetsBefore; i++) {
        resets = (await outbox()).filter((m) => m.to === people.ru.email && m.template === 'password-reset');
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(resets).to.have.length(resetsBefore + 1);
      expect(resets.at(-1)!.mail.text).to.include('по вашей просьбе');
      await expectWords(desk, 'en', 'admin-customer-mail', 'mail-admin-customer-en');
      // Russian administration screens say the same in Russian.
      await open(desk, '/ru/admin/mail');
      await desk.getByTestId('message-row').first().waitFor();
      await expectWords(desk, 'ru', 'admin-mail', 'mail-admin-outbox-ru');
    } finally {
      await fresh.close();
    }
  });

  it('the pay-now link of the "payment needed" e-mail, opened signed out: sign-in, then the payment of exactly what is due, paid with PayPal', async () => {
    // Apr 1: Paula's renewal falls due; no saved PayPal account → Wait payment, and the e-mail.
    await advance('2026-04-01T10:01:00.000Z');
    const due = await waitForMail((m) => m.to === 'paula.payer@example.com' && m.template === 'renewal-failed');
    expect(due.mail.subject).to.equal('Payment needed: Subscription 2026-03-01');
    expect(due.mail.text).to.include('The $10 for Subscription 2026-03-01 was due on 1 April 2026.');
    const pay = due.links.find((l) => l.includes('/user/pay/'))!;
    expect(pay).to.equal(`${app.baseUrl}/user/pay/${paulaSubscription}`);

    const fresh = await app.context(browser);
    const visitor = await fresh.newPage();
    try {
      await visitor.goto(pay, { waitUntil: 'domcontentloaded' });
      await visitor.waitForURL((url) => url.pathname === '/auth/sign-in', { timeout: 15_000 });
      expect(new URL(visitor.url()).searchParams.get('returnTo')).to.equal(`/user/pay/${paulaSubscription}`);
      await visitor.waitForSelector('html[data-hydrated="true"]');
      await visitor.click('a.btn-google');
      await visitor.waitForURL((url) => url.pathname === '/user/buy-new-licence' && url.searchParams.get('subscription') === paulaSubscription, { timeout: 20_000 });
      await visitor.getByTestId('purchase').waitFor();
      expect(await visitor.getByTestId('purchase').getAttribute('data-status')).to.equal('SUBSCRIPTION_STATUS_WAIT_PAYMENT');
      await screenshot(visitor, 'mail-pay-now-link-opened');
      await visitor.locator('[data-testid="paypal-buttons"] button').click();
      await visitor.getByTestId('buy-success').waitFor({ timeout: 20_000 });
    } finally {
      await fresh.close();
    }
    // Exactly what was due: $10 for the period that fell due, continued from Apr 1 without a gap.
    const view = (await admin.post('/subscriptions/findOne', { id: paulaSubscription })).body.data;
    expect(view).to.deep.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', periodStart: '2026-04-01T10:00:00.000Z', periodEnd: '2026-05-01T10:00:00.000Z' });
    const receipts = (await outbox()).filter((m) => m.to === 'paula.payer@example.com' && m.template === 'payment-received');
    expect(receipts.map((m) => /\$\d+/.exec(m.mail.subject ?? '')?.[0])).to.deep.equal(['$10', '$10']);
  });

  it('every kind of message, in English and in Russian, rendered in Chromium (screenshots under e2e/output/screenshots)', async () => {
    // The cancellation at the period end (Apr 1, done above); the trial's subscription cancelled unpaid (Mar 29); the
    // annual plan's reminder a week before its renewal, then the renewal charged to the saved account.
    await advance('2027-02-22T10:01:00.000Z');
    await advance('2027-03-01T10:01:00.000Z');
    // Both customers' renewals are charged at the same advance; the notifier sends their messages one after the other.
    for (const lang of ['en', 'ru'] as const) await waitForMail((m) => m.to === people[lang].email && m.template === 'renewal-charged');
    const all = await outbox();
    const shot = await context.newPage();
    await shot.setViewportSize({ width: 720, height: 900 });
    try {
      for (const lang of ['en', 'ru'] as const) {
        const mine = all.filter((m) => m.to === people[lang].email);
        const kinds = [...new Set(mine.map((m) => m.template))].sort();
        expect(kinds, lang).to.deep.equal(TEMPLATES.map(([, t]) => t).sort());
        expect(mine.every((m) => m.lang === lang), `${lang}: every message in the customer's language`).to.equal(true);
        for (const kind of kinds) {
          const m = mine.find((x) => x.template === kind)!;
          await shot.setContent(m.mail.html as string, { waitUntil: 'load' });
          await screenshot(shot, `mail-${kind}-${lang}`);
        }
      }
    } finally {
      await shot.close();
    }
  });

  it('every link of every message, followed in the browser (signed out): a page of the site, never a "not found"', async () => {
    const links = new Map<string, string>();
    for (const m of await outbox()) for (const link of m.links) if (link.startsWith('http')) links.set(link, `${m.template} (${m.lang})`);
    expect(links.size).to.be.at.least(15);
    const fresh = await app.context(browser);
    const visitor = await fresh.newPage();
    const bad: string[] = [];
    try {
      for (const [link, from] of links) {
        expect(new URL(link).origin, link).to.equal(app.baseUrl);
        const res = await visitor.goto(link, { waitUntil: 'domcontentloaded' });
        const status = res?.status() ?? 0;
        if (new URL(visitor.url()).pathname.startsWith('/mail/unsubscribe')) {
          if (status !== 200) bad.push(`${from}: ${link} → ${status}`);
          continue;
        }
        await visitor.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 });
        const notFound = await visitor.locator('.not-found').count();
        if (status >= 400 || notFound) bad.push(`${from}: ${link} → ${status} ${visitor.url()}`);
      }
    } finally {
      await fresh.close();
    }
    expect(bad).to.deep.equal([]);
  });
});
