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
  switch (error.keyword) {
    case 'required':
      return { field: fieldName(error.instancePath, String(params.missingProperty)), message: 'is required' };
    case 'additionalProperties':
      return { field: fieldName(error.instancePath, String(params.additionalProperty)), message: 'is not allowed' };
    case 'maxProperties':
      return { field: fieldName(error.instancePath), message: `must have at most ${String(params.limit)} fields` };
    case 'enum':
      return {
        field: fieldName(error.instancePath),
        message: `must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`,
      };
    case 'format':
      return {
        field: fieldName(error.instancePath),
        message:
          params.format === 'email'
            ? 'must be a valid email address'
            : `must be a valid ${String(params.format)}`,
      };
    case 'pattern':
      return {
        field: fieldName(error.instancePath),
        message: params.pattern === DISPLAY_NAME_PATTERN ? 'must be readable text: no control, invisible or text-direction characters' : 'has characters that are not allowed here',
      };
    case 'minLength':
      return Number(params.limit) === 1
        ? { field: fieldName(error.instancePath), message: 'must not be empty' }
        : { field: fieldName(error.instancePath), message: error.message ?? 'is too short' };
    default:
      return { field: fieldName(error.instancePath), message: error.message ?? 'is invalid' };
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
