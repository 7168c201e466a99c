import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, NotFoundError, ValidationError, type ErrorBody, type ErrorCode } from '@relaycast/contracts';
import type { Logger } from '../logger.js';

/** The one place error codes become HTTP statuses. */
const HTTP_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  PAYMENT_DECLINED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  CONCURRENCY_CONFLICT: 409,
  INVALID_TRANSITION: 409,
  PAYMENT_REFUSED: 409,
  PAYMENT_IN_PROGRESS: 409,
  TAX_COUNTRY_CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PRICE_MISMATCH: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  VERIFICATION_LINK_TOO_SOON: 409,
  RESET_LINK_LIMIT: 429,
  INTERNAL: 500,
  PAYMENT_PROVIDER_FAILED: 502,
  UNAVAILABLE: 503,
  STORAGE_FULL: 507,
};

export function httpStatusOf(code: ErrorCode): number {
  return HTTP_STATUS[code];
}

/** Every error code, each once (for the OpenAPI document's error answers). */
export const ERROR_CODES = Object.keys(HTTP_STATUS) as ErrorCode[];

/** body-parser and multer errors carry a status or code of their own; they are the client's fault. */
function clientErrorOf(error: unknown): AppError | null {
  const e = error as { type?: string; status?: number; code?: string; message?: string; field?: string };
  if (e.type === 'entity.parse.failed') return new ValidationError('body is not valid JSON', [{ field: 'body', message: 'is not valid JSON' }]);
  if (e.type === 'entity.too.large' || e.code === 'LIMIT_FILE_SIZE') return new AppError('PAYLOAD_TOO_LARGE', e.code === 'LIMIT_FILE_SIZE' ? 'file is larger than the upload limit' : 'body is larger than the limit');
  if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported') return new AppError('UNSUPPORTED_MEDIA_TYPE', e.message ?? 'unsupported encoding');
  if (typeof e.code === 'string' && e.code.startsWith('LIMIT_')) return ValidationError.field(e.field ?? 'file', (e.message ?? 'is not accepted').toLowerCase());
  // A static file that is not there (serve-static's error): not found, not a bad request.
  if (e.status === 404) return new NotFoundError('No such file');
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) return new AppError('VALIDATION_FAILED', e.message ?? 'bad request');
  return null;
}

/** The one error shape: `{ error: { code, message, details? } }`. Only unexpected failures are 500, and logged. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const known = error instanceof AppError ? error : clientErrorOf(error);
    if (known) {
      const status = httpStatusOf(known.code);
      if (status >= 500) logger.warn({ err: error, reqId: req.id }, known.message);
      res.status(status).json(known.toBody());
      return;
    }
    logger.error({ err: error, reqId: req.id }, 'unhandled error');
    const body: ErrorBody = { error: { code: 'INTERNAL', message: 'Something went wrong on our side; the request id is in the X-Request-Id header' } };
    res.status(500).json(body);
  };
}

export const notFound: RequestHandler = (req, _res, next) => {
  next(new NotFoundError(`No route for ${req.method} ${req.path}`));
};
