import * as validators from 'virtual:relaycast-validators';
import { problemsFromErrors } from '@relaycast/contracts';
import { reasonText, type Problem, type Translate } from '../../app/shell/ui/problems.js';
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

/** The toast's words for a form's problems (the first, and how many more), or null when there are none. */
export function problemsMessage(problems: readonly Problem[], t: Translate): string | null {
  return problems.length ? reasonText({ code: 'VALIDATION_FAILED', problems: [...problems] }, t) : null;
}

export function validationMessage(schema: SchemaName, data: unknown, t: Translate): string | null {
  return problemsMessage(validationProblems(schema, data), t);
}
