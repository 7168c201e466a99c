import { ApiError, ResponseValidationError } from '@paypal/paypal-server-sdk';
import { AppError, ConflictError, NotFoundError, PaymentProviderError } from '@relaycast/contracts';

/** What customers read when PayPal fails us. Each says whether money may have moved, and what to do. */
export const PAYPAL_MESSAGES = {
  unreachable: 'PayPal could not be reached; nothing was charged — try again in a moment',
  failed: 'PayPal did not answer; nothing was charged — try again',
  timeout: 'PayPal did not answer in time. Try again in a moment: a payment that went through is recorded once and never charged twice',
  busy: 'PayPal is busy right now; nothing was charged — try again in a minute',
  unreadable: 'PayPal answered in a way we could not read. Try again in a moment: a payment is never charged twice',
  misconfigured: 'Payments are misconfigured on this server (PayPal refused our credentials); nothing was charged',
  notApproved: 'This payment has not been approved in PayPal yet: finish in the PayPal window, then try again',
  declined: 'PayPal declined this funding source; nothing was charged. Choose another one in PayPal and try again',
  unknownOrder: 'PayPal does not know this order (it may have expired): start the payment again',
} as const;

/** PayPal's error body: `{ name, message, debug_id, details: [{ issue, description }] }` (OAuth: `{ error, error_description }`). */
export interface PayPalIssue {
  status: number;
  name: string | null;
  issue: string | null;
  description: string | null;
  debugId: string | null;
}

export function issueOf(error: unknown): PayPalIssue | null {
  if (!(error instanceof ApiError)) return null;
  const body = (error.result ?? {}) as {
    name?: string;
    message?: string;
    debug_id?: string;
    details?: { issue?: string; description?: string }[];
    error?: string;
    error_description?: string;
  };
  const detail = body.details?.[0];
  return {
    status: error.statusCode,
    name: body.name ?? body.error ?? null,
    issue: detail?.issue ?? body.error ?? null,
    description: detail?.description ?? body.message ?? body.error_description ?? null,
    debugId: body.debug_id ?? null,
  };
}

/** PayPal's Retry-After (seconds, or an HTTP date) in milliseconds from now; a minute when it says nothing usable. */
export function retryAfterMs(headers: Record<string, string> | undefined, now = Date.now()): number {
  const value = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === 'retry-after')?.[1]?.trim() ?? '';
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : 60_000;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ERR_NETWORK', 'ECONNABORTED', 'ETIMEDOUT']);

/** A request that got no HTTP answer: 'timeout' (it may have been carried out) or 'network' (it never arrived). */
export function transportFailure(error: unknown): 'timeout' | 'network' | null {
  if (error instanceof ApiError) return null;
  const e = error as { code?: string; message?: string; name?: string; cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code;
  if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout/i.test(e?.message ?? '') || e?.name === 'AbortError') return 'timeout';
  if ((code && NETWORK_CODES.has(code)) || /socket hang up|network error/i.test(e?.message ?? '')) return 'network';
  return null;
}

/**
 * PayPal's failures as our errors: no answer and 5xx → 502 PaymentProviderError (retry is safe: every call that
 * moves money carries a PayPal-Request-Id); ORDER_NOT_APPROVED → 409; INSTRUMENT_DECLINED → 402; unknown order →
 * 404; credentials refused → 502 (our configuration, not the customer); other refusals → 409 naming PayPal's issue.
 * Anything else is not PayPal's doing and is rethrown unchanged.
 */
export function toAppError(error: unknown, action: string): AppError {
  if (error instanceof AppError) return error;
  const transport = transportFailure(error);
  if (transport) return new PaymentProviderError(transport === 'timeout' ? PAYPAL_MESSAGES.timeout : PAYPAL_MESSAGES.unreachable, true);
  if (error instanceof ResponseValidationError) return new PaymentProviderError(PAYPAL_MESSAGES.unreadable, true);
  const issue = issueOf(error);
  if (!issue) throw error;
  if (issue.status >= 500) return new PaymentProviderError(PAYPAL_MESSAGES.failed, true);
  if (issue.status === 429) return new PaymentProviderError(PAYPAL_MESSAGES.busy, true, retryAfterMs((error as ApiError).headers));
  if (issue.status === 401 || issue.status === 403 || issue.name === 'invalid_client') return new PaymentProviderError(PAYPAL_MESSAGES.misconfigured, false);
  if (issue.issue === 'ORDER_NOT_APPROVED' || issue.issue === 'PAYER_ACTION_REQUIRED') return new ConflictError(PAYPAL_MESSAGES.notApproved);
  if (issue.issue === 'INSTRUMENT_DECLINED' || issue.issue === 'PAYER_CANNOT_PAY' || issue.issue === 'TRANSACTION_REFUSED') {
    return new AppError('PAYMENT_DECLINED', PAYPAL_MESSAGES.declined);
  }
  if (issue.status === 404) return new NotFoundError(PAYPAL_MESSAGES.unknownOrder);
  const why = [issue.issue, issue.description].filter(Boolean).join(': ');
  return new AppError('PAYMENT_REFUSED', `PayPal refused to ${action}${why ? ` (${why})` : ''}; nothing was charged`, issue.debugId ? { paypalDebugId: issue.debugId } : undefined);
}
