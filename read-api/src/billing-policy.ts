import { billingPolicyDecider, disagreeingVariables, readBillingPolicy, type BillingPolicy, type CommandHandler, type EventStore } from '@relaycast/billing-core';
import { ConfigError, type Config } from './config.js';

/**
 * One billing policy for every process: it lives in the event log (billing-core/src/policy). At start a process
 * records the one its variables propose (or the defaults) if the log has none yet; if the log has one and the
 * process's variables say otherwise, the process refuses to start, naming the variables — two processes can never
 * decide dunning or the grace differently. Administrators change it with POST /admin/billing-policy/set.
 */
export async function ensureBillingPolicy(events: EventStore, handler: CommandHandler, config: Pick<Config, 'billingPolicyProposal'>, now: string): Promise<BillingPolicy> {
  const proposal = config.billingPolicyProposal;
  let current = await readBillingPolicy(events);
  if (!current.recorded) {
    const policy = proposal?.policy ?? current.policy;
    await handler.handle(billingPolicyDecider, 'billing-policy', {
      type: 'SetBillingPolicy',
      data: { policy, source: proposal ? 'ENVIRONMENT' : 'DEFAULT' },
      metadata: { now, actorId: 'start-up', actorRole: 'SYSTEM', correlationId: 'billing-policy-start-up' },
    });
    current = await readBillingPolicy(events);
  }
  // Compared with the policy as it applies (a recorded one out of bounds applies clamped, and the admin home warns).
  const disagreeing = proposal ? disagreeingVariables(proposal, current.policy) : [];
  if (disagreeing.length) {
    const p = current.policy;
    throw new ConfigError(
      `${disagreeing.join(', ')} ${disagreeing.length > 1 ? 'differ' : 'differs'} from the billing policy in the event log ` +
        `(DUNNING_SCHEDULE=${p.retryDays.join(',')}, LICENCE_GRACE_DAYS=${p.graceDays}, DUNNING_CANCEL_AFTER_DAYS=${p.cancelAfterDays}): ` +
        'every process must decide alike. Unset the variable, or change the policy in the admin area (POST /admin/billing-policy/set) and set it alike everywhere',
    );
  }
  return current.policy;
}
