import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { verifyLicence } from '@relaycast/billing-core';
import { startTestServer, freePort, type ApiClient, type TestServer } from '../../test/harness.js';
import { paypalEnv, startPayPalStandIn, type PayPalStandIn } from '../../test/paypal-standin/server.js';
import { buyConstructor, captureBody, orderAndApprove, type Customer } from '../../test/paypal-standin/flow.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { dkimKeys, isWebPage, received, templateOf, waitUntil, writeSpaSite, type Received } from '../../test/mail.js';

/**
 * E-mail end to end: the read-api with its notifier in the process, sending through a real SMTP server on loopback
 * (smtp-server in its own process), messages parsed with mailparser. Address verification, password reset, a
 * purchase with its receipt (invoice PDF) and licence file, a refund, a trial's reminder and one-click unsubscribe,
 * DKIM checked offline, SMTP refusing and away, a recipient refused, the administrators' outbox and a byte-identical
 * resend, every link of every message followed. The crash test is mail-crash.int.spec.ts; the year of billing
 * messages is in routes/billing-year.int.spec.ts.
 */
describe('e-mail over SMTP: the notifier, the messages, their links', function () {
  this.timeout(120_000);
  const START = '2026-03-01T09:00:00.000Z';
  let dir: string;
  let sink: SmtpSink;
  let paypal: PayPalStandIn;
  let server: TestServer;
  let admin: ApiClient;
  const dkim = dkimKeys();

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'relaycast-mail-'));
    [sink, paypal] = await Promise.all([freePort().then((port) => startSmtpSink(join(dir, 'sink'), port)), startPayPalStandIn()]);
    server = await startTestServer({
      env: {
        ...paypalEnv(paypal),
        PORT: String(await freePort()),
        BILLING_CLOCK: 'test',
        BILLING_CLOCK_START: START,
        WEB_DIST: await writeSpaSite(join(dir, 'web')),
        NOTIFIER: 'in-process',
        SMTP_URL: sink.url,
        MAIL_FROM: 'Relaycast Billing <billing@relaycast.test>',
        MAIL_RETRY_MAX_MS: '200',
        DKIM_PRIVATE_KEY: dkim.privateKey,
        DKIM_DOMAIN: 'relaycast.test',
        DKIM_SELECTOR: 'mail2026',
      },
    });
    admin = await server.admin();
  });
  after(async () => {
    await server?.close();
    await paypal?.close();
    await sink?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Everything the log caused so far has been handed to SMTP and recorded. */
  const settled = async () => expect(await server.rt.notifier.waitFor(await server.rt.events.headPosition(), 20_000), 'the notifier caught up').to.equal(true);
  const to = async (address: string): Promise<Received[]> => (await received(sink)).filter((m) => m.to.includes(address.toLowerCase()) || m.to.includes(address));
  const register = async (name: string, language: 'en' | 'ru'): Promise<Customer> => {
    const c = server.client();
    const email = `${name.toLowerCase()}-${Date.now()}@example.com`;
    const res = await c.post('/auth/local/register', { email, password: 'violet harbour 42 lantern', givenName: name, familyName: 'Tester', privacy_policy_confirm: true, language });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return Object.assign(c, { userId: res.body.data._id as string, email });
  };
  const path = (link: string) => {
    const url = new URL(link);
    expect(url.origin, link).to.equal(server.config.publicUrl);
    return url.pathname + url.search;
  };

  let ada: Customer;
  let boris: Customer;

  it('sign-up e-mails a verification link in the site’s language; until it is followed, no trial; the link verifies and lands on the profile', async () => {
    ada = await register('Ada', 'en');
    boris = await register('Boris', 'ru');
    await settled();
    const [en] = await to(ada.email);
    const [ru] = await to(boris.email);
    expect([en?.subject, en?.lang]).to.deep.equal(['Confirm your e-mail address', 'en']);
    expect([ru?.subject, ru?.lang]).to.deep.equal(['Подтвердите адрес электронной почты', 'ru']);
    expect(ru!.mail.text).to.include('Здравствуйте, Boris!').and.include(boris.email);
    expect(en!.mail.from?.value).to.deep.equal([{ name: 'Relaycast Billing', address: 'billing@relaycast.test' }]);
    expect(en!.messageId).to.match(/^<[0-9a-f]{32}@relaycast\.test>$/);
    expect(en!.header('auto-submitted')).to.equal('auto-generated');
    expect(en!.header('list-unsubscribe'), 'not a reminder: nothing to unsubscribe from').to.equal(undefined);

    // Unverified: everything but the trial (409 naming the address).
    const sub = await buyConstructor(boris, 1);
    const refused = await boris.post('/subscriptions/startTrial', { id: sub._id });
    expect(refused.status).to.equal(409);
    expect(refused.body.error.details).to.deep.equal([{ field: 'email', message: 'is not verified yet', rule: 'notVerified' }]);
    expect((await boris.post('/auth/google/getUser')).body.data).to.include({ emailVerified: false, language: 'ru', emailReminders: true });

    const verify = ru!.links.find((l) => l.includes('/auth/verify-email?token='))!;
    const followed = await boris.get(path(verify));
    expect([followed.status, followed.headers.get('location')]).to.deep.equal([302, '/ru/user/profile?emailVerified=1']);
    expect((await boris.post('/auth/google/getUser')).body.data.emailVerified).to.equal(true);
    expect((await boris.post('/subscriptions/startTrial', { id: sub._id })).status).to.equal(200);
    // A new link is only for an unverified address.
    expect((await boris.post('/auth/local/resendVerification', {})).status).to.equal(409);
    // An expired link (the token's time is in it, signed): refused, and said so on the profile page.
    const expired = await server.rt.links.sign('verify', { uid: ada.userId, email: ada.email, exp: '2020-01-01T00:00:00.000Z' });
    const stale = await ada.get(`/auth/verify-email?token=${expired}`);
    expect(stale.headers.get('location')).to.equal('/user/profile?emailVerified=0&reason=expired');
    const api = await ada.post('/auth/verifyEmail', { token: expired });
    expect([api.status, api.body.error.details[0].field, api.body.error.details[0].rule]).to.deep.equal([400, 'token', 'expired']);
    // Ada asks for a new link: a second message, another Message-ID, a link that works.
    expect((await ada.post('/auth/local/resendVerification', {})).status).to.equal(200);
    await settled();
    const adas = await to(ada.email);
    expect(adas.map((m) => m.subject)).to.deep.equal(['Confirm your e-mail address', 'Confirm your e-mail address']);
    expect(adas[1]!.messageId).to.not.equal(adas[0]!.messageId);
    expect((await ada.post('/auth/verifyEmail', { token: new URL(adas[1]!.links.find((l) => l.includes('verify-email'))!).searchParams.get('token') })).status).to.equal(200);
  });

  it('password reset: the same answer for unknown addresses; a link that works once, ends every session; a used or expired link refused', async () => {
    const otherSession = server.client();
    expect((await otherSession.post('/auth/local/signin', { email: ada.email, password: 'violet harbour 42 lantern' })).status).to.equal(200);
    const before = sink.accepted();
    const known = await server.client().post('/auth/local/requestPasswordReset', { email: ada.email });
    const unknown = await server.client().post('/auth/local/requestPasswordReset', { email: 'nobody-here@example.com' });
    expect([known.status, known.body]).to.deep.equal([200, { data: { requested: true } }]);
    expect([unknown.status, unknown.body]).to.deep.equal([200, { data: { requested: true } }]);
    await settled();
    expect(sink.accepted() - before, 'one message: none for the unknown address').to.equal(1);
    const reset = (await to(ada.email)).at(-1)!;
    expect(reset.subject).to.equal('Reset your password');
    expect(reset.mail.text).to.match(/works once, until \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC\)/);
    const link = reset.links.find((l) => l.includes('/auth/reset-password?token='))!;
    // The link opens the web app's page (the SPA shell here); the page posts the token with the new password.
    expect((await server.client().get(path(link))).status).to.equal(200);
    const token = new URL(link).searchParams.get('token')!;
    const weak = await server.client().post('/auth/local/resetPassword', { token, password: 'password1' });
    expect([weak.status, weak.body.error.details[0].field]).to.deep.equal([400, 'password']);
    const done = await server.client().post('/auth/local/resetPassword', { token, password: 'granite orbit 77 meadow' });
    expect(done.body).to.deep.equal({ data: { reset: true, signedOutEverywhere: true } });
    expect((await ada.post('/subscriptions/findAllByToken', {})).status, 'every session ended').to.equal(401);
    expect((await otherSession.post('/subscriptions/findAllByToken', {})).status).to.equal(401);
    expect((await server.client().post('/auth/local/signin', { email: ada.email, password: 'violet harbour 42 lantern' })).status).to.equal(401);
    expect((await ada.post('/auth/local/signin', { email: ada.email, password: 'granite orbit 77 meadow' })).status).to.equal(200);
    const again = await server.client().post('/auth/local/resetPassword', { token, password: 'another orbit 88 meadow' });
    expect([again.status, again.body.error.details[0].rule]).to.deep.equal([400, 'used']);
    // The address is told the password changed (a security message: no token in it, only the way to a new reset).
    await settled();
    const changed = (await to(ada.email)).at(-1)!;
    expect(changed.subject).to.equal('Your password was changed');
    expect(changed.mail.text).to.include('was changed on').and.include('(UTC), with a password-reset link. Every other session was signed out.');
    const changedButton = changed.links.find((l) => l.includes('/auth/forgot-password'));
    expect(changedButton, 'the button leads to a new reset, asked for by the owner of the address').to.equal(`${server.config.publicUrl}/auth/forgot-password`);
    expect(changed.links.some((l) => l.includes('token=')), 'no token of any kind').to.equal(false);
    // An expired request (recorded an hour ago, its link valid 60 minutes): refused naming the token.
    const past = new Date(Date.now() - 61 * 60_000).toISOString();
    await server.rt.handler.handle((await import('@relaycast/billing-core')).userDecider, ada.userId, {
      type: 'RequestPasswordReset', data: { requestId: 'old-request', expiresAt: new Date(Date.now() - 60_000).toISOString() },
      metadata: { now: past, actorId: 'password-reset', actorRole: 'SYSTEM', correlationId: 'test-expired' },
    });
    const late = await server.client().post('/auth/local/resetPassword', { token: await server.rt.links.sign('reset', { uid: ada.userId, rid: 'old-request' }), password: 'another orbit 88 meadow' });
    expect([late.status, late.body.error.details[0].rule]).to.deep.equal([400, 'expired']);
    // An administrator sends Ada a link: the message says so; the outbox view hides the link from administrators.
    expect((await admin.post('/admin/users/sendPasswordReset', { id: ada.userId })).body).to.deep.equal({ data: { sent: true } });
    await settled();
    const byAdmin = (await to(ada.email)).at(-1)!;
    expect(byAdmin.mail.text).to.include('Our support team, at your request,');
    const listed = (await admin.post('/admin/mail/messages', { user_id: ada.userId })).body.data as { key: string; template: string }[];
    const view = (await admin.post('/admin/mail/message', { key: listed.find((m) => m.template === 'password-reset')!.key })).body.data;
    expect(view.linksHidden).to.equal(true);
    expect(view.html).to.include('/auth/reset-password?token=hidden-from-administrators').and.not.include(token);
    expect(view.text).to.include('/auth/reset-password?token=hidden-from-administrators').and.not.include(new URL(byAdmin.links.find((l) => l.includes('reset-password'))!).searchParams.get('token')!);
  });

  it('a password changed in the profile: the customer is told at once, in their language (Russian), with the time and the way back if it was not them', async () => {
    const vera = await register('Vera', 'ru');
    await settled();
    const before = (await to(vera.email)).length;
    const changed = await vera.post('/auth/local/changePassword', { currentPassword: 'violet harbour 42 lantern', newPassword: 'copper lantern 19 orchard' });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
    await settled();
    const messages = await to(vera.email);
    expect(messages.length - before, 'one message').to.equal(1);
    const m = messages.at(-1)!;
    expect([m.subject, m.lang]).to.deep.equal(['Пароль изменён', 'ru']);
    expect(m.mail.text).to.include('Здравствуйте, Vera!').and.match(/изменён \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC\), в профиле\. Все остальные сеансы завершены\./);
    expect(m.links.find((l) => l.includes('forgot-password'))).to.equal(`${server.config.publicUrl}/ru/auth/forgot-password`);
    expect(m.header('list-unsubscribe'), 'a security message: no unsubscribe').to.equal(undefined);
    // Sent even to an address not verified yet (like the other security messages).
    expect((await vera.post('/auth/google/getUser')).body.data.emailVerified).to.equal(false);
  });

  it('requests for reset links are limited per client address like sign-in (429); per account at most 3 an hour, silently', async () => {
    const limited = await startTestServer({ env: { SIGNIN_RATE_LIMIT: '3' } });
    try {
      const c = limited.client();
      const statuses: number[] = [];
      let last: { error: { message: string } } | undefined;
      for (let i = 0; i < 4; i++) {
        const res = await c.post('/auth/local/requestPasswordReset', { email: 'someone@example.com' });
        statuses.push(res.status);
        last = res.body;
      }
      expect(statuses).to.deep.equal([200, 200, 200, 429]);
      // Said as what it is: reset requests, not sign-in attempts.
      expect(last!.error.message).to.equal('Too many password-reset requests; wait a few minutes and try again');
    } finally {
      await limited.close();
    }
    const before = sink.accepted();
    for (let i = 0; i < 4; i++) expect((await server.client().post('/auth/local/requestPasswordReset', { email: boris.email })).status).to.equal(200);
    await settled();
    expect(sink.accepted() - before).to.equal(3);
  });

  let sub: { _id: string; quantity: number };
  it('a purchase (Russian): the receipt with the invoice PDF, the licence file attached (valid offline), then a refund', async () => {
    sub = await buyConstructor(boris, 2);
    // Boris's trial subscription aside: this one is paid through PayPal.
    const order = await orderAndApprove(boris, sub._id);
    expect((await boris.post('/subscriptions/captureOrder', captureBody(boris, sub, order))).status).to.equal(200);
    await settled();
    const mails = await to(boris.email);
    const receipt = mails.find((m) => templateOf(m.subject) === 'payment-received')!;
    expect(receipt.subject).to.match(/^Оплата получена: 10\s\$ за «Подписка от 1\sмар\.\s2026\sг\.»$/);
    expect(receipt.lang).to.equal('ru');
    const [pdf] = receipt.mail.attachments;
    expect([pdf!.filename, pdf!.contentType]).to.deep.equal([receipt.mail.text!.match(/Счёт (INV-\d{6})/)![1] + '.pdf', 'application/pdf']);
    writeFileSync(join(dir, 'invoice.pdf'), pdf!.content);
    const pdfText = execFileSync('pdftotext', [join(dir, 'invoice.pdf'), '-'], { encoding: 'utf8' });
    // In the customer's language, as the e-mail (issue 35): Russian words, Russian money.
    expect(pdfText).to.include('СЧЁТ').and.include(pdf!.filename!.replace('.pdf', '')).and.include('10,00 $').and.not.include('INVOICE');
    const licences = mails.filter((m) => templateOf(m.subject) === 'licence-issued');
    // The trial's licence (the other subscription) and this one's.
    expect(licences).to.have.length(2);
    const file = licences.at(-1)!.mail.attachments[0]!;
    expect(file.filename).to.match(/^relaycast-.+\.lic$/);
    const verdict = verifyLicence(file.content.toString('utf8'), server.rt.licenceKey.publicKey, START);
    expect(verdict.valid && verdict.licence).to.deep.include({ subscriptionId: sub._id, quantity: 2 });

    const invoices = (await admin.post('/invoices/findAll', { user_id: boris.userId })).body.data as { captureId: string }[];
    const refund = await admin.post('/subscriptions/refund', { id: sub._id, captureId: invoices[0]!.captureId, amount: 300 });
    expect(refund.status, JSON.stringify(refund.body)).to.equal(200);
    await settled();
    const refunded = (await to(boris.email)).find((m) => templateOf(m.subject) === 'refund-made')!;
    expect(refunded.subject).to.match(/^Возврат 3\s\$$/);
    expect(refunded.mail.text).to.match(/Мы вернули 3\s\$ из вашего платежа/);
  });

  it('reminders: the trial’s end 3 days ahead, with List-Unsubscribe one-click (RFC 8058) and a DKIM signature covering it, checked offline', async () => {
    const advanced = await admin.post('/admin/clock/advance', { to: '2026-03-05T09:30:00.000Z' });
    expect(advanced.status, JSON.stringify(advanced.body)).to.equal(200);
    await settled();
    const reminder = (await to(boris.email)).find((m) => templateOf(m.subject) === 'trial-ending')!;
    expect(reminder.subject).to.match(/^Пробный период заканчивается 8\sмарта\s2026\sг\.$/);
    const unsubscribe = reminder.header('list-unsubscribe')!;
    expect(unsubscribe).to.match(/^<http:\/\/127\.0\.0\.1:\d+\/mail\/unsubscribe\?token=[A-Za-z0-9_.-]+>$/);
    expect(reminder.header('list-unsubscribe-post')).to.equal('List-Unsubscribe=One-Click');
    const signature = reminder.header('dkim-signature')!.replace(/\s+/g, '');
    expect(signature).to.match(/h=[^;]*list-unsubscribe-post/i).and.match(/d=relaycast\.test/).and.match(/s=mail2026/);
    const resolver = async (name: string, type: string) => {
      if (type === 'TXT' && name === 'mail2026._domainkey.relaycast.test') return [[`v=DKIM1; k=rsa; p=${dkim.publicKeyBase64}`]];
      throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
    };
    const checked = await dkimVerify(reminder.raw, { resolver });
    expect(checked.results.map((r: { status: { result: string } }) => r.status.result)).to.deep.equal(['pass']);
    // Tampered (the one-click header removed): the signature no longer verifies.
    const tampered = Buffer.from(reminder.raw.toString('latin1').replace(/List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n/, ''), 'latin1');
    expect((await dkimVerify(tampered, { resolver })).results.map((r: { status: { result: string } }) => r.status.result)).to.deep.equal(['fail']);

    // The mail client's one-click POST (no session: the token names the account) turns reminders off.
    const url = unsubscribe.slice(1, -1);
    expect((await fetch(url)).status, 'GET shows a page and changes nothing').to.equal(200);
    expect((await boris.post('/auth/google/getUser')).body.data.emailReminders).to.equal(true);
    const oneClick = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).to.equal(200);
    expect(await oneClick.text()).to.include('напоминания на');
    expect((await boris.post('/auth/google/getUser')).body.data.emailReminders).to.equal(false);
  });

  it('reminders turned off in the profile are not sent; what is not a reminder still is (the trial’s end unpaid)', async () => {
    const cleo = await register('Cleo', 'en');
    expect((await cleo.post('/auth/verifyEmail', { token: await server.rt.links.sign('verify', { uid: cleo.userId, email: cleo.email, exp: '2099-01-01T00:00:00.000Z' }) })).status).to.equal(200);
    const trial = await buyConstructor(cleo, 1);
    expect((await cleo.post('/subscriptions/startTrial', { id: trial._id })).status).to.equal(200);
    expect((await cleo.post('/auth/profile/emailPreferences', { reminders: false })).body.data.emailReminders).to.equal(false);
    // Her trial (from Mar 5 09:30) ends Mar 12 09:30; its first retry (Mar 13 09:30) is still to come.
    await admin.post('/admin/clock/advance', { to: '2026-03-13T08:00:00.000Z' });
    await settled();
    const got = (await to(cleo.email)).map((m) => templateOf(m.subject));
    expect(got).to.deep.equal(['verify-email', 'licence-issued', 'renewal-failed', 'licence-issued']);
    const failed = (await to(cleo.email)).find((m) => templateOf(m.subject) === 'renewal-failed')!;
    expect(failed.subject).to.match(/^Payment needed: Subscription 2026-03-0\d$/);
    expect(failed.links.find((l) => l.includes('/user/pay/'))).to.equal(`${server.config.publicUrl}/user/pay/${trial._id}`);
  });

  it('SMTP refusing (4xx), then away (connection refused): messages wait, retried with backoff, visible in metrics and to administrators; all go out on recovery, once', async () => {
    const before = sink.accepted();
    await sink.mode('tempfail');
    const waiting = await Promise.all(['Dora', 'Emil', 'Fern'].map((n) => register(n, 'en')));
    await waitUntil('the notifier waits on a refused message', () => (server.rt.notifier.status().waiting?.attempts ?? 0) >= 3);
    const status = (await admin.post('/admin/mail/status', {})).body.data;
    expect(status).to.deep.include({ transport: 'smtp', dkim: true, notifier: 'in-process', running: true, known: true });
    expect(status.waiting).to.include({ template: 'verify-email' });
    expect(status.waiting.lastError).to.match(/421|451/);
    await sink.mode('down');
    const attempts = server.rt.notifier.status().waiting!.attempts;
    await waitUntil('tries again while the server is away', () => (server.rt.notifier.status().waiting?.attempts ?? 0) >= attempts + 2);
    expect(server.rt.notifier.status().waiting!.lastError).to.match(/ECONNREFUSED|connect/i);
    const metrics = await (await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: 'Bearer test-metrics-token' } })).text();
    expect(Number(/relaycast_mail_send_failures_total\{kind="transient"\} (\d+)/.exec(metrics)?.[1])).to.be.greaterThan(3);
    expect(Number(/^relaycast_mail_waiting_seconds (\S+)$/m.exec(metrics)?.[1])).to.be.greaterThan(0);
    expect(sink.accepted()).to.equal(before);
    await sink.mode('accept');
    await settled();
    const after = (await received(sink)).slice(before);
    expect(after.map((m) => m.to[0]).sort()).to.deep.equal(waiting.map((c) => c.email.toLowerCase()).sort());
    expect(server.rt.notifier.status().waiting).to.equal(null);
  });

  it('a recipient the SMTP server refuses for good (550): recorded as not sent, the next message goes on', async () => {
    await sink.reject('ghost-refused@example.com');
    const ghost = server.client();
    const reg = await ghost.post('/auth/local/register', { email: 'ghost-refused@example.com', password: 'violet harbour 42 lantern', givenName: 'Ghost', familyName: 'Tester', privacy_policy_confirm: true });
    const next = await register('Gina', 'en');
    await settled();
    expect((await to(next.email)).map((m) => m.subject)).to.deep.equal(['Confirm your e-mail address']);
    const [ledger] = (await admin.post('/admin/mail/messages', { user_id: reg.body.data._id })).body.data;
    expect(ledger).to.deep.include({ template: 'verify-email', status: 'not-sent', deliveries: [] });
    expect(ledger.notSent).to.include({ reason: 'RECIPIENT_REFUSED' });
    expect(ledger.notSent.detail).to.match(/550/);
  });

  it('the outbox for administrators: per customer what was sent and when; a message rendered again is the one sent; a resend is byte-identical, same Message-ID', async () => {
    const list = (await admin.post('/admin/mail/messages', { user_id: boris.userId, pageSize: 50 })).body;
    expect(list.meta.total).to.equal(list.data.length);
    // Boris: sign-up; the trial's licence; three reset links (the fourth request within the hour sent nothing); the
    // purchase's receipt and licence; the refund; the trial's reminder; the trial's end unpaid (Mar 8) and the retries
    // of Mar 9 and Mar 11, with the grace licence.
    expect(list.data.map((m: { template: string }) => m.template).sort()).to.deep.equal(
      ['verify-email', 'licence-issued', 'password-reset', 'password-reset', 'password-reset', 'payment-received', 'licence-issued', 'refund-made', 'trial-ending', 'renewal-failed', 'renewal-failed', 'renewal-failed', 'licence-issued'].sort(),
    );
    const receipt = list.data.find((m: { template: string }) => m.template === 'payment-received');
    const view = (await admin.post('/admin/mail/message', { key: receipt.key })).body.data;
    expect(view).to.deep.include({ identical: true, linksHidden: false, from: 'Relaycast Billing <billing@relaycast.test>' });
    expect(view.attachments.map((a: { filename: string; contentType: string }) => a.contentType)).to.deep.equal(['application/pdf']);
    const sent = (await to(boris.email)).find((m) => m.messageId === view.messageId)!;
    expect(sent.raw.length).to.equal(receipt.deliveries[0].bytes);

    // The reminder's unsubscribe link turns the customer's reminders off: delivered by SMTP, administrators never see its
    // token (issue 31, item 8) — in the HTML, the text, nor List-Unsubscribe; the message is still the one sent.
    const reminder = list.data.find((m: { template: string }) => m.template === 'trial-ending');
    const reminderView = (await admin.post('/admin/mail/message', { key: reminder.key })).body.data;
    const liveToken = new URL((await to(boris.email)).find((m) => m.messageId === reminderView.messageId)!.header('list-unsubscribe')!.slice(1, -1)).searchParams.get('token')!;
    expect(reminderView).to.deep.include({ identical: true, linksHidden: true });
    expect(reminderView.listUnsubscribe).to.match(/\/mail\/unsubscribe\?token=hidden-from-administrators$/);
    for (const part of [reminderView.html, reminderView.text, reminderView.listUnsubscribe]) expect(part).to.not.include(liveToken);
    expect(reminderView.html).to.include('/mail/unsubscribe?token=hidden-from-administrators');
    // No token of any kind: the address verification sent by SMTP hides its link too (html, text, the links listed).
    const verification = list.data.find((m: { template: string }) => m.template === 'verify-email');
    const verificationView = (await admin.post('/admin/mail/message', { key: verification.key })).body.data;
    const verifyToken = new URL((await to(boris.email)).find((m) => m.messageId === verificationView.messageId)!.links.find((l) => l.includes('verify-email'))!).searchParams.get('token')!;
    expect(verificationView).to.deep.include({ linksHidden: true });
    expect(verificationView.outboxFile, 'sent, not in an outbox').to.equal(undefined);
    for (const part of [verificationView.html, verificationView.text, ...verificationView.links]) expect(part).to.not.include(verifyToken);
    expect(verificationView.links).to.include(`${server.config.publicUrl}/auth/verify-email?token=hidden-from-administrators`);

    const before = sink.accepted();
    expect((await admin.post('/admin/mail/resend', { key: receipt.key })).body.data).to.deep.equal({ key: receipt.key, status: 'resend-asked' });
    await settled();
    const [resent] = (await received(sink)).slice(before);
    expect(resent!.messageId).to.equal(sent.messageId);
    expect(resent!.raw.equals(sent.raw), 'byte-identical').to.equal(true);
    const ledger = (await admin.post('/admin/mail/messages', { user_id: boris.userId, pageSize: 50 })).body.data.find((m: { key: string }) => m.key === receipt.key);
    expect(ledger.deliveries.map((d: { delivery: number; sha256: string }) => [d.delivery, d.sha256])).to.deep.equal([
      [1, receipt.deliveries[0].sha256],
      [2, receipt.deliveries[0].sha256],
    ]);
  });

  it('every link in every message is followed: a page of the web app (200), or a redirect to one', async () => {
    const all = await received(sink);
    const links = new Map<string, string>();
    for (const m of all) for (const link of m.links) links.set(link, templateOf(m.subject));
    expect([...new Set(all.map((m) => templateOf(m.subject)))].sort(), 'every kind of message sent here').to.deep.equal(['licence-issued', 'password-changed', 'password-reset', 'payment-received', 'refund-made', 'renewal-failed', 'trial-ending', 'verify-email']);
    // Each has its button (or the unsubscribe link), the profile (settings) and the home page.
    for (const m of all) expect(m.links.length, m.subject).to.be.at.least(3);
    const bad: string[] = [];
    for (const link of links.keys()) {
      const local = path(link);
      const res = await fetch(`${server.baseUrl}${local}`, { redirect: 'manual' });
      const where = res.status === 302 ? res.headers.get('location')! : local;
      const page = new URL(where, server.baseUrl).pathname;
      const ok = (res.status === 200 || res.status === 302) && ((await isWebPage(page)) || page === '/mail/unsubscribe');
      if (!ok) bad.push(`${res.status} ${local} → ${where}`);
    }
    expect(bad).to.deep.equal([]);
    expect(links.size).to.be.greaterThan(15);
  });

  it('without SMTP_URL, the outbox: files under DATA_DIR/outbox that administrators read; erasure deletes them and the message is not shown again', async () => {
    const local = await startTestServer({ env: { NOTIFIER: 'in-process' } });
    try {
      const c = await local.customer('Otto', { verified: false });
      expect(await local.rt.notifier.waitFor(await local.rt.events.headPosition(), 10_000)).to.equal(true);
      const files = readdirSync(join(local.dataDir, 'outbox', c.userId));
      expect(files).to.have.length(1);
      const localAdmin = await local.admin();
      const [message] = (await localAdmin.post('/admin/mail/messages', { user_id: c.userId })).body.data;
      expect(message.deliveries[0].transport).to.equal('outbox');
      const view = (await localAdmin.post('/admin/mail/message', { key: message.key })).body.data;
      expect(view.identical).to.equal(true);
      expect(view.to).to.equal(`Otto Tester <${c.email}>`);
      // Never sent: shown whole, the verification link included (an administrator passes it on), with its file.
      const eml = join(local.dataDir, 'outbox', c.userId, files[0]!);
      expect(view).to.deep.include({ linksHidden: false, outboxFile: eml });
      const verifyLink = view.links.find((l: string) => l.includes('/auth/verify-email?token='));
      const liveToken = new URL(verifyLink).searchParams.get('token')!;
      expect(readFileSync(eml, 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=')).to.include(liveToken);
      expect(view.html).to.include(liveToken);
      expect(view.text).to.include(liveToken);
      expect(local.rt.links.verify('verify', liveToken), 'a genuine link').to.not.equal(null);
      expect((await c.get(`/auth/verify-email?token=${liveToken}`)).headers.get('location')).to.equal('/user/profile?emailVerified=1');
      expect((await localAdmin.post('/admin/mail/status', {})).body.data).to.include({ transport: 'outbox', sent: 1 });
      expect((await localAdmin.post('/users/erase', { id: c.userId, reason: 'GDPR request' })).status).to.equal(200);
      expect(await local.rt.notifier.waitFor(await local.rt.events.headPosition(), 10_000)).to.equal(true);
      await local.rt.readSide.waitFor(await local.rt.events.headPosition(), 10_000);
      expect(readdirSync(join(local.dataDir, 'outbox'))).to.not.include(c.userId);
      const hidden = await localAdmin.post('/admin/mail/message', { key: message.key });
      expect([hidden.status, hidden.body.error.details[0].field]).to.deep.equal([409, 'key']);
      expect((await localAdmin.post('/admin/mail/resend', { key: message.key })).status).to.equal(409);
      // The ledger keeps the fact (no address, no content): the message was sent, when, its size.
      const [kept] = (await localAdmin.post('/admin/mail/messages', { user_id: c.userId })).body.data;
      expect(kept).to.deep.include({ template: 'verify-email', status: 'sent', userErased: true });
    } finally {
      await local.close();
    }
  });
});
