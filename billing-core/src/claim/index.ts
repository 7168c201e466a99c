import { createHash } from 'node:crypto';
import { ClaimCommandSchemas, ConflictError, streamIds, type ClaimCommand, type ClaimEvent } from '@relaycast/contracts';
import { unreachable, type Decider } from '../decider.js';
import { normaliseMailbox } from './mailbox.js';

export { normaliseMailbox } from './mailbox.js';

/**
 * Unique identifiers held by one subscription each: a PayPal billing reference (how webhooks find a subscription
 * in the event store), a licence key, a customer's free plan. Each identifier has its own stream holding its
 * owner; two claims race on that stream's version, and one loses. Same shape as the e-mail claims.
 */
export type ClaimState = { owner: string | null };

/** Stream keys: the identifier's kind and the identifier itself (hashed where it is a secret, like a licence key). */
export const claimKeys = {
  billingReference: (reference: string) => `billing-reference-${reference}`,
  licenceKey: (key: string) => `licence-key-${createHash('sha256').update(key).digest('hex')}`,
  freePlan: (userId: string) => `free-plan-${userId}`,
  /** One free trial per customer, for ever (never released). */
  trial: (userId: string) => `trial-${userId}`,
  /**
   * One free trial per verified mailbox, for ever: another account with the same address, or another alias of it
   * (a plus tag, Gmail's dots and googlemail.com, the domain in Unicode or punycode), gets none. Claims written before
   * the mailbox rule were keyed by the lower-cased address; start-up adds the mailbox's (billing-core/src/upgrade).
   */
  trialAddress: (email: string) => `trial-address-${createHash('sha256').update(normaliseMailbox(email)).digest('hex')}`,
  /** A Vault setup token, bound to the subscription that started it. */
  walletSetup: (setupTokenId: string) => `wallet-setup-${createHash('sha256').update(setupTokenId).digest('hex')}`,
} as const;

function evolve(state: ClaimState, event: ClaimEvent): ClaimState {
  switch (event.type) {
    case 'IdentifierClaimed':
      return { owner: event.data.subscriptionId };
    case 'IdentifierReleased':
      return state.owner === event.data.subscriptionId ? { owner: null } : state;
  }
}

function decide(command: ClaimCommand, state: ClaimState): ClaimEvent[] {
  switch (command.type) {
    case 'ClaimIdentifier': {
      const { subscriptionId, takeoverFrom } = command.data;
      if (state.owner === subscriptionId) return [];
      if (state.owner !== null && state.owner !== takeoverFrom) throw new ConflictError('This identifier belongs to another subscription');
      return [{ type: 'IdentifierClaimed', data: { subscriptionId } }];
    }
    case 'ReleaseIdentifier':
      return state.owner === command.data.subscriptionId ? [{ type: 'IdentifierReleased', data: { subscriptionId: command.data.subscriptionId } }] : [];
    default:
      return unreachable(command);
  }
}

export const claimDecider: Decider<ClaimState, ClaimCommand, ClaimEvent> = {
  /** Takes a key from `claimKeys`. */
  streamId: streamIds.claim,
  initialState: () => ({ owner: null }),
  evolve,
  decide,
  commandSchemas: ClaimCommandSchemas,
};
