/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { render } from '@react-email/render';
import {
  DEFAULT_LANGUAGE,
  formatMoney,
  REMINDER_TEMPLATES,
  type AnyEvent,
  type EventEnvelope,
  type InvoiceIssued,
  type Language,
  type MessageTemplate,
  type ReminderKind,
  type DomainEvent,
} from '@relaycast/contracts';
import {
  dueOf,
  licenceDocumentOf,
  paidWithDemoMoney,
  nextRetryOf,
  signLicenceFile,
  subscriptionDecider,
  userDecider,
  type EventStore,
  type ExistingSubscription,
  type ExistingUser,
  type SigningKey,
  aggregate, foldEvents, type Fold,
} from '@relaycast/billing-core';
import { invoicePdf } from '../invoices/pdf.js';
import { LINK_PATHS, type LinkSigner } from './links.js';
import { MessageLayout, type LayoutProps } from './layout.js';
import { subscriptionNameIn, wordsIn } from '../words/index.js';

/**
 * Which messages an event causes, and each message rendered from the events up to its cause — the user's and the
 * subscription's streams read to the cause's position, never the read models or "now" — so rendering one again later
 * gives the same bytes (docs/notifications.md). A message is about the customer's own account and billing only.
 */

export interface MailDeps {
  events: Pick<EventStore, 'readStream'>;
  links: LinkSigner;
  publicUrl: string;
  licenceKey: SigningKey;
  /** Demo licences are signed with it (never with licenceKey). */
  demoLicenceKey: SigningKey;
}

export interface Attachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface RenderedMessage {
  template: MessageTemplate;
  userId: string;
  language: Language;
  to: { name: string; address: string };
  subject: string;
  html: string;
  text: string;
  attachments: Attachment[];
  /** Reminders: the one-click unsubscribe URL (List-Unsubscribe, RFC 8058). */
  unsubscribeUrl?: string;
  /** The cause's time: the message's Date header. */
  date: string;
  /** Links in the message that a person follows (for tests and the administrators' view). */
  links: string[];
}

/** How long an address-verification link works. */
export const VERIFY_LINK_DAYS = 7;
const DAY_MS = 86_400_000;

const REMINDER_TEMPLATE: Record<ReminderKind, MessageTemplate> = { TRIAL_ENDING: 'trial-ending', ANNUAL_RENEWAL: 'annual-renewal', LICENCE_EXPIRING: 'licence-expiring' };

/** The events the notifier reads (the rest only move its checkpoint). */
export const MAIL_EVENT_TYPES: ReadonlySet<string> = new Set([
  'UserRegistered', 'EmailVerificationRequested', 'UserUpdated', 'PasswordResetRequested', 'UserPasswordChanged', 'PasswordReset', 'InvoiceIssued', 'RenewalFailed', 'ReminderFellDue',
  'SubscriptionPaused', 'SubscriptionCancelled', 'CancellationScheduled', 'LicenceIssued', 'PaymentRefunded',
]);

/** Folds a stream's events, up to the global position `upTo`, with a decider's evolve. */
async function stateOf<S, E extends DomainEvent>(deps: MailDeps, decider: Fold<S, E>, id: string, upTo: bigint): Promise<S> {
  const { events } = await aggregate(deps.events, decider, id);
  return foldEvents(decider, events.filter((e) => e.position <= upTo));
}

const existingUser = (s: Awaited<ReturnType<typeof userAt>>) => (s.status === 'NONE' ? null : s);
const userAt = (deps: MailDeps, userId: string, upTo: bigint) => stateOf(deps, userDecider, userId, upTo);
async function subscriptionAt(deps: MailDeps, id: string, upTo: bigint): Promise<ExistingSubscription | null> {
  const s = await stateOf(deps, subscriptionDecider, id, upTo);
  return s.status === 'NONE' ? null : (s as ExistingSubscription);
}
const subscriptionIdOf = (streamId: string) => (streamId.startsWith('subscription-') ? streamId.slice('subscription-'.length) : null);

/** Was the invoice's capture a charge of the saved wallet for a billing period (a renewal), rather than a checkout? */
async function chargedSavedWallet(deps: MailDeps, invoice: InvoiceIssued, upTo: bigint): Promise<boolean> {
  const events = await deps.events.readStream(subscriptionDecider.streamId(invoice.subscriptionId));
  const ordered = events.find((e) => e.position <= upTo && e.type === 'PaymentOrdered' && (e.data as { paypalOrderID: string }).paypalOrderID === invoice.paypalOrderID);
  const data = ordered?.data as { requestId?: string; purpose?: string } | undefined;
  return Boolean(data?.requestId) && data?.purpose === 'period';
}

