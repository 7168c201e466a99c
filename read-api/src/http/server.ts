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
  // Node calls `new options.IncomingMessage(socket)` and `new options.ServerResponse(req, options)`. Each
  // constructor runs Node's own with itself as new.target, so the object gets express's prototype (works whether
  // Node's are plain functions, as in Node 20, or classes).
  function ExpressRequest(socket: unknown): IncomingMessage {
    return Reflect.construct(http.IncomingMessage, [socket], ExpressRequest) as IncomingMessage;
  }
  ExpressRequest.prototype = app.request;
  function ExpressResponse(req: IncomingMessage, options: unknown): ServerResponse {
    return Reflect.construct(http.ServerResponse, [req, options], ExpressResponse) as ServerResponse;
  }
  ExpressResponse.prototype = app.response;
  return http.createServer(
    { IncomingMessage: ExpressRequest as unknown as typeof IncomingMessage, ServerResponse: ExpressResponse as unknown as typeof ServerResponse },
    app,
  );
}

/** Listens on host:port (0: a free port) and resolves once it does. */
export function listen(app: Express, port: number, host: string): Promise<Server> {
  const server = createHttpServer(app);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
