import type { SubscriptionCreated } from '@relaycast/contracts';
import { billingEvolvers } from './billing/evolve.js';
import { dunningEvolvers } from './dunning.js';
import { entitlementEvolvers } from './entitlement.js';
import type { SubscriptionEvent } from './events.js';
import { lifecycleEvolvers } from './lifecycle/evolve.js';
import { planChangeEvolvers } from './plan-change.js';
import { reminderEvolvers } from './reminders.js';
import { emptyBooks } from '../books/items.js';
import { exists, type ExistingSubscription, type SubscriptionState } from './state.js';

/**
 * The subscription's evolve, composed from its modules' own: each event type is evolved by exactly one module
 * (the table below is checked complete by the compiler), SubscriptionCreated starts the state.
 */

type Evolvers = { [E in SubscriptionEvent as E['type']]: (s: ExistingSubscription, data: E['data']) => ExistingSubscription };

const EVOLVERS: Omit<Evolvers, 'SubscriptionCreated'> = { ...lifecycleEvolvers, ...planChangeEvolvers, ...billingEvolvers, ...dunningEvolvers, ...entitlementEvolvers, ...reminderEvolvers };

function created(d: SubscriptionCreated): ExistingSubscription {
  return {
    status: d.status,
    id: d.subscriptionId,
    user_id: d.user_id,
    name: d.name,
    infrastructure_type: d.infrastructure_type,
    subscription_type: d.subscription_type,
    plan: d.plan,
    modules: d.modules,
    quantity: d.quantity,
    amount: d.amount,
    currency: d.currency,
    infrastructure_details: d.infrastructure_details,
    ...(d.licence_key ? { licence_key: d.licence_key } : {}),
    ...(d.hardware_key ? { hardware_key: d.hardware_key } : {}),
    ...(d.startDate ? { startDate: d.startDate } : {}),
    ...(d.endDate ? { endDate: d.endDate } : {}),
    ...(d.taxPricing ? { taxPricing: d.taxPricing } : {}),
    paid: [],
    complimentary: [],
    credit: 0,
    orders: {},
    captures: [],
    refundIds: [],
    disputes: {},
    removed: false,
    walletCharges: 0,
    books: emptyBooks(),
  };
}

export function evolve(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  if (event.type === 'SubscriptionCreated') return created(event.data);
  if (!exists(state)) return state;
  const evolver = EVOLVERS[event.type] as (s: ExistingSubscription, data: unknown) => ExistingSubscription;
  return evolver(state, event.data);
}