/** The templates an event causes (none for most events). Deterministic: it reads only the log up to the event. */
export async function templatesFor(deps: MailDeps, raw: EventEnvelope): Promise<MessageTemplate[]> {
  if (!MAIL_EVENT_TYPES.has(raw.type)) return [];
  const event = raw as AnyEvent;
  switch (event.type) {
    case 'UserRegistered':
      // Signing up with an e-mail address (not an administrator creating an account, not Google's verified address).
      return !event.data.emailVerified && event.data.strategy !== 'google' && event.metadata.actorId === event.data.userId ? ['verify-email'] : [];
    case 'EmailVerificationRequested':
      return ['verify-email'];
    case 'UserUpdated':
      return typeof event.data.changes.email === 'string' ? ['verify-email'] : [];
    case 'PasswordResetRequested':
      return ['password-reset'];
    // A changed password is said to the address at once (in the profile, or with a reset link): if it was not the
    // customer, they learn it and can take the account back.
    case 'UserPasswordChanged':
    case 'PasswordReset':
      return ['password-changed'];
    case 'InvoiceIssued':
      // A service paid from account credit alone (an invoice of total 0, for its tax) moved no money: no receipt —
      // the invoice is in the account, as before taxes (when such a payment had none).
      if (event.data.total === 0) return [];
      return [(await chargedSavedWallet(deps, event.data, event.position)) ? 'renewal-charged' : 'payment-received'];
    case 'RenewalFailed':
      return ['renewal-failed'];
    case 'ReminderFellDue':
      return [REMINDER_TEMPLATE[event.data.reminder]];
    case 'SubscriptionPaused':
      return ['paused'];
    case 'SubscriptionCancelled':
    case 'CancellationScheduled': {
      // About a subscription the customer had (it was licensed once), not a checkout abandoned before paying.
      const sub = await subscriptionAt(deps, subscriptionIdOf(event.streamId) ?? '', event.position);
      if (!sub?.licence) return [];
      return [event.type === 'SubscriptionCancelled' ? 'cancelled' : 'cancellation-scheduled'];
    }
    case 'LicenceIssued':
      return ['licence-issued'];
    case 'PaymentRefunded':
      // A reversal is the buyer's own doing at PayPal (a chargeback): no message.
      return event.data.reversal ? [] : ['refund-made'];
    default:
      return [];
  }
}

const money = (cents: number, currency: string, lang: Language) => formatMoney(cents, lang, { currency });
const day = (iso: string, lang: Language) => new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
const minute = (iso: string) => iso.slice(0, 16).replace('T', ' ');
const subscriptionNameOf = subscriptionNameIn;

/** What one message says and links to, before the layout: its words filled, its facts, its button, its attachments. */
interface Content {
  values: Record<string, string>;
  facts?: [string, string][];
  button?: string;
  attachments?: Attachment[];
  /** Fills paragraphs that are whole sentences chosen here. */
}

/**
 * Renders the message `template` caused by `cause`: null when there is nothing to send (reminders turned off as of
 * the cause, the user unknown). Throws only on a bug or an unreadable store.
 */
