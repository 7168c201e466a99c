import type { RequestHandler } from 'express';
import { AppError, ValidationError, fieldPath } from '@relaycast/contracts';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 32;

/** The first problem with a parsed JSON body: a prototype-polluting key, or nesting deeper than any payload needs. */
function inspect(value: unknown, path: (string | number)[], depth: number): ValidationError | null {
  if (depth > MAX_DEPTH) return ValidationError.field(fieldPath(path), `is nested deeper than ${MAX_DEPTH} levels`);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = inspect(value[i], [...path, i], depth + 1);
      if (problem) return problem;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) return ValidationError.field(fieldPath([...path, key]), 'is not an allowed key');
      const problem = inspect((value as Record<string, unknown>)[key], [...path, key], depth + 1);
      if (problem) return problem;
    }
  }
  return null;
}

/**
 * Every POST takes a JSON object (or nothing). Anything else is refused before a route sees it: a wrong content
 * type (415: also keeps cross-site HTML forms out), a body that is not an object, polluting keys, deep nesting.
 */
export const jsonBodyGuard: RequestHandler = (req, _res, next) => {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (hasBody && !req.is('application/json')) {
    return next(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json'));
  }
  if (req.body === undefined || req.body === null || (typeof req.body === 'object' && !hasBody)) req.body = {};
  if (typeof req.body !== 'object' || Array.isArray(req.body)) return next(ValidationError.field('body', 'must be a JSON object'));
  next(inspect(req.body, [], 0) ?? undefined);
};
