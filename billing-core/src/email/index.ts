import { ConflictError, EmailCommandSchemas, streamIds, type EmailCommand, type EmailEvent } from '@relaycast/contracts';
import { createHash } from 'node:crypto';
import { unreachable, type Decider } from '../decider.js';

/**
 * E-mail uniqueness across users. Each address has its own stream, named by a hash of the lower-cased address,
 * holding who claimed it: two registrations of one address race on that stream's version, and one loses.
 */
export type EmailState = { owner: string | null };

export function emailStreamKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

function evolve(state: EmailState, event: EmailEvent): EmailState {
  switch (event.type) {
    case 'EmailClaimed':
      return { owner: event.data.userId };
    case 'EmailReleased':
      return state.owner === event.data.userId ? { owner: null } : state;
  }
}

function decide(command: EmailCommand, state: EmailState): EmailEvent[] {
  switch (command.type) {
    case 'ClaimEmail':
      if (state.owner === command.data.userId) return [];
      if (state.owner !== null && !command.data.takeover) throw new ConflictError('This e-mail address is already registered', { field: 'email', message: 'is already registered', rule: 'taken' });
      return [{ type: 'EmailClaimed', data: { userId: command.data.userId } }];
    case 'ReleaseEmail':
      return state.owner === command.data.userId ? [{ type: 'EmailReleased', data: { userId: command.data.userId } }] : [];
    default:
      return unreachable(command);
  }
}

export const emailDecider: Decider<EmailState, EmailCommand, EmailEvent> = {
  /** Takes the address's hash (`emailStreamKey`), never the address itself. */
  streamId: streamIds.email,
  initialState: () => ({ owner: null }),
  evolve,
  decide,
  commandSchemas: EmailCommandSchemas,
};
