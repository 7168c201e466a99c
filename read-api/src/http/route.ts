import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Static, TSchema } from '@sinclair/typebox';
import { ForbiddenError, UnauthorizedError, UnavailableError, validate, type CommandMetadata, type ErrorCode, type Role, type UserView } from '@relaycast/contracts';
import { requestWrites, type Runtime } from '../runtime.js';
import { jsonBodyGuard } from './body-guard.js';
import { writeQuotaOf } from './write-quota.js';

/**
 * Who may call a route. Enforced here, on the server, for every route; the web app's menus only mirror it.
 * - public: anyone
 * - signedIn: any signed-in user
 * - customer: customers and administrators (the seed's Subscriptions menu): buying and changing subscriptions
 * - customerOrFinance: reads of one subscription (its details, its history): customers (their own, checked by the
 *   route), administrators and the finance role (any)
 * - finance: administrators and the read-only finance role (the finance area: figures, reconciliation, verify)
 * - admin: administrators only (Users, Templates, Materials, Files, and every change an administrator makes)
 * The finance role changes nothing: no route that records an event allows it, except the user's own profile,
 * password and sessions (signedIn).
 */
export type Access = 'public' | 'signedIn' | 'customer' | 'customerOrFinance' | 'finance' | 'admin';
const ACCESS_ROLES: Record<Exclude<Access, 'public' | 'signedIn'>, readonly Role[]> = {
  customer: ['ROLE_CUSTOMER', 'ROLE_ADMIN'],
  customerOrFinance: ['ROLE_CUSTOMER', 'ROLE_ADMIN', 'ROLE_FINANCE'],
  finance: ['ROLE_ADMIN', 'ROLE_FINANCE'],
  admin: ['ROLE_ADMIN'],
};

/**
 * Who reads every customer's subscriptions, histories, invoices and credit notes (not only their own):
 * administrators and the finance role. Reads only: changes stay with administrators (`isAdmin`).
 */
export const readsEveryCustomer = (user: UserView | null): boolean => user !== null && ACCESS_ROLES.finance.includes(user.role);

export interface RouteContext<Body> {
  body: Body;
  req: Request;
  res: Response;
  user: UserView | null;
  rt: Runtime;
  /** Metadata for a command this request issues: now, the actor, and the request id as correlation. */
  meta(extra?: Partial<CommandMetadata>): CommandMetadata;
}

/** What a route answers: `{ data }` (plus list paging in `meta`), with a status other than 200 when it says so. */
export interface Answer {
  data?: unknown;
  /** `data` already serialized as UTF-8 JSON, in chunks (a page of stored documents), written as it is. */
  dataUtf8?: readonly Buffer[];
  meta?: Record<string, unknown>;
  status?: number;
}

/** The answer for a list: the page's items as `data`, its paging as `meta`. */
export function pageAnswer(page: { itemsUtf8: readonly Buffer[]; total: number; page: number; pageSize: number }): Answer {
  return { dataUtf8: page.itemsUtf8, meta: { total: page.total, page: page.page, pageSize: page.pageSize } };
}

export interface RouteDef<S extends TSchema = TSchema> {
  path: string;
  access: Access;
  summary: string;
  tag: string;
  body?: S;
  /** A route that only reads: never held back by the per-user write quota. */
  query?: true;
  /**
   * The OpenAPI document's account of the answers (read-api/src/http/openapi.ts; openapi.int.spec.ts checks real
   * answers against it). `answer`: the `data` of a success answer; `answerMeta`: the `meta` beside it (PageMeta for
   * lists); `success`: its statuses (default 200; a 202 is added for routes that record events, whose read-back can
   * lag). Failures are derived from the access level and the kind of route (body, writes, stores); `errors` adds the
   * codes the route's own work can answer.
   */
  answer?: TSchema;
  answerMeta?: TSchema;
  success?: readonly (200 | 201)[];
  errors?: readonly ErrorCode[];
  /** Records no event (so no 202, no CONCURRENCY_CONFLICT, no STORAGE_FULL). */
  recordsNothing?: true;
  /** Reads no store (so no UNAVAILABLE). */
  storeless?: true;
  /** Request headers the route reads, for the OpenAPI document. */
  headers?: readonly HeaderDoc[];
  handle(ctx: RouteContext<Static<S>>): Promise<Answer>;
}

/** A request header a route reads (the document's header parameter). */
export interface HeaderDoc {
  name: string;
  required: boolean;
  description: string;
  schema: TSchema;
}

export function defineRoute<S extends TSchema>(def: RouteDef<S>): RouteDef<S> {
  return def;
}

export function authorize(access: Access, user: UserView | null): void {
  if (access === 'public') return;
  if (!user) throw new UnauthorizedError();
  if (access === 'signedIn') return;
  if (!ACCESS_ROLES[access].includes(user.role)) throw new ForbiddenError();
}

