import { Ajv, type ValidateFunction } from 'ajv';
import { default as addFormatsModule } from 'ajv-formats';
import type { Static, TSchema } from '@sinclair/typebox';
import { ValidationError, type FieldProblem } from './errors.js';
import { messageOfProblems, problemsFromErrors } from './problems.js';

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

/** Problems for `data` against `schema`, or an empty list when it is valid. */
export function problemsOf(schema: TSchema, data: unknown): FieldProblem[] {
  const fn = compiledFor(schema);
  if (fn(data)) return [];
  return problemsFromErrors(fn.errors ?? []);
}

/** Returns `data` typed by the schema, or throws a ValidationError whose message names the first bad field. */
export function validate<T extends TSchema>(schema: T, data: unknown): Static<T> {
  const problems = problemsOf(schema, data);
  if (problems.length === 0) return data as Static<T>;
  throw new ValidationError(messageOfProblems(problems), problems);
}

/** A type guard over the same compiled schema. */
export function isValid<T extends TSchema>(schema: T, data: unknown): data is Static<T> {
  return compiledFor(schema)(data);
}