export async function renderMessage(deps: MailDeps, cause: EventEnvelope, template: MessageTemplate, options: { demo?: boolean } = {}): Promise<RenderedMessage | null> {
  const event = cause as AnyEvent;
  const upTo = cause.position;
  const subscriptionId = event.type === 'InvoiceIssued' ? event.data.subscriptionId : subscriptionIdOf(cause.streamId);
  const sub = subscriptionId ? await subscriptionAt(deps, subscriptionId, upTo) : null;
  const userId = event.type === 'InvoiceIssued' ? event.data.userId : cause.streamId.startsWith('user-') ? cause.streamId.slice('user-'.length) : sub?.user_id;
  if (!userId) return null;
  const user = existingUser(await userAt(deps, userId, upTo)) as ExistingUser | null;
  if (!user || !user.email) return null;
  if (REMINDER_TEMPLATES.includes(template) && !user.emailReminders) return null;
  const lang: Language = user.language ?? DEFAULT_LANGUAGE;
  const w = wordsIn(lang);
  const P = (key: string, values: Record<string, unknown> = {}) => w.t(key, values);
  const F = (key: string) => w.t(`facts:${key}`);
  const prefix = lang === 'en' ? '' : `/${lang}`;
  const url = (path: string) => `${deps.publicUrl}${prefix}${path}`;
  const subscriptionsUrl = url(LINK_PATHS.subscriptions);
  const subscription = sub ? subscriptionNameOf(sub.name, lang) : '';
  const base: Record<string, string> = { name: user.givenName || user.email, email: user.email, subscription };
  const every = (months: number) => (months === 1 ? P('everyMonth') : P('everyMonths', { count: months }));

  let content: Content;
  let href = subscriptionsUrl;
  switch (template) {
    case 'verify-email': {
      const exp = new Date(Date.parse(cause.occurredAt) + VERIFY_LINK_DAYS * DAY_MS).toISOString();
      const token = await deps.links.sign('verify', { uid: user.id, email: user.email, exp });
      href = `${deps.publicUrl}${LINK_PATHS.verify}?token=${token}`;
      content = { values: { days: P('days', { count: VERIFY_LINK_DAYS }) } };
      break;
    }
    case 'password-reset': {
      if (event.type !== 'PasswordResetRequested') return null;
      const token = await deps.links.sign('reset', { uid: user.id, rid: event.data.requestId });
      href = `${url(LINK_PATHS.reset)}?token=${token}`;
      content = { values: { who: event.data.by === 'ADMIN' ? P('adminWho') : P('userWho'), expires: minute(event.data.expiresAt) } };
      break;
    }
    case 'password-changed': {
      if (event.type !== 'UserPasswordChanged' && event.type !== 'PasswordReset') return null;
      // No token: the button opens the page that e-mails a reset link to this address (the account's owner only).
      href = url(LINK_PATHS.forgotPassword);
      content = { values: { when: minute(event.data.at), how: event.type === 'PasswordReset' ? P('changedByLink') : P('changedInProfile') } };
      break;
    }
    case 'payment-received':
    case 'renewal-charged': {
      if (event.type !== 'InvoiceIssued') return null;
      const invoice = event.data;
      const period = invoice.lines.find((l) => l.periodStart && l.periodEnd);
      const pdf = await invoicePdf({ ...invoice, credited: 0, creditNotes: [] }, lang);
      content = {
        values: { amount: money(invoice.total, invoice.currency, lang), invoice: invoice.number, subscription: subscriptionNameOf(invoice.subscriptionName, lang) },
        facts: [
          [F('invoice'), invoice.number],
          [F('amount'), money(invoice.total, invoice.currency, lang)],
          [F('paidOn'), day(invoice.paidAt, lang)],
          ...(period ? [[F('period'), `${day(period.periodStart!, lang)} – ${day(period.periodEnd!, lang)}`] as [string, string]] : []),
        ],
        attachments: [{ filename: `${invoice.number}.pdf`, contentType: 'application/pdf', content: pdf }],
      };
      break;
    }
    case 'renewal-failed': {
      if (event.type !== 'RenewalFailed' || !sub?.dunning) return null;
      const { timeline } = sub.dunning;
      const due = dueOf(sub, cause.occurredAt);
      const amount = money(due?.amount ?? sub.amount, sub.currency, lang);
      const retry = nextRetryOf(sub.dunning);
      href = url(LINK_PATHS.pay(sub.id));
      content = {
        values: {
          amount,
          due: day(timeline.dueAt, lang),
          graceUntil: day(timeline.graceUntil, lang),
          cancelAt: day(timeline.cancelAt, lang),
          reason: event.data.reason === 'DECLINED' ? P('reasonDeclined') : P('reasonNoWallet'),
        },
        facts: [
          [F('amount'), amount],
          [F('due'), day(timeline.dueAt, lang)],
          [F('attempt'), String(event.data.attempt + 1)],
          ...(retry && retry <= timeline.suspendAt ? [[F('nextRetry'), day(retry, lang)] as [string, string]] : []),
        ],
      };
      break;
    }
    case 'trial-ending':
    case 'annual-renewal': {
      if (event.type !== 'ReminderFellDue' || !sub) return null;
      const due = dueOf(sub, event.data.dueAt);
      const amount = money(due?.amount ?? sub.amount, sub.currency, lang);
      const wallet = sub.vault !== undefined;
      const next =
        template === 'trial-ending'
          ? wallet
            ? P('trialNextWallet', { amount, every: every(sub.plan.billingMonths) })
            : P('trialNextPay', { amount })
          : wallet ? P('annualNextWallet') : P('annualNextPay');
      content = { values: { date: day(event.data.dueAt, lang), amount, next, period: P('months', { count: sub.plan.billingMonths }) } };
      break;
    }
    case 'licence-expiring': {
      if (event.type !== 'ReminderFellDue') return null;
      content = { values: { date: day(event.data.dueAt, lang) } };
      break;
    }
    case 'paused': {
      if (event.type !== 'SubscriptionPaused' || !sub) return null;
      const unpaid = event.data.reason === 'NON_PAYMENT';
      const due = dueOf(sub, cause.occurredAt);
      const amount = money(due?.amount ?? sub.amount, sub.currency, lang);
      if (unpaid) href = url(LINK_PATHS.pay(sub.id));
      const reason = unpaid
        ? P('pausedUnpaid', { subscription, due: day(sub.dunning?.timeline.dueAt ?? cause.occurredAt, lang) })
        : P('pausedAdmin', { subscription, until: event.data.resumeAt ? P('pausedUntil', { date: day(event.data.resumeAt, lang) }) : '' });
      content = { values: { reason, action: unpaid ? P('payAction', { amount }) : P('accountAction') } };
      break;
    }
    case 'cancelled': {
      if (event.type !== 'SubscriptionCancelled') return null;
      const unpaid = sub?.pause?.reason === 'NON_PAYMENT' || /unpaid/i.test(event.data.reason ?? '');
      const reason = event.data.cause === 'PAYMENT_TAKEN_BACK' ? P('cancelledTakenBack') : unpaid ? P('cancelledUnpaid') : '';
      content = { values: { date: day(event.data.at ?? cause.occurredAt, lang), reason } };
      break;
    }
    case 'cancellation-scheduled': {
      if (event.type !== 'CancellationScheduled') return null;
      content = { values: { date: day(event.data.cancelAt, lang) } };
      break;
    }
    case 'licence-issued': {
      if (event.type !== 'LicenceIssued' || !sub) return null;
      // A demo licence when demo money paid into the subscription, as of the cause (its file is signed with the demo key).
      const history = (await deps.events.readStream(subscriptionDecider.streamId(sub.id))).filter((e) => e.position <= upTo);
      const doc = licenceDocumentOf(sub, { demo: paidWithDemoMoney(history) });
      if (!doc) return null;
      const validUntil = doc.validUntil.startsWith('9999') ? F('noEnd') : day(doc.validUntil, lang);
      content = {
        values: { key: doc.licenceKey, validUntil, units: P('units', { count: doc.quantity }) },
        facts: [
          [F('licenceKey'), doc.licenceKey],
          [F('units'), String(doc.quantity)],
          [F('validUntil'), validUntil],
        ],
        attachments: [{ filename: `relaycast-${doc.licenceKey}.lic`, contentType: 'text/plain', content: Buffer.from(signLicenceFile(doc, { licence: deps.licenceKey, demo: deps.demoLicenceKey }), 'utf8') }],
      };
      break;
    }
    case 'refund-made': {
      if (event.type !== 'PaymentRefunded' || !sub) return null;
      const amount = money(event.data.amount, event.data.currency, lang);
      content = { values: { amount, date: day(event.data.refundedAt, lang) }, facts: [[F('amount'), amount], [F('refundedOn'), day(event.data.refundedAt, lang)]] };
      break;
    }
  }

  const values = { ...base, ...content.values };
  const part = (name: 'subject' | 'preview' | 'heading' | 'button' | 'after') => (w.has(`mail:${template}.${name}`) ? w.t(`mail:${template}.${name}`, values) : undefined);
  const reminder = REMINDER_TEMPLATES.includes(template);
  const unsubscribeUrl = reminder ? `${deps.publicUrl}${LINK_PATHS.unsubscribe}?token=${await deps.links.sign('unsubscribe', { uid: user.id })}` : undefined;
  const [before, after] = w.t('footerReminder', { unsubscribe: '\u0000' }).split('\u0000') as [string, string];
  const layout: LayoutProps = {
    lang,
    preview: part('preview')!,
    heading: part('heading')!,
    paragraphs: w.list(`mail:${template}.paragraphs`, values).map((p) => p.replace(/\s+$/, '')),
    ...(content.facts ? { facts: content.facts } : {}),
    ...(part('button') !== undefined ? { button: { label: part('button')!, href } } : {}),
    ...(part('after') !== undefined ? { after: part('after')! } : {}),
    footer: {
      why: P('footerWhy', values),
      ...(unsubscribeUrl ? { reminder: { before, label: P('unsubscribe'), after, href: unsubscribeUrl } } : {}),
      settings: { label: P('footerSettings'), href: url(LINK_PATHS.profile) },
      ...(options.demo || cause.metadata.demo ? { demo: P('demo') } : {}),
    },
    home: `${deps.publicUrl}${prefix}/`,
  };
  const element = <MessageLayout {...layout} />;
  const html = await render(element);
  // The plain-text part: headings as written (not upper-cased), the logo left out, facts as a two-column table.
  const text = await render(element, { plainText: true, htmlToTextOptions: { selectors: [{ selector: 'h1', options: { uppercase: false } }] } });
  const links = [...new Set([...(layout.button ? [layout.button.href] : []), ...(unsubscribeUrl ? [unsubscribeUrl] : []), layout.footer.settings.href, layout.home])];
  return {
    template,
    userId: user.id,
    language: lang,
    to: { name: [user.givenName, user.familyName].filter(Boolean).join(' '), address: user.email },
    subject: part('subject')!,
    html,
    text,
    attachments: content.attachments ?? [],
    ...(unsubscribeUrl ? { unsubscribeUrl } : {}),
    date: cause.occurredAt,
    links,
  };
}
