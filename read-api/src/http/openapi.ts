import { Type, type TSchema } from '@sinclair/typebox';
import {
  AcceptedMeta,
  BillingClockView,
  BillingPolicyView,
  EntryView,
  FileView,
  FinanceLedgerEntryView,
  FinanceReportView,
  FinanceTrialBalanceView,
  HealthView,
  HistoryItem,
  LicenceDocumentView,
  LicenceVerdictView,
  OrderView,
  PageMeta,
  PricedModule,
  QuoteView,
  TaxLine,
  VatNumberCheck,
  ReadModelVerificationView,
  ReadyView,
  InvoiceView,
  CreditNoteView,
  BillingDetailsView,
  SignedInView,
  SubscriptionView,
  UPLOAD_MAX_BYTES,
  UPLOAD_MIME_TYPES,
  UserView,
  WebhookOutcomeView,
  errorAnswerSchema,
  CREDIT_NOTE_NUMBER_PATTERN,
  INVOICE_NUMBER_PATTERN,
  type ErrorCode,
} from '@relaycast/contracts';
import { ERROR_CODES, httpStatusOf } from './errors.js';
import { JSON_BODY_LIMIT, type Access, type RouteDef } from './route.js';

/**
 * The OpenAPI 3.1 document of this server's API, made from the same TypeBox schemas the routes validate bodies with
 * and from the answer schemas of contracts/src/schemas (views.ts, answers.ts). Every JSON route of the route table,
 * and the routes mounted on the router directly (downloads, webhook, OAuth redirects, operations), described in
 * SERVED_OPERATIONS below. read-api/src/http/openapi.int.spec.ts checks that every route the server serves is here
 * and that real answers validate against what is documented; openapi-lint.int.spec.ts lints it with Redocly's
 * recommended rules.
 */

type Json = Record<string, unknown>;
type Security = 'public' | 'session' | 'metrics';
interface Operation {
  method: 'get' | 'post';
  /** The OpenAPI path ({param} templates). */
  path: string;
  tag: string;
  summary: string;
  description: string;
  security: Security;
  parameters?: Json[];
  requestBody?: Json;
  responses: Record<string, Json>;
}

const ACCESS_TEXT: Record<Access, string> = {
  public: 'Anyone (no session needed).',
  signedIn: 'Any signed-in user.',
  customer: 'Customers (their own data) and administrators.',
  customerOrFinance: 'Customers (their own data), administrators and the read-only finance role (any).',
  finance: 'Administrators and the read-only finance role.',
  admin: 'Administrators only.',
};

const TAGS: Record<string, string> = {
  Auth: 'Sign-in, sign-up, sign-out and the signed-in user. Sign-in answers the session token API clients send as the AUTH_TOKEN_VALUE header.',
  Users: 'Accounts, their audit trail and erasure (administrators).',
  Subscriptions: 'Buying, reading, revising, cancelling and administering subscriptions; their auditable history.',
  Payments: 'PayPal orders and captures, funding sources and saved wallets, refunds; the PayPal settings for the browser.',
  Invoices: 'Invoices (one per capture of money) and credit notes (one per refund or reversal), numbered without gaps from the event log: as data and as PDFs; the CSV export for finance; the billing details invoices are made out to.',
  Licences: 'Signed licence files for the self-hosted engine: download, online check, the current file, the public key.',
  Content: 'Templates and materials of the admin area, and the published materials pages read.',
  Files: 'Uploaded files (administrators) and their public downloads.',
  Finance: 'Revenue figures and recognition as of a day, the trial balance and the ledger (double entry), the quarter’s OSS (EU VAT) report, the reconciliation report and read-model verification (administrators and the read-only finance role).',
  'Billing clock': 'Billing time, the test clock, and the billing policy every process follows.',
  Admin: 'The administrators’ home: what needs attention, users and subscriptions counted, the latest events.',
  Mail: 'E-mail to customers (administrators): the outbox of every message, per customer what was sent and when, one message rendered again from the log, resends, the notifier’s status; and the one-click unsubscribe link of reminders.',
  Webhooks: 'Deliveries from PayPal.',
  Operations: 'Liveness, readiness, metrics and this document.',
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Not signed in',
  402: 'Payment declined',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict with the current state',
  413: 'Body too large',
  415: 'Unsupported media type',
  422: 'Unprocessable',
  429: 'Too many requests',
  500: 'Unexpected failure',
  502: 'PayPal failed',
  503: 'Unavailable',
  507: 'Storage full',
};

