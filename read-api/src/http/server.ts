import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Express } from 'express';

/**
 * The HTTP server for the app, its requests and responses born with express's prototypes.
 *
 * express gives every request and response its prototype by `Object.setPrototypeOf` when the request arrives.
 * V8 then treats each of them as a new object shape, and Node's own HTTP code (headers, writes, end) runs
 * deoptimised on them: on this machine that swap alone cut a bare endpoint from ~34,000 to ~12,000 answers a
 * second (bench/api.ts prints the comparison). Here Node constructs them as instances of express's prototypes from
 * the start; express's swap then finds the prototype already in place, and V8 skips it. Everything express adds
 * (req.get, res.cookie, req.app…) is where it was: the prototypes are the same objects.
 */
export function createHttpServer(app: Express): Server {
  // Node's constructors are called on the new object, the way Node's own subclasses of them do. (Reflect.construct
  // with a new.target would also work for classes, but measured 2.2 times slower per request: its objects took the
  // slow path again.) Should a Node release turn them into classes, which cannot be called, express's own swap is
  // used: correct, only slower.
  if (isClass(http.IncomingMessage) || isClass(http.ServerResponse)) return http.createServer(app);
  function ExpressRequest(this: IncomingMessage, socket: unknown) {
    (http.IncomingMessage as unknown as (this: IncomingMessage, socket: unknown) => void).call(this, socket);
  }
  ExpressRequest.prototype = app.request;
  function ExpressResponse(this: ServerResponse, req: IncomingMessage, options: unknown) {
    (http.ServerResponse as unknown as (this: ServerResponse, req: IncomingMessage, options: unknown) => void).call(this, req, options);
  }
  ExpressResponse.prototype = app.response;
  return http.createServer(
    { IncomingMessage: ExpressRequest as unknown as typeof IncomingMessage, ServerResponse: ExpressResponse as unknown as typeof ServerResponse },
    app,
  );
}

function isClass(constructor: unknown): boolean {
  return typeof constructor === 'function' && /^class\b/.test(Function.prototype.toString.call(constructor));
}

/**
 * How long an idle keep-alive connection stays open: longer than the proxies in front keep theirs (nginx's upstream
 * keepalive_timeout and ingress-nginx's upstream-keepalive-timeout are 60 s, a cloud load balancer's idle timeout 60 s
 * by default). With Node's default (5 s) a proxy reuses a connection the server is closing at that moment, and a POST
 * it had sent on it is answered 502 (docs/going-live.md).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Listens on host:port (0: a free port) and resolves once it does. */
export function listen(app: Express, port: number, host: string): Promise<Server> {
  const server = createHttpServer(app);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Longer still, so a request's headers are never timed out by the keep-alive's clock (Node's advice).
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
