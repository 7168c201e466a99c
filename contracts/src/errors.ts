/**
 * The one error hierarchy. Each class has a fixed code and HTTP status; the HTTP layer maps by code and
 * nothing matches on message text. `details` carries per-field information for validation errors.
 */
export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'CONCURRENCY_CONFLICT'
  | 'INVALID_TRANSITION'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PRICE_MISMATCH'
  | 'RATE_LIMITED'
  | 'PAYMENT_PROVIDER_FAILED'
  | 'UNAVAILABLE'
  | 'INTERNAL';

export interface FieldProblem {
  field: string;
  message: string;
}

/** The wire shape of every error answer: `{ error: { code, message, details? } }`. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
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
    super('VALIDATION_FAILED', 400, message, problems.length ? problems : undefined);
  }
  /** One field, one message: `ValidationError.field('quantity', 'must be at least 1')` → "quantity must be at least 1". */
  static field(field: string, message: string): ValidationError {
    return new ValidationError(`${field} ${message}`, [{ field, message }]);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Sign-in required') {
    super('UNAUTHORIZED', 401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You do not have access to this resource') {
    super('FORBIDDEN', 403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string) {
    super('NOT_FOUND', 404, message);
  }
}
/** A business uniqueness rule was broken (an e-mail already registered). */
export class ConflictError extends AppError {
  constructor(message: string) {
    super('CONFLICT', 409, message);
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
      409,
      `Stream ${streamId} was changed by someone else (expected version ${String(expectedVersion)}, found ${actualVersion}); reload and try again`,
    );
  }
}
export class InvalidTransitionError extends AppError {
  constructor(readonly from: string, readonly to: string, reason?: string) {
    super('INVALID_TRANSITION', 409, `Cannot change subscription status from ${from} to ${to}${reason ? `: ${reason}` : ''}`);
  }
}
export class PriceMismatchError extends AppError {
  constructor(readonly expectedCents: number, readonly receivedCents: number, field = 'amount') {
    super(
      'PRICE_MISMATCH',
      422,
      `${field} ${formatCents(receivedCents)} does not match the catalogue price ${formatCents(expectedCents)}`,
      { field, expectedCents, receivedCents },
    );
  }
}
export class PaymentProviderError extends AppError {
  constructor(message: string, readonly retryable = true) {
    super('PAYMENT_PROVIDER_FAILED', 502, message);
  }
}
export class UnavailableError extends AppError {
  constructor(message: string) {
    super('UNAVAILABLE', 503, message);
  }
}

/** "$12.34" from 1234 cents. */
export function formatCents(cents: number, currency = 'USD'): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const symbol = currency === 'USD' ? '$' : `${currency} `;
  return `${sign}${symbol}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