/** What each code means, for the responses' descriptions. */
const CODE_TEXT: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'the body or a parameter is not valid (not JSON, not an object, a field breaking its rule): `message` names the field, `details` lists each problem with its rule',
  UNAUTHORIZED: 'not signed in: no session token, or an expired, forged or revoked one',
  FORBIDDEN: 'this role, or this resource, is not the caller’s; or a cookie-authenticated call without this site’s Origin (cross-site request refused)',
  NOT_FOUND: 'what the request names does not exist',
  METHOD_NOT_ALLOWED: 'a method the path does not serve',
  CONFLICT: 'the current state does not allow it (already registered, cancelled, nothing due, one free plan or trial per customer…)',
  CONCURRENCY_CONFLICT: 'changed by another request at the same moment (after retries): reload and try again',
  INVALID_TRANSITION: 'the status machine does not allow this move',
  PAYLOAD_TOO_LARGE: `the body is larger than the limit (${JSON_BODY_LIMIT} for JSON)`,
  UNSUPPORTED_MEDIA_TYPE: 'the body is not sent as application/json (or its charset or encoding is not supported)',
  PRICE_MISMATCH: 'a figure sent differs from the catalogue price the server computes',
  IDEMPOTENCY_KEY_REUSED: 'this Idempotency-Key was used with a different body: use a new key for a new purchase',
  RATE_LIMITED: 'too many attempts: sign-in attempts per client address, or changes per user in 10 minutes (WRITE_QUOTA)',
  VERIFICATION_LINK_TOO_SOON: 'a verification link was sent less than a minute ago: wait a moment',
  RESET_LINK_LIMIT: 'the account’s password-reset links for the hour are used up',
  PAYMENT_PROVIDER_FAILED: 'PayPal did not answer or failed, or payments are not configured on this server: nothing was charged',
  PAYMENT_DECLINED: 'PayPal declined the payment (the buyer’s funding source): nothing was charged',
  PAYMENT_REFUSED: 'PayPal refused the request on business grounds (an order not approved, already captured…)',
  PAYMENT_IN_PROGRESS: 'another payment of this subscription is being taken right now: try again in a moment',
  TAX_COUNTRY_CONFLICT: 'the billing country and the country of the PayPal account that approved the order disagree (details: billingCountry, payerCountry): nothing was charged; capture again with confirmCountry set to the billing country, or change the billing details and pay a new order',
  UNAVAILABLE: 'a store (event store, read models, sessions) cannot be reached right now: try again shortly',
  STORAGE_FULL: 'no space left to record anything: nothing was recorded',
  INTERNAL: 'something failed on the server; the request id is in the X-Request-Id header',
};

/** The schemas the document names (components/schemas): wherever one appears, a $ref stands in its place. */
const NAMED_SCHEMAS: Record<string, TSchema> = {
  UserView,
  SignedInView,
  SubscriptionView,
  HistoryItem,
  EntryView,
  FileView,
  PageMeta,
  PricedModule,
  QuoteView,
  TaxLine,
  VatNumberCheck,
  OrderView,
  InvoiceView,
  CreditNoteView,
  BillingDetailsView,
  LicenceDocumentView,
  LicenceVerdictView,
  FinanceReportView,
  FinanceTrialBalanceView,
  FinanceLedgerEntryView,
  ReadModelVerificationView,
  BillingPolicyView,
  BillingClockView,
  WebhookOutcomeView,
  AcceptedMeta,
  ErrorAnswer: errorAnswerSchema(ERROR_CODES),
};
const ERROR_REF = { $ref: '#/components/schemas/ErrorAnswer' };

const json = (schema: unknown) => ({ 'application/json': { schema } });

/**
 * The error answers of a set of codes, one response per status: its codes (also as `x-error-codes`, for tools and
 * the tests) and what each means.
 */
