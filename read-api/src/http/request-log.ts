import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import { routeLabelOf } from './route.js';

const QUIET = /^\/(health|metrics|assets\/)/;
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The route label of a finished request, for the latency histogram (bounded: never the raw URL). */
function routeLabel(req: Request, res: Response): string {
  return (req.route?.path as string | undefined) ?? routeLabelOf(res) ?? (res.statusCode === 404 ? 'not-found' : 'static');
}

/**
 * Gives every request an id (the caller's X-Request-Id when it looks like one, else a new UUID), echoes it, and
 * when the answer is sent records its latency in the histogram and logs one line: errors at error, client errors
 * at warn, the rest at info. The id is the correlation id of every event the request causes.
 * One clock read and one 'finish' listener per request serve both the log and the metric: on the read API's hot
 * path each listener and timer was a measurable share (bench/api.ts). (pino-http did the same with a child logger
 * per request, which cost a fifth of the throughput of a list call even when nothing was logged.)
 */
export function requestLog(logger: Logger, metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    const started = performance.now();
    res.once('finish', () => {
      const ms = performance.now() - started;
      const status = res.statusCode;
      metrics.httpDuration.observe({ method: req.method, route: routeLabel(req, res), status: String(status) }, ms / 1000);
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      // originalUrl: inside a mounted router (/assets) req.url has lost its prefix by the time the answer is sent.
      if (!logger.isLevelEnabled(level) || (level === 'info' && QUIET.test(req.originalUrl))) return;
      logger[level]({ reqId: id, method: req.method, url: req.originalUrl, status, ms: Math.round(ms * 10) / 10, user: req.auth?.user?._id }, 'request completed');
    });
    next();
  };
}
