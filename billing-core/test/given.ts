import { expect } from 'chai';
import type { Command, CommandMetadata, DomainEvent } from '@relaycast/contracts';
import type { Decider } from '../src/decider.js';

export const NOW = '2026-11-23T10:00:00.000Z';

/** Command metadata for tests: an administrator at NOW unless told otherwise. */
export function meta(overrides: Partial<CommandMetadata> = {}): CommandMetadata {
  return { now: NOW, actorId: 'admin-1', actorRole: 'ROLE_ADMIN', correlationId: 'corr-1', ...overrides };
}

/** given([events]).when(command).then([events]) / .thenThrows(ErrorClass, /message/) over one decider. */
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
      };
    },
  };
}