function errorResponses(codes: Iterable<ErrorCode>): Record<string, Json> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = httpStatusOf(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, Json> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const unique = [...new Set(list)];
    out[status] = {
      description: `${STATUS_TEXT[status] ?? 'Error'}: ${unique.map((c) => `\`${c}\` — ${CODE_TEXT[c]}`).join('; ')}.`,
      'x-error-codes': unique,
      content: json(ERROR_REF),
    };
  }
  return out;
}

/** Every operation can meet this one: Node's HTTP server refuses request headers beyond 16 KiB before any route runs. */
const HEADERS_TOO_LARGE = { 431: { $ref: '#/components/responses/HeadersTooLarge' } };

/** The failures a JSON route can answer: from the JSON mount, its access level, whether it writes, and its own work. */
export function failureCodesOf(route: RouteDef): Set<ErrorCode> {
  // Every JSON call: body parsing and checks (400, 413, 415), the cross-site check of cookie-authenticated calls (403).
  const codes = new Set<ErrorCode>(['VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'FORBIDDEN', 'INTERNAL']);
  if (route.access !== 'public') codes.add('UNAUTHORIZED');
  if (!route.storeless) codes.add('UNAVAILABLE');
  if (!route.query && !route.recordsNothing) {
    codes.add('CONCURRENCY_CONFLICT');
    codes.add('STORAGE_FULL');
  }
  // The per-user write quota: every route not marked query, for signed-in users other than administrators.
  if (!route.query && route.access !== 'admin') codes.add('RATE_LIMITED');
  for (const code of route.errors ?? []) codes.add(code);
  return codes;
}

/**
 * operationId from the method and path, stable as long as the path is: POST /subscriptions/findAll →
 * subscriptionsFindAll (the path is the call's name), GET /licence/public-key → getLicencePublicKey. Path parameters
 * are left out (GET /files/{id}/{name} → getFiles).
 */
export function operationIdOf(method: 'get' | 'post', path: string): string {
  const words = path.replace(/\{[^}]*\}/g, ' ').split(/[^A-Za-z0-9]+/).filter(Boolean);
  const camel = words.map((w, i) => (i === 0 ? w[0]!.toLowerCase() : w[0]!.toUpperCase()) + w.slice(1)).join('');
  return method === 'post' ? camel : `get${camel[0]!.toUpperCase()}${camel.slice(1)}`;
}

function hasRequired(schema: TSchema): boolean {
  const required = (schema as { required?: unknown }).required;
  return Array.isArray(required) && required.length > 0;
}

function jsonRouteOperation(route: RouteDef): Operation {
  const data = route.answer ?? Type.Unknown();
  const success = Type.Object({ data, ...(route.answerMeta ? { meta: route.answerMeta } : {}) });
  const responses: Record<string, Json> = {};
  for (const status of route.success ?? [200]) {
    responses[status] = {
      description: status === 201 ? 'Created: `{ data }`' : route.answerMeta === PageMeta ? 'A page: the items as `data`, the paging as `meta`' : 'OK: `{ data }`',
      content: json(success),
    };
  }
  if (!route.query && !route.recordsNothing) {
    responses[202] = {
      description:
        'Recorded, not yet readable: the change is in the event store, but the read models had not caught up in time (`meta.consistent: false`; or, for a capture, PayPal is still reviewing it: `meta.pending`). `data` is what could be read (null when nothing yet). Read again shortly; do not repeat the call.',
      content: json(Type.Object({ data: Type.Union([data, Type.Null()]), meta: AcceptedMeta })),
    };
  }
  Object.assign(responses, errorResponses(failureCodesOf(route)), HEADERS_TOO_LARGE);
  const parameters = (route.headers ?? []).map((h) => ({ name: h.name, in: 'header', required: h.required, description: h.description, schema: h.schema }));
  return {
    method: 'post',
    path: route.path,
    tag: route.tag,
    summary: route.summary,
    description: `Access: ${ACCESS_TEXT[route.access]}${route.query ? ' Reads only.' : ''}`,
    security: route.access === 'public' ? 'public' : 'session',
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: hasRequired(route.body), content: json(route.body) } } : {}),
    responses,
  };
}

const text = (mediaType: string, description: string, extra: Json = {}) => ({ description, content: { [mediaType]: { schema: { type: 'string' } } }, ...extra });
const UNEXPECTED = { default: { description: `Unexpected failure (500): ${CODE_TEXT.INTERNAL}.`, content: json(ERROR_REF) } };
const pathParam = (name: string, description: string, schema: Json) => ({ name, in: 'path', required: true, description, schema });
const INVOICE_NUMBER = pathParam('number', 'The invoice number: INV- (demo payments: DEMO-INV-) and six or more digits', { type: 'string', pattern: INVOICE_NUMBER_PATTERN });
const CREDIT_NOTE_NUMBER = pathParam('number', 'The credit note number: CN- (demo payments: DEMO-CN-) and six or more digits', { type: 'string', pattern: CREDIT_NOTE_NUMBER_PATTERN });
const PDF = { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } };
const PDF_LANG = { name: 'lang', in: 'query', required: false, description: 'en or ru; without it, the reader’s profile language (else English)', schema: { type: 'string', enum: ['en', 'ru'] } };

/**
 * The routes mounted on the router itself rather than through the JSON route table: downloads, the licence check,
 * PayPal's webhook, Google's redirects, uploads, operations. Their validation is written in their handlers; what
 * they accept and answer is written here.
 */
const SERVED_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/auth/verify-email',
    tag: 'Auth',
    summary: 'The address-verification link e-mailed at sign-up: verifies the address and redirects to the profile page',
    description: 'A browser navigation from the message, not an API call. Success: 302 to /user/profile?emailVerified=1 (in the account’s language); an invalid, expired or stale link: 302 to /user/profile?emailVerified=0&reason=<invalid|expired|staleAddress>. API clients use POST /auth/verifyEmail.',
    security: 'public',
    parameters: [{ name: 'token', in: 'query', required: true, description: 'The link’s signed token', schema: { type: 'string', maxLength: 2048 } }],
    responses: {
      302: { description: 'To the profile page, saying whether the address was verified' },
      ...errorResponses(['UNAVAILABLE']),
      ...HEADERS_TOO_LARGE,
      ...UNEXPECTED,
    },
  },
  {
    method: 'get',
    path: '/mail/unsubscribe',
    tag: 'Mail',
    summary: 'The unsubscribe link of reminder e-mails: a page (in the account’s language) asking to confirm; a GET changes nothing',
    description: 'A browser navigation from a reminder message. Its button posts to the same address. An invalid token: 400 with a page saying so.',
    security: 'public',
    parameters: [{ name: 'token', in: 'query', required: true, description: 'The link’s signed token (it names the account)', schema: { type: 'string', maxLength: 2048 } }],
    responses: {
      200: text('text/html', 'The confirmation page'),
      400: text('text/html', 'The link is not valid'),
      ...errorResponses(['UNAVAILABLE', 'INTERNAL']),
      ...HEADERS_TOO_LARGE,
    },
  },
  {
    method: 'post',
    path: '/mail/unsubscribe',
    tag: 'Mail',
    summary: 'One-click unsubscribe (RFC 8058): turns reminder e-mails off for the link’s account (EmailPreferencesChanged); receipts and security messages still come',
    description: 'Sent by mail clients with the body `List-Unsubscribe=One-Click` (the List-Unsubscribe-Post header of reminders), or by the confirmation page’s button. No session needed: the signed token names the account.',
    security: 'public',
    parameters: [{ name: 'token', in: 'query', required: true, description: 'The link’s signed token', schema: { type: 'string', maxLength: 2048 } }],
    requestBody: { required: false, content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } } } } } },
    responses: {
      200: text('text/html', 'Done: a page saying reminders are off'),
      400: text('text/html', 'The link is not valid'),
      ...errorResponses(['FORBIDDEN', 'UNAVAILABLE', 'STORAGE_FULL', 'INTERNAL']),
      ...HEADERS_TOO_LARGE,
    },
  },
  {
    method: 'get',
    path: '/auth/google',
    tag: 'Auth',
    summary: 'Start Google sign-in: a redirect to Google (or to the sign-in page when Google is not configured)',
    description:
      'A browser navigation, not an API call. `returnTo` (a same-site path) or the purchase query (infrastructure, plan, period) says where the browser continues after sign-in.',
    security: 'public',
    parameters: [
      { name: 'returnTo', in: 'query', required: false, description: 'A same-site path to return to after sign-in', schema: { type: 'string', maxLength: 2000 } },
      { name: 'infrastructure', in: 'query', required: false, description: 'Purchase query kept through sign-in', schema: { type: 'string', pattern: '^[a-z-]{1,32}$' } },
      { name: 'plan', in: 'query', required: false, description: 'Purchase query kept through sign-in', schema: { type: 'string', pattern: '^[a-z-]{1,32}$' } },
      { name: 'period', in: 'query', required: false, description: 'Purchase query kept through sign-in', schema: { type: 'string', pattern: '^[a-z-]{1,32}$' } },
    ],
    responses: {
      302: { description: 'To Google’s consent page (with a state cookie), or to /auth/sign-in?error=google-not-configured' },
      ...HEADERS_TOO_LARGE,
      ...UNEXPECTED,
    },
  },
  {
    method: 'get',
    path: '/auth/google/callback',
    tag: 'Auth',
    summary: 'Google’s redirect back: signs the user in (session cookies) and redirects to where they were going',
    description: 'Called by Google’s redirect only. Failures redirect to /auth/sign-in?error=<code> (google-denied, google-state, google-email-unverified, google-failed).',
    security: 'public',
    parameters: [
      { name: 'code', in: 'query', required: false, description: 'The authorization code Google hands back', schema: { type: 'string' } },
      { name: 'state', in: 'query', required: false, description: 'The state sent to Google', schema: { type: 'string' } },
      { name: 'error', in: 'query', required: false, description: 'Google’s error (access_denied…)', schema: { type: 'string' } },
    ],
    responses: {
      302: { description: 'Signed in (auth_token and auth_strategy cookies set): to the return path; otherwise to the sign-in page with the error' },
      ...HEADERS_TOO_LARGE,
      ...UNEXPECTED,
    },
  },
  {
    method: 'post',
    path: '/paypal/webhooks',
    tag: 'Webhooks',
    summary: 'PayPal’s webhook deliveries: verified with PayPal, then applied to the subscription they concern',
    description:
      'Called by PayPal only. The body is read raw and sent back to PayPal’s verification call exactly as received; the PayPal-Transmission-* headers are required. Unverified deliveries are 401; forged ones from one sender and verification calls are limited per 10 minutes (429: PayPal retries).',
    security: 'public',
    requestBody: { required: true, content: json({ type: 'object', description: 'A PayPal webhook event (id, event_type, resource…)' }) },
    responses: {
      200: { description: 'Applied, already applied, or ignored (PayPal stops retrying)', content: json(Type.Object({ data: WebhookOutcomeView })) },
      ...errorResponses(['VALIDATION_FAILED', 'UNAUTHORIZED', 'FORBIDDEN', 'PAYLOAD_TOO_LARGE', 'RATE_LIMITED', 'UNAVAILABLE', 'INTERNAL']),
      ...HEADERS_TOO_LARGE,
    },
  },
  {
    method: 'post',
    path: '/admin/files/upload',
    tag: 'Files',
    summary: 'Upload a file (multipart/form-data, field "file"): one file of an allowed type',
    description: `Access: ${ACCESS_TEXT.admin} At most ${UPLOAD_MAX_BYTES / 1024 / 1024} MiB; types: ${UPLOAD_MIME_TYPES.join(', ')}.`,
    security: 'session',
    requestBody: {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } } } } },
    },
    responses: {
      201: { description: 'Created: `{ data }`, the file and its download url', content: json(Type.Object({ data: FileView })) },
      ...errorResponses(['VALIDATION_FAILED', 'UNAUTHORIZED', 'FORBIDDEN', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'UNAVAILABLE', 'STORAGE_FULL', 'INTERNAL']),
      ...HEADERS_TOO_LARGE,
    },
  },
  {
    method: 'get',
    path: '/files/{id}/{name}',
    tag: 'Files',
    summary: 'Download an uploaded file (public; active types are served sandboxed, never as a page)',
    description: 'The url of a file (`FileView.url`). Cached for a year: a file never changes under its id.',
    security: 'public',
    parameters: [pathParam('id', 'The file’s id', { type: 'string' }), pathParam('name', 'Its name (any: the id decides)', { type: 'string' })],
    responses: {
      200: { description: 'The file, with its own media type', content: { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } },
      ...errorResponses(['VALIDATION_FAILED', 'NOT_FOUND', 'UNAVAILABLE', 'INTERNAL']),
      ...HEADERS_TOO_LARGE,
    },
  },
  {
    method: 'get',
    path: '/invoices/{number}.pdf',
    tag: 'Invoices',
    summary: 'An invoice as an A4 PDF (attachment relaycast-invoice-<number>.pdf) in English or Russian: seller and customer with their VAT numbers, number, dates, lines, net, tax lines, VAT, gross, the VAT in euros, the reverse charge’s wording — or, issued before taxes, that no tax was charged',
    description: `Access: ${ACCESS_TEXT.signedIn} The customer it is made out to, administrators and the finance role; to anyone else it does not exist (404). Content-Language says the language.`,
    security: 'session',
    parameters: [INVOICE_NUMBER, PDF_LANG],
    responses: {
      200: { description: 'The PDF', content: PDF },
      ...errorResponses(['VALIDATION_FAILED', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'UNAVAILABLE', 'INTERNAL']),
      ...HEADERS_TOO_LARGE,
    },
  },
  {
    method: 'get',
    path: '/creditNotes/{number}.pdf',
    tag: 'Invoices',
    summary: 'A credit note as an A4 PDF (attachment relaycast-credit-note-<number>.pdf) in English or Russian, referring to its invoice: the money given back, with its net and VAT per rate when the invoice charged VAT',
    description: `Access: ${ACCESS_TEXT.signedIn} The customer it is made out to, administrators and the finance role; to anyone else it does not exist (404). Content-Language says the language.`,
    security: 'session',
    parameters: [CREDIT_NOTE_NUMBER, PDF_LANG],
    responses: {
      200: { description: 'The PDF', content: PDF },
      ...errorResponses(['VALIDATION_FAILED', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'UNAVAILABLE', 'INTERNAL']),
      ...HEADERS_TOO_LARGE,
    },
  },
  {
    method: 'get',
    path: '/invoices/export.csv',
    tag: 'Invoices',
    summary: 'Invoices and credit notes issued in a date range as one CSV file for finance (RFC 4180; credit notes negative)',
    description: 'Access: administrators and the finance role (DOCUMENT_EXPORT_ROLES). One row per document, oldest first; `from` and `to` are UTC dates, both included; `book` picks real money or demo payments (default: both, told apart by the `book` column). A document with tax has its net, tax, gross, tax lines, VAT in euros and the ECB rate in the last columns (docs/finance.md).',
    security: 'session',
    parameters: [
      { name: 'from', in: 'query', required: false, description: 'First day (YYYY-MM-DD, UTC)', schema: { type: 'string', format: 'date' } },
      { name: 'to', in: 'query', required: false, description: 'Last day (YYYY-MM-DD, UTC)', schema: { type: 'string', format: 'date' } },
      { name: 'book', in: 'query', required: false, description: 'real, demo or all (default)', schema: { type: 'string', enum: ['real', 'demo', 'all'] } },
    ],
    responses: {
      200: text('text/csv', 'The documents (attachment relaycast-invoices-<from>-<to>.csv)'),
      ...errorResponses(['VALIDATION_FAILED', 'UNAUTHORIZED', 'FORBIDDEN', 'UNAVAILABLE', 'INTERNAL']),
      ...HEADERS_TOO_LARGE,
    },
  },
  {
    method: 'get',
    path: '/subscriptions/licence',
    tag: 'Licences',
    summary: 'Download the current signed licence file of a subscription (attachment relaycast-<licence key>.lic)',
    description: `Access: ${ACCESS_TEXT.customer} The file is issued with the first payment (or the trial, or a free plan); a revoked licence has nothing to download (409).`,
    security: 'session',
    parameters: [{ name: 'id', in: 'query', required: true, description: 'The subscription’s id', schema: { type: 'string', maxLength: 128 } }],
    responses: {
      200: text('text/plain', 'The licence file (engines verify it offline with GET /licence/public-key)'),
      ...errorResponses(['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'UNAVAILABLE', 'INTERNAL']),
      ...HEADERS_TOO_LARGE,
    },
  },
  {
    method: 'get',
    path: '/licence/public-key',
    tag: 'Licences',
    summary: 'The Ed25519 public key engines verify licence files with, offline (PEM; its id in X-Licence-Key-Id)',
    description: 'Public. Cached for 5 minutes.',
    security: 'public',
    responses: {
      200: {
        description: 'The public key, PEM',
        headers: { 'X-Licence-Key-Id': { description: 'The key’s id, as licence files name it (kid)', schema: { type: 'string' } } },
        content: { 'application/x-pem-file': { schema: { type: 'string' } } },
      },
      ...HEADERS_TOO_LARGE,
      ...UNEXPECTED,
    },
  },
  {
    method: 'post',
    path: '/licence/current',
    tag: 'Licences',
    summary: 'The current licence file for the one an engine holds (renewed, in grace, changed), or 409 and why not',
    description: 'Public: the file itself is the credential (engines hold no customer session). JSON body of at most 80 KiB.',
    security: 'public',
    requestBody: {
      required: true,
      content: json({ type: 'object', required: ['licence'], properties: { licence: { type: 'string', minLength: 1, maxLength: 65536, description: 'The text of a licence file' } } }),
    },
    responses: {
      200: text('text/plain', 'The current licence file'),
      ...errorResponses(['VALIDATION_FAILED', 'FORBIDDEN', 'CONFLICT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'INTERNAL']),
      ...HEADERS_TOO_LARGE,
    },
  },
  {
    method: 'get',
    path: '/billing/clock',
    tag: 'Billing clock',
    summary: 'The billing clock: the system clock, or a test clock (BILLING_CLOCK=test) and its time',
    description: 'Public (the site shows a banner while a test clock runs).',
    security: 'public',
    responses: { 200: { description: 'OK: `{ data }`', content: json(Type.Object({ data: BillingClockView })) }, ...HEADERS_TOO_LARGE, ...UNEXPECTED },
  },
  {
    method: 'get',
    path: '/health',
    tag: 'Operations',
    summary: 'Liveness: the process answers',
    description: 'Public.',
    security: 'public',
    responses: { 200: { description: 'Alive', content: json(HealthView) }, ...HEADERS_TOO_LARGE, ...UNEXPECTED },
  },
  {
    method: 'get',
    path: '/ready',
    tag: 'Operations',
    summary: 'Readiness: the event store and the read models answer and the projections run (details with the metrics token)',
    description: 'Public; with `Authorization: Bearer <METRICS_TOKEN>` the answer also carries each check.',
    security: 'public',
    responses: {
      200: { description: 'Ready', content: json(ReadyView) },
      503: { description: 'Not ready', content: json(ReadyView) },
      ...HEADERS_TOO_LARGE,
      ...UNEXPECTED,
    },
  },
  {
    method: 'get',
    path: '/metrics',
    tag: 'Operations',
    summary: 'Prometheus metrics (METRICS_TOKEN as a bearer token; off without it)',
    description: 'For operators. Without METRICS_TOKEN set there are no metrics (404).',
    security: 'metrics',
    responses: {
      200: text('text/plain', 'Prometheus exposition format'),
      ...errorResponses(['UNAUTHORIZED', 'NOT_FOUND', 'INTERNAL']),
      ...HEADERS_TOO_LARGE,
    },
  },
  {
    method: 'get',
    path: '/openapi.json',
    tag: 'Operations',
    summary: 'This document',
    description: 'Public.',
    security: 'public',
    responses: {
      200: { description: 'The OpenAPI 3.1 document', content: json({ type: 'object', description: 'An OpenAPI 3.1 document' }) },
      ...HEADERS_TOO_LARGE,
      ...UNEXPECTED,
    },
  },
];

/** Answers a JSON route also gives in another form (the CSV finance report on the same path). */
const OTHER_FORMS: Record<string, Record<string, Json>> = {
  '/finance/replay': { 'text/csv': { schema: { type: 'string', description: 'With `format: "csv"`: the report as an RFC 4180 file (attachment)' } } },
  '/finance/ledger': { 'text/csv': { schema: { type: 'string', description: 'With `format: "csv"`: every entry of the range as an RFC 4180 file (attachment), one row per posting line; `debit` and `credit` in the currency’s units with two decimals' } } },
  '/finance/tax/oss': { 'text/csv': { schema: { type: 'string', description: 'With `format: "csv"`: the quarter’s OSS report as an RFC 4180 file (attachment relaycast-oss-<book>-<quarter>.csv): one row per member state, rate and currency, then the euro totals, the exchange rate, corrections and the sections outside the OSS; amounts in the currency’s units (and in euros) with two decimals' } } },
};

const DESCRIPTION = `The API of the Relaycast site and its billing: accounts and sessions, subscriptions and their payments through PayPal, invoices and credit notes, licence files, the admin area's content and files, finance, operations. It is what this server (read-api) serves.

