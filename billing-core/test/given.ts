import { expect } from 'chai';
import { AppError, type Command, type CommandMetadata, type DomainEvent, type ErrorCode } from '@relaycast/contracts';
import type { Decider } from '../src/decider.js';

export const NOW = '2026-11-23T10:00:00.000Z';

/** Command metadata for tests: an administrator at NOW unless told otherwise. */
export function meta(overrides: Partial<CommandMetadata> = {}): CommandMetadata {
  return { now: NOW, actorId: 'admin-1', actorRole: 'ROLE_ADMIN', correlationId: 'corr-1', ...overrides };
}

/**
 * given([events]).when(command).then([events]) / .thenThrows(ErrorClass, /message/) over one decider;
 * .thenThrowsCode(ErrorClass, 'CODE') also checks the error's fixed code, and returns the error.
 */
export function given<S, C extends Command, E extends DomainEvent>(decider: Decider<S, C, E>, history: E[] = []) {
  const state = history.reduce((s, e) => decider.evolve(s, e), decider.initialState());
  return {
    state,
    when(command: C) {
      const run = () => decider.decide(command, state);
      return {
        then(expected: E[]) {
          expect(run()).to.deep.equal(expected);
        },
        thenEvents(): E[] {
          return run();
        },
        thenThrows(errorClass: new (...args: never[]) => Error, message?: RegExp) {
          let thrown: unknown;
          try {
            run();
          } catch (error) {
            thrown = error;
          }
          expect(thrown, 'expected decide to throw').to.be.instanceOf(errorClass);
          if (message) expect((thrown as Error).message).to.match(message);
        },
        thenThrowsCode<T extends AppError>(errorClass: new (...args: never[]) => T, code: ErrorCode, message?: RegExp): T {
          let thrown: unknown;
          try {
            run();
          } catch (error) {
            thrown = error;
          }
          expect(thrown, 'expected decide to throw').to.be.instanceOf(errorClass);
          expect((thrown as AppError).code, 'error code').to.equal(code);
          if (message) expect((thrown as Error).message).to.match(message);
          return thrown as T;
        },
      };
    },
  };
}
