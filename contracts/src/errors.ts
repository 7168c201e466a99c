import { formatCents } from './money.js';
/**
 * The one error hierarchy. Each error carries a fixed code, never an HTTP status: the HTTP layer maps codes to
 * statuses in one place (read-api/src/http/errors.ts), and nothing matches on message text. `details` carries
 * per-field information for validation errors.
 */
export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  /** A method the path does not serve (GET on a POST call): 405 with an Allow header. */
  | 'METHOD_NOT_ALLOWED'
  | 'CONFLICT'
  | 'CONCURRENCY_CONFLICT'
  | 'INVALID_TRANSITION'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PRICE_MISMATCH'
  /** An Idempotency-Key already used with a different request body. */
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'RATE_LIMITED'
  /** A new address-verification link was asked for less than a minute after the last one. */
  | 'VERIFICATION_LINK_TOO_SOON'
  /** An account's password-reset links for the hour are used up. */
  | 'RESET_LINK_LIMIT'
  /** PayPal did not answer or failed: nothing was charged, try again. */
  | 'PAYMENT_PROVIDER_FAILED'
  /** PayPal declined the payment (the buyer's funding source). */
  | 'PAYMENT_DECLINED'
  /** PayPal refused the request on business grounds (an order not approved, already captured…). */
  | 'PAYMENT_REFUSED'
  /** Another payment of this subscription is being taken right now (one money movement at a time): try again in a moment. */
  | 'PAYMENT_IN_PROGRESS'
  /**
   * The customer's billing country and the country of the PayPal account that approved the order disagree: nothing was
   * charged; the customer says which is right (confirms the billing country, or changes the billing details and pays a
   * new order at that country's tax).
   */
  | 'TAX_COUNTRY_CONFLICT'
  | 'UNAVAILABLE'
  /** No space left to record anything. */
  | 'STORAGE_FULL'
  | 'INTERNAL';

/** Codes of our own passing failures: a caller (PayPal's webhook retries, a client) may try again later. */
export const TRANSIENT_ERROR_CODES: ReadonlySet<ErrorCode> = new Set(['CONCURRENCY_CONFLICT', 'PAYMENT_PROVIDER_FAILED', 'UNAVAILABLE', 'STORAGE_FULL', 'INTERNAL']);

export interface FieldProblem {
  field: string;
  /** English, for API clients and logs; people read `rule` and `params` rendered in their language. */
  message: string;
  /**
   * What the field broke, for the web app to word in the reader's language: a JSON Schema keyword (required,
   * minLength, maxLength, minimum, maximum, enum, format, pattern, type, notAllowed, maxProperties…) or a business
   * rule (displayName, weakPassword, taken, …).
   */
  rule?: string;
  /** The rule's parameters: limit, format, allowed values. */
  params?: Record<string, string | number>;
}

/** The wire shape of every error answer: `{ error: { code, message, details? } }`. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.details === undefined ? {} : { details: this.details }) } };
  }
}

export class ValidationError extends AppError {
  constructor(message: string, readonly problems: FieldProblem[] = []) {
    super('VALIDATION_FAILED', message, problems.length ? problems : undefined);
  }
  /** One field, one message: `ValidationError.field('quantity', 'must be at least 1')` → "quantity must be at least 1". */
  static field(field: string, message: string, rule?: string, params?: Record<string, string | number>): ValidationError {
    return new ValidationError(`${field} ${message}`, [{ field, message, ...(rule ? { rule } : {}), ...(params ? { params } : {}) }]);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Sign-in required') {
    super('UNAUTHORIZED', message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You do not have access to this resource') {
    super('FORBIDDEN', message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string) {
    super('NOT_FOUND', message);
  }
}
/** A business uniqueness rule was broken (an e-mail already registered). */
export class ConflictError extends AppError {
  /** `problem`: the field the conflict is about and its rule (an address already registered: email, taken). */
  constructor(message: string, problem?: FieldProblem) {
    super('CONFLICT', message, problem ? [problem] : undefined);
  }
}
/** An append found the stream at another version than expected. */
export class ConcurrencyError extends AppError {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number | 'any',
    readonly actualVersion: number,
  ) {
    super(
      'CONCURRENCY_CONFLICT',
      `Stream ${streamId} was changed by someone else (expected version ${String(expectedVersion)}, found ${actualVersion}); reload and try again`,
    );
  }
}
export class InvalidTransitionError extends AppError {
  constructor(readonly from: string, readonly to: string, reason?: string) {
    super('INVALID_TRANSITION', `Cannot change subscription status from ${from} to ${to}${reason ? `: ${reason}` : ''}`);
  }
}
export class PriceMismatchError extends AppError {
  constructor(readonly expectedCents: number, readonly receivedCents: number, field = 'amount') {
    super(
      'PRICE_MISMATCH',
      `${field} ${formatCents(receivedCents)} does not match the catalogue price ${formatCents(expectedCents)}`,
      { field, expectedCents, receivedCents },
    );
  }
}
/** A new verification link less than a minute after the last (the user decider's throttle). */
export class VerificationLinkTooSoonError extends AppError {
  constructor(message = 'A link was sent less than a minute ago: wait a moment') {
    super('VERIFICATION_LINK_TOO_SOON', message, [{ field: 'email', message: 'was sent a link less than a minute ago', rule: 'tooSoon' }]);
  }
}
/** More password-reset links for one account within the hour than the user decider allows. */
export class ResetLinkLimitError extends AppError {
  constructor(perHour: number) {
    super('RESET_LINK_LIMIT', `At most ${perHour} password-reset links an hour for one account: use the last one, or ask again later`);
  }
}
/** One money movement at a time: a capture or a saved-wallet charge of this subscription is in flight. */
export class PaymentInProgressError extends AppError {
  constructor(message = 'A payment of this subscription is being taken right now; try again in a moment') {
    super('PAYMENT_IN_PROGRESS', message);
  }
}
/**
 * Conflicting evidence of where the customer is (docs/tax.md): the billing country says one country, PayPal's payer
 * another. Refused before PayPal is asked to capture: the customer confirms the billing country (`confirmCountry`) or
 * changes it, which prices a new order.
 */
export class TaxCountryConflictError extends AppError {
  constructor(readonly billingCountry: string, readonly payerCountry: string) {
    super(
      'TAX_COUNTRY_CONFLICT',
      `Your billing country is ${billingCountry} but the PayPal account that approved this payment is in ${payerCountry}; nothing was charged. Confirm ${billingCountry} (capture again with confirmCountry: "${billingCountry}"), or change your billing details to ${payerCountry} and pay the new total`,
      { billingCountry, payerCountry },
    );
  }
}
export class PaymentProviderError extends AppError {
  /** `retryAfterMs`: PayPal limited our requests (429) and said when to come back; nothing may be sent before then. */
  constructor(message: string, readonly retryable = true, readonly retryAfterMs?: number) {
    super('PAYMENT_PROVIDER_FAILED', message);
  }
}
export class UnavailableError extends AppError {
  constructor(message: string) {
    super('UNAVAILABLE', message);
  }
}