**Not the engine's API.** The site's API documentation pages (\`/api-docs\`) describe the self-hosted streaming engine's own HTTP API — streams, restreams, VOD, conferences — which runs on the customer's engine, at its own address and with its own credentials. That is a different API; it is not described here, and this one is not served by the engine.

**Calls.** JSON calls are \`POST\` with a JSON body (\`Content-Type: application/json\`; an empty body counts as \`{}\`) and answer \`{ "data": … }\`, lists with their paging in \`meta\`. Errors answer \`{ "error": { "code", "message", "details"? } }\` with the status of their code; \`message\` is English. Amounts are integer US cents. Other methods on a POST-only path answer 405 with \`Allow: POST\` (OPTIONS: 204 with the same header).

**Sessions.** \`POST /auth/local/signin\` (or \`/auth/local/register\`) answers the session token in \`data.token\`: API clients send it as the \`AUTH_TOKEN_VALUE\` header. Browsers hold it in the httpOnly \`auth_token\` cookie instead; a call authenticated by the cookie that changes something must carry this site's \`Origin\` (or \`Referer\`), else 403. \`POST /auth/google/logout\` ends the session.

**Purchases.** \`POST /subscriptions/create\` needs an \`Idempotency-Key\` header (8 to 128 characters, one per purchase): a retry with the same key and body answers the first purchase instead of buying twice. The server prices everything (\`POST /subscriptions/quote\` says what it will charge). Catalogue prices are net: the quote answers the net \`amount\`, its \`taxLines\` (\`vat\` at the customer's member-state rate, \`reverse-charge\` for an EU business with a valid VAT number of another member state, \`outside-scope\` outside the EU), \`tax\` and \`total\` for the \`country\` and \`vatNumber\` given, or the signed-in customer's billing details; with no country known, no tax is added.

**Not described here either:** the site's pages and assets, and, with demo payments (\`PAYMENTS=demo\`), the PayPal sandbox this server then serves under \`/demo-paypal\` — PayPal's API and pages, for the PayPal adapter and the buyer's browser.

**202.** A change is recorded as soon as it is answered; when the read models have not caught up within \`CONSISTENCY_TIMEOUT_MS\`, the answer is 202 with \`meta.consistent: false\`: read again shortly, do not repeat the call.`;

/** The OpenAPI 3.1 document: the JSON routes of `routes` and the router's own routes, with `serverUrl` as the server. */
export function openApiDocument(routes: readonly RouteDef[], serverUrl: string): object {
  const operations = [...routes.map(jsonRouteOperation), ...SERVED_OPERATIONS];
  const paths: Record<string, Record<string, Json>> = {};
  const ids = new Set<string>();
  for (const op of operations) {
    const operationId = operationIdOf(op.method, op.path);
    if (ids.has(operationId)) throw new Error(`Two operations named ${operationId}`);
    ids.add(operationId);
    const item = (paths[op.path] ??= {});
    if (item[op.method]) throw new Error(`Two operations at ${op.method.toUpperCase()} ${op.path}`);
    const other = op.method === 'post' ? OTHER_FORMS[op.path] : undefined;
    const responses = other ? { ...op.responses, 200: { ...op.responses[200], content: { ...(op.responses[200]?.content as Json), ...other } } } : op.responses;
    item[op.method] = {
      operationId,
      tags: [op.tag],
      summary: op.summary,
      description: op.description,
      security: op.security === 'public' ? [] : op.security === 'metrics' ? [{ metricsToken: [] }] : [{ sessionToken: [] }, { sessionCookie: [] }],
      ...(op.parameters ? { parameters: op.parameters } : {}),
      ...(op.requestBody ? { requestBody: op.requestBody } : {}),
      responses,
    };
  }
  const used = new Set(operations.map((op) => op.tag));
  for (const tag of used) if (!TAGS[tag]) throw new Error(`Tag ${tag} has no description in openapi.ts`);
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'Relaycast site and billing API',
      version: '1.0.0',
      description: DESCRIPTION,
      license: { name: 'Proprietary: Relaycast terms of service', url: `${serverUrl}/terms` },
    },
    servers: [{ url: serverUrl, description: 'This server (PUBLIC_URL)' }],
    tags: Object.entries(TAGS).filter(([name]) => used.has(name)).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: {
        sessionToken: { type: 'apiKey', in: 'header', name: 'AUTH_TOKEN_VALUE', description: 'The session token from sign-in (`data.token`): what API clients send.' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'auth_token', description: 'The same token in the httpOnly cookie sign-in sets (browsers). Calls that change something need this site’s Origin.' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN' },
      },
      responses: {
        HeadersTooLarge: { description: 'Request headers larger than 16 KiB (a huge cookie, say): refused by the HTTP server before any route runs, without a body.' },
      },
      schemas: {},
    },
  };
  return withNamedSchemas(JSON.parse(JSON.stringify(document)) as Json);
}

