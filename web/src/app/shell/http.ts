import { authHeaders } from './cookies.js';
import { reasonOf } from './ui/problems.js';
import { toastAdded } from './ui/toastsSlice.js';

/** A failed call, as the read-api answers it ({ error: { code, message, details? } }) plus the HTTP status. */
export interface ApiError {
  status: number;
  code: string;
  message: string;
  details?: unknown;
}
export interface ApiRequest {
  url: string;
  body?: unknown;
  /** Extra request headers (e.g. Idempotency-Key on /subscriptions/create). */
  headers?: Record<string, string>;
}
/** What a call answered besides `data`: the HTTP status and the answer's own `meta` (list paging). */
export interface ApiMeta {
  status: number;
  body?: Record<string, unknown>;
}
/** Per-endpoint options: the error toast the seed's catalogue (§8) names for this call, if any. */
export interface ApiExtraOptions {
  errorToast?: string;
  /** The form shows the refusal next to its fields: no toast at all. */
  inlineErrors?: true;
  /** Refusals with these codes the page answers itself (a question to the customer, not a failure): no toast for them. */
  answeredCodes?: readonly string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The one way the browser calls the API (seed §7; RTK Query's base query in the app, app/shell/api.ts; the islands' sign-in
 * and session calls, features/auth/fetchSession.ts): every call is a POST with a JSON body to the same origin; the answer's `data`
 * is unwrapped. A failure is logged (seed §8) and becomes an ApiError; validation failures (400) show the
 * server's message as an error toast, other failures the endpoint's own toast text when it has one. Public
 * content calls have none, so a missing API never bothers visitors.
 */
export async function postJson(
  args: ApiRequest,
  api: { dispatch: (action: ReturnType<typeof toastAdded>) => unknown; signal?: AbortSignal },
  extraOptions?: ApiExtraOptions,
): Promise<{ data: unknown; meta: ApiMeta; error?: undefined } | { error: ApiError; data?: undefined }> {
  const { errorToast, inlineErrors, answeredCodes } = extraOptions ?? {};
  const fail = (error: ApiError): { error: ApiError } => {
    console.warn(`POST ${args.url} failed: ${error.status} ${error.code} ${error.message}`);
    // Validation failures show the validator's message (seed §8); other failures the endpoint's seed text, with the
    // reason after it. Worded when shown, in the reader's language (the server's English message is for API clients).
    if (inlineErrors || answeredCodes?.includes(error.code)) return { error };
    const reason = reasonOf(error);
    if (error.status === 400) api.dispatch(toastAdded('', 'error', reason));
    else if (errorToast) api.dispatch(toastAdded(errorToast, 'error', reason));
    return { error };
  };
  let res: Response;
  try {
    res = await fetch(args.url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...authHeaders(), ...args.headers },
      body: JSON.stringify(args.body ?? {}),
      signal: api.signal,
    });
  } catch (err) {
    return fail({ status: 0, code: 'NETWORK_ERROR', message: err instanceof Error ? err.message : String(err) });
  }
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok || !isRecord(json) || 'error' in json) {
    const body = isRecord(json) && isRecord(json.error) ? json.error : {};
    return fail({
      status: res.status,
      code: typeof body.code === 'string' ? body.code : `HTTP_${res.status}`,
      message: typeof body.message === 'string' ? body.message : res.statusText || 'Request failed',
      details: body.details,
    });
  }
  return { data: json.data, meta: { status: res.status, ...(isRecord(json.meta) ? { body: json.meta } : {}) } };
}
