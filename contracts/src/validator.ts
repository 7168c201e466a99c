import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { default as addFormatsModule } from 'ajv-formats';
import type { Static, TSchema } from '@sinclair/typebox';
import { ValidationError, type FieldProblem } from './errors.js';

// ajv-formats is CommonJS with a default export; under ESM interop the callable sits on `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv) => Ajv;

/**
 * The one validator. Every boundary (HTTP bodies, command handlers, event data, the browser's forms) validates
 * with these compiled ajv functions, so a rule is written once, in a schema, and the message names the field.
 */
const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
addFormats(ajv);

const compiled = new WeakMap<TSchema, ValidateFunction>();

function compiledFor(schema: TSchema): ValidateFunction {
  let fn = compiled.get(schema);
  if (!fn) {
    fn = ajv.compile(schema);
    compiled.set(schema, fn);
  }
  return fn;
}

/** "/modules/0/limit" → "modules[0].limit" */
function fieldName(instancePath: string, child?: string): string {
  const parts = instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  let out = '';
  for (const part of parts) out += /^\d+$/.test(part) ? `[${part}]` : out ? `.${part}` : part;
  return out || 'body';
}

function toProblem(error: ErrorObject): FieldProblem {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { field: fieldName(error.instancePath, String(params.missingProperty)), message: 'is required' };
    case 'additionalProperties':
      return { field: fieldName(error.instancePath, String(params.additionalProperty)), message: 'is not allowed' };
    case 'enum':
      return {
        field: fieldName(error.instancePath),
        message: `must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`,
      };
    case 'format':
      return {
        field: fieldName(error.instancePath),
        message: params.format === 'email' ? 'must be a valid email address' : `must be a valid ${String(params.format)}`,
      };
    case 'minLength':
      return Number(params.limit) === 1
        ? { field: fieldName(error.instancePath), message: 'must not be empty' }
        : { field: fieldName(error.instancePath), message: error.message ?? 'is too short' };
    default:
      return { field: fieldName(error.instancePath), message: error.message ?? 'is invalid' };
  }
}

/** Problems for `data` against `schema`, or an empty list when it is valid. */
export function problemsOf(schema: TSchema, data: unknown): FieldProblem[] {
  const fn = compiledFor(schema);
  if (fn(data)) return [];
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const error of fn.errors ?? []) {
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

/** Returns `data` typed by the schema, or throws a ValidationError whose message names the first bad field. */
export function validate<T extends TSchema>(schema: T, data: unknown): Static<T> {
  const problems = problemsOf(schema, data);
  if (problems.length === 0) return data as Static<T>;
  const [first] = problems as [FieldProblem, ...FieldProblem[]];
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  throw new ValidationError(`${first.field} ${first.message}${more}`, problems);
}

/** A type guard over the same compiled schema. */
export function isValid<T extends TSchema>(schema: T, data: unknown): data is Static<T> {
  return compiledFor(schema)(data);
}