/**
 * Replaces every copy of a named schema by a $ref to components/schemas, and puts there the ones used (and only
 * those: an unused component is a lint warning). Copies are found by their JSON text: TypeBox shares or copies
 * schema objects (Optional copies), the JSON is the same.
 */
function withNamedSchemas(document: Json): Json {
  const byText = new Map<string, string>();
  const definitions = new Map<string, unknown>();
  for (const [name, schema] of Object.entries(NAMED_SCHEMAS)) {
    const plain = JSON.parse(JSON.stringify(schema)) as unknown;
    byText.set(JSON.stringify(plain), name);
    definitions.set(name, plain);
  }
  const used = new Set<string>();
  const replace = (node: unknown, self?: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => replace(n));
    if (!node || typeof node !== 'object') return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      used.add(ref.slice('#/components/schemas/'.length));
      return node;
    }
    const name = byText.get(JSON.stringify(node));
    if (name && name !== self) {
      used.add(name);
      return { $ref: `#/components/schemas/${name}` };
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, replace(v)]));
  };
  const paths = replace(document.paths);
  const components = document.components as Json;
  components.responses = replace(components.responses);
  const schemas: Record<string, unknown> = {};
  // Named schemas inside named schemas: keep going until no new name turns up.
  for (let done = 0; done < used.size; ) {
    done = used.size;
    for (const name of [...used]) if (!(name in schemas)) schemas[name] = replace(definitions.get(name), name);
  }
  components.schemas = Object.fromEntries(Object.keys(NAMED_SCHEMAS).filter((n) => n in schemas).map((n) => [n, schemas[n]]));
  return { ...document, paths, components };
}
