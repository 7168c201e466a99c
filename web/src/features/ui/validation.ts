import * as validators from 'virtual:relaycast-validators';
import { problemsFromErrors } from '@relaycast/contracts';
import { reasonText, type Problem, type Translate } from './problems.js';
import type { CompiledValidator } from 'virtual:relaycast-validators';

export type SchemaName = keyof typeof validators;

/**
 * Checks a form's body against a contracts schema in the browser, with the server's rules (seed §5): null when
 * valid, else the validator's message in the reader's language ("First name must not be empty" / «Имя: не может
 * быть пустым»), which the form shows as an error toast before cancelling the action.
 */
/** The field problems of a form's body against a contracts schema (none when valid), for inline errors. */
export function validationProblems(schema: SchemaName, data: unknown): Problem[] {
  const fn: CompiledValidator = validators[schema];
  return fn(data) ? [] : problemsFromErrors(fn.errors ?? []);
}

export function validationMessage(schema: SchemaName, data: unknown, t: Translate): string | null {
  const fn: CompiledValidator = validators[schema];
  if (fn(data)) return null;
  return reasonText({ code: 'VALIDATION_FAILED', problems: problemsFromErrors(fn.errors ?? []) }, t);
}