/**
 * The actor is the signed-in user. A request without one may issue a command only when the route names the
 * actor itself (a sign-up acts as the new user): an anonymous caller never gets a default role.
 */
export function commandMetadata(req: Request, extra: Partial<CommandMetadata> = {}, now: () => string = () => new Date().toISOString()): CommandMetadata {
  const user = req.auth.user;
  const actorId = extra.actorId ?? user?._id;
  const actorRole = extra.actorRole ?? user?.role;
  if (!actorId || !actorRole) throw new UnauthorizedError();
  return { now: now(), correlationId: String(req.id), causationId: null, ...extra, actorId, actorRole };
}

/** JSON bodies up to this size; larger ones are refused with 413 before parsing. */
export const JSON_BODY_LIMIT = '256kb';
const parseJson = express.json({ limit: JSON_BODY_LIMIT, strict: true });

/** The label of the route a request ran, for metrics (one middleware dispatches all JSON routes: no req.route). */
export function routeLabelOf(res: Response): string | undefined {
  return (res.locals as { routePath?: string }).routePath;
}

/**
 * Mounts POST routes: parse and guard the JSON body, authorize, validate it with its contract schema, run, answer
 * `{ data }`. One middleware finds the route by its exact path in a map (express would try each route's pattern in
 * turn: ~70 of them before the last), then runs the same steps.
 */
export function mount(router: Router, rt: Runtime, routes: readonly RouteDef[]): void {
  const byPath = new Map<string, RouteDef>();
  for (const route of routes) {
    if (byPath.has(route.path)) throw new Error(`Two routes at ${route.path}`);
    byPath.set(route.path, route);
  }
  router.use((req: Request, res: Response, next: NextFunction) => {
    const route = req.method === 'POST' ? byPath.get(req.path) : undefined;
    if (!route) return next();
    (res.locals as { routePath?: string }).routePath = route.path;
    parseJson(req, res, (parseError?: unknown) => {
      if (parseError) return next(parseError);
      jsonBodyGuard(req, res, (guardError?: unknown) => {
        if (guardError) return next(guardError);
        run(route, req, res).catch(next);
      });
    });
  });

  async function run(route: RouteDef, req: Request, res: Response): Promise<void> {
    authorize(route.access, req.auth.user);
    const body = route.body ? validate(route.body, req.body) : req.body;
    const quota = writeQuotaOf(rt);
    // Before the route runs (before any PayPal call: a capture refused after PayPal took the money would lose it).
    if (!route.query) await quota.check(req.auth.user);
    const writes = { position: 0n };
    let answer: Answer;
    try {
      answer = await requestWrites.run(writes, () => route.handle({ body, req, res, user: req.auth.user, rt, meta: (extra) => commandMetadata(req, extra, rt.clock.now) }));
    } catch (error) {
      // The write is in the event store; only reading it back failed. Say so instead of a 503 that invites a retry.
      if (!(error instanceof UnavailableError) || writes.position === 0n) throw error;
      answer = { data: null, status: 202, meta: { consistent: false, position: writes.position.toString(), message: error.message } };
    }
    if (writes.position > 0n) await quota.count(req.auth.user);
    res.status(answer.status ?? 200);
    sendJson(res, answerJson(answer));
  }
}

/**
 * `{ data, meta? }` as JSON: one string, or for a page the chunks of its stored documents between the answer's own
 * (never decoded, parsed or encoded again).
 */
function answerJson(answer: Answer): string | readonly Buffer[] {
  const meta = answer.meta ? `,"meta":${JSON.stringify(answer.meta)}` : '';
  if (answer.dataUtf8 !== undefined) return [DATA_OPEN, ...answer.dataUtf8, Buffer.from(`${meta}}`)];
  return answer.data === undefined ? `{${meta.slice(1)}}` : `{"data":${JSON.stringify(answer.data)}${meta}}`;
}
const DATA_OPEN = Buffer.from('{"data":');

/**
 * Writes JSON as the answer, with its length (express's res.send would copy a string of 1 KB or more into a new
 * Buffer just to measure it). Chunks go out in one gathered write (corked while they are written), without being
 * copied together first. Uncorked before end(): with compression, the compressed output arrives later and waits
 * for 'drain' once it passes the socket's buffer, which a corked socket never emits.
 */
function sendJson(res: Response, json: string | readonly Buffer[]): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (typeof json === 'string') {
    res.setHeader('Content-Length', Buffer.byteLength(json));
    res.end(json);
    return;
  }
  res.setHeader('Content-Length', json.reduce((length, chunk) => length + chunk.length, 0));
  res.cork();
  for (const chunk of json) res.write(chunk);
  res.uncork();
  res.end();
}
