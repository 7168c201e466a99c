import { AppError, type CommandMetadata } from '@relaycast/contracts';
import { actsAsAdministrator } from '../../decider.js';
import { visibleTo } from '../rules.js';
import type { SubscriptionState } from '../state.js';
import { checkGrant } from './grants.js';
import { lifecycleChecks } from './status-commands.js';

/** The lifecycle moves the admin area offers, and the one customers have (cancel at the end of the paid time). */
export interface LifecycleActions {
  pause: boolean;
  resume: boolean;
  grantComplimentary: boolean;
  cancelAtPeriodEnd: boolean;
  cancelNow: boolean;
}

/** Does `check` pass? A refusal by the rules is a no; anything else is a fault and is thrown. */
function passes(check: () => void): boolean {
  try {
    check();
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/**
 * What the actor may do to the subscription now, by the deciders' own checks (status-commands.ts, grants.ts): the
 * web asks the server rather than repeating a rule. Customers (their own) may only cancel at the end of the paid
 * time and cancel now; administrators may do all that the checks allow.
 */
export function lifecycleActions(state: SubscriptionState, metadata: CommandMetadata): LifecycleActions {
  const sub = visibleTo(state, metadata);
  const admin = actsAsAdministrator(metadata);
  const now = metadata.now;
  return {
    pause: admin && passes(() => lifecycleChecks.pause(sub)),
    resume: admin && sub.status === 'SUBSCRIPTION_STATUS_PAUSE' && passes(() => lifecycleChecks.resume(sub, now)),
    grantComplimentary: admin && passes(() => checkGrant(sub)),
    cancelAtPeriodEnd: passes(() => lifecycleChecks.scheduleCancellation(sub, now)),
    cancelNow: passes(() => lifecycleChecks.cancel(sub)),
  };
}
