import { streamIds } from '@relaycast/contracts';
import type { Decider } from '../decider.js';
import { UserCommandSchemas, type UserCommand } from './commands.js';
import { decide } from './decide.js';
import type { UserEvent } from './events.js';
import { evolve, initialState, type UserState } from './state.js';

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  streamId: streamIds.user,
  initialState,
  evolve,
  decide,
  commandSchemas: UserCommandSchemas,
};
export type { UserState, ExistingUser } from './state.js';
export { RESET_LINK_MINUTES, RESETS_PER_HOUR, VERIFY_RESEND_MS } from './decide.js';
export type { UserCommand } from './commands.js';
export type { UserEvent } from './events.js';
