import { DISPLAY_NAME_PATTERN } from './schemas/common.js';
import type { ErrorObject } from 'ajv';
import type { FieldProblem } from './errors.js';

/*
 * How ajv's errors become field problems and one message naming the first field. Kept apart from the validator
 * (no ajv at run time here), so a browser that runs validators compiled at build time — its Content-Security-Policy
 * forbids the code generation ajv.compile does — words its messages exactly as the server does.
 */

/**
 * A field's name from its path: ["modules", 0, "limit"] → "modules[0].limit". Keys that are not plain names
 * (spaces, quotes, empty) are quoted, [" odd key"], so the name a message starts with is never ambiguous.
 */
export function fieldPath(parts: readonly (string | number)[]): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'number' || /^\d+$/.test(part)) out += `[${part}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out || 'body';
}

/** "/modules/0/limit" → "modules[0].limit" */
function fieldName(instancePath: string, child?: string): string {
  const parts = instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  return fieldPath(parts);
}

function toProblem(error: ErrorObject): FieldProblem {
  const params = error.params as Record<string, unknown>;
  const at = (child?: string) => fieldName(error.instancePath, child);
  const limit = { limit: Number(params.limit) };
  switch (error.keyword) {
    case 'required':
      return { field: at(String(params.missingProperty)), message: 'is required', rule: 'required' };
    case 'additionalProperties':
      return { field: at(String(params.additionalProperty)), message: 'is not allowed', rule: 'notAllowed' };
    case 'maxProperties':
      return { field: at(), message: `must have at most ${String(params.limit)} fields`, rule: 'maxProperties', params: limit };
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String).join(', ');
      return { field: at(), message: `must be one of: ${allowed}`, rule: 'enum', params: { allowed } };
    }
    case 'format':
      return params.format === 'email'
        ? { field: at(), message: 'must be a valid email address', rule: 'email' }
        : { field: at(), message: `must be a valid ${String(params.format)}`, rule: 'format', params: { format: String(params.format) } };
    case 'pattern':
      return params.pattern === DISPLAY_NAME_PATTERN
        ? { field: at(), message: 'must be readable text: no control, invisible or text-direction characters', rule: 'displayName' }
        : { field: at(), message: 'has characters that are not allowed here', rule: 'pattern' };
    case 'minLength':
      return Number(params.limit) === 1
        ? { field: at(), message: 'must not be empty', rule: 'empty' }
        : { field: at(), message: error.message ?? 'is too short', rule: 'minLength', params: limit };
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
    case 'minimum':
    case 'maximum':
      return { field: at(), message: error.message ?? 'is out of range', rule: error.keyword, params: limit };
    case 'type':
      return { field: at(), message: error.message ?? 'is of the wrong type', rule: 'type', params: { type: String(params.type) } };
    case 'const':
      return { field: at(), message: error.message ?? 'is invalid', rule: 'const', params: { value: String(params.allowedValue) } };
    default:
      return { field: at(), message: error.message ?? 'is invalid', rule: 'invalid' };
  }
}

/** The problems ajv reported, one per field and message (the anyOf/oneOf/if summaries left out). */
export function problemsFromErrors(errors: readonly ErrorObject[]): FieldProblem[] {
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const error of errors) {
    // A union reports each branch's failure; the "must match a schema in anyOf" summary adds nothing.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const problem = toProblem(error);
    const key = `${problem.field} ${problem.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      problems.push(problem);
    }
  }
  return problems.length ? problems : [{ field: 'body', message: 'is invalid' }];
}

/** The validation message: the first problem, and how many more there are. */
export function messageOfProblems(problems: readonly FieldProblem[]): string {
  const [first = { field: 'body', message: 'is invalid' }] = problems;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  return `${first.field} ${first.message}${more}`;
}
