import * as validators from 'virtual:relaycast-validators';
import { messageOfProblems, problemsFromErrors } from '@relaycast/contracts';
import type { CompiledValidator } from 'virtual:relaycast-validators';

export type SchemaName = keyof typeof validators;

/**
 * Checks a form's body against a contracts schema in the browser, with the server's rules and wording (seed §5):
 * null when valid, else the validator's message ("givenName must not be empty"), which the form shows as an
 * error toast before cancelling the action.
 */
export function validationMessage(schema: SchemaName, data: unknown): string | null {
  const fn: CompiledValidator = validators[schema];
  if (fn(data)) return null;
  return messageOfProblems(problemsFromErrors(fn.errors ?? []));
}
