import {
  ConflictError,
  DEFAULT_INFRASTRUCTURE_DETAILS,
  ForbiddenError,
  InvalidTransitionError,
  SUBSCRIPTION_NAME_PREFIX,
  ValidationError,
  type SubscriptionCreated,
  type SubscriptionStatus,
} from '@relaycast/contracts';
import { actsAsAdministrator, diff, requireSelfOrAdministrator } from '../../decider.js';
import type { SubscriptionEvent } from '../events.js';
import { checkClientAmount, configurationFrom, quote, requirePaidModule, visibleTo, type Cmd } from '../rules.js';
import { exists, type SubscriptionState } from '../state.js';
import { transition } from '../status.js';
import { complimentaryGrant } from './grants.js';

/** How long a checkout may stay in Creating before it counts as abandoned (out of the customer's own list). */
export const ABANDONED_CHECKOUT_MS = 24 * 60 * 60 * 1000;

/**
 * Checkouts still in Creating that began before this time are abandoned: out of the customer's list, their events
 * kept (and administrators still list them).
 */
export const abandonedCheckoutsBefore = (now: string): string => new Date(Date.parse(now) - ABANDONED_CHECKOUT_MS).toISOString();

/** Identities and dates are the server's: a licence key is issued with the first coverage, dates come from payments. */
const SERVER_ISSUED = ['licence_key', 'hardware_key', 'startDate', 'endDate'] as const;

/** Statuses a subscription may be created in: it starts before payment (an administrator may say it waits for one). */
const CREATED_AS: readonly SubscriptionStatus[] = ['SUBSCRIPTION_STATUS_INITIAL', 'SUBSCRIPTION_STATUS_WAIT_PAYMENT'];

/**
 * A purchase (a customer, for themselves) or an administrator's record. Priced by the catalogue; a figure from the
 * browser that differs is refused. It starts before payment: a free plan (or one billed elsewhere) goes Live at
 * once, and a paid plan goes Live only by payment — or by an administrator's explicit complimentary grant, with its
 * reason. Nobody confirms the privacy policy on a customer's behalf; negative or out-of-catalogue numbers are refused
 * by the schema and the catalogue, never coerced.
 */
export function create(command: Cmd<'CreateSubscription'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  if (exists(state)) throw new ConflictError(`Subscription ${data.subscriptionId} already exists`);
  const admin = actsAsAdministrator(metadata);
  if (!admin) {
    if (metadata.actorRole !== 'ROLE_CUSTOMER') throw new ForbiddenError('Only customers and administrators may buy subscriptions');
    requireSelfOrAdministrator(metadata, data.user_id, 'Customers may create subscriptions for themselves only');
    if (data.status !== 'SUBSCRIPTION_STATUS_INITIAL') throw new ForbiddenError(`Only administrators may create a subscription with status ${data.status}`);
    if (data.privacy_policy_confirm !== true) throw ValidationError.field('payment_details.privacy_policy_confirm', 'must be true: accept the privacy policy to buy');
    const issued = SERVER_ISSUED.find((field) => data[field] !== undefined);
    if (issued) throw ValidationError.field(issued, 'is issued by the server and cannot be chosen by a customer');
    if (data.complimentary) throw new ForbiddenError('Only administrators may grant a complimentary subscription');
  } else if (data.privacy_policy_confirm !== undefined) {
    throw ValidationError.field('payment_details.privacy_policy_confirm', 'is the customer’s own confirmation: an administrator cannot give it', 'notAllowed');
  }

  const infrastructure_type = data.infrastructure_type ?? 'self-hosted';
  const quoted = quote({ plan_id: data.plan_id ?? 'constructor', infrastructure_type, subscription_type: data.subscription_type, modules: data.modules, quantity: data.quantity });
  if (!admin && quoted.billingMonths === 0 && quoted.period !== 'free') throw new ForbiddenError(`Only administrators may create ${data.subscription_type} subscriptions`);
  checkClientAmount(quoted, data.amount, 'payment_details.amount');
  if (data.unitQuantity !== undefined && data.unitQuantity !== quoted.quantity) throw ValidationError.field('payment_details.unitQuantity', `must be ${quoted.quantity} for the chosen modules`);
  requirePaidModule(quoted);

  const live = data.status === 'SUBSCRIPTION_STATUS_ACTIVE';
  if (!live && !CREATED_AS.includes(data.status)) throw new InvalidTransitionError('NONE', data.status, 'a subscription starts before payment (Creating or Wait payment), or Live');
  const nothingToPay = quoted.amount === 0;
  if (live && !nothingToPay && !data.complimentary) {
    throw ValidationError.field('complimentary.reason', 'is required: a paid plan goes Live by payment, or by a complimentary grant with its reason', 'required');
  }
  if (data.complimentary && nothingToPay) throw ValidationError.field('complimentary', 'is for paid plans: this plan costs nothing');

  const created: SubscriptionCreated = {
    subscriptionId: data.subscriptionId,
    user_id: data.user_id,
    name: data.name ?? `${SUBSCRIPTION_NAME_PREFIX} ${metadata.now.slice(0, 10)}`,
    infrastructure_type,
    subscription_type: data.subscription_type,
    status: live ? 'SUBSCRIPTION_STATUS_INITIAL' : data.status,
    plan: { plan_id: quoted.plan_id, ...(quoted.period ? { period: quoted.period } : {}), billingMonths: quoted.billingMonths },
    modules: quoted.modules,
    quantity: quoted.quantity,
    amount: quoted.amount,
    currency: quoted.currency,
    payment_details: {
      payment_method: 'PAYPAL',
      plan_id: quoted.plan_id,
      amount: quoted.amount,
      unitQuantity: quoted.quantity,
      privacy_policy_confirm: data.privacy_policy_confirm === true,
      ...(data.client_id ? { client_id: data.client_id } : {}),
    },
    infrastructure_details: data.infrastructure_details ?? (infrastructure_type === 'saas' ? { ...DEFAULT_INFRASTRUCTURE_DETAILS } : {}),
    ...(data.licence_key ?? data.issuedLicenceKey ? { licence_key: data.licence_key ?? data.issuedLicenceKey } : {}),
    ...(data.hardware_key ? { hardware_key: data.hardware_key } : {}),
    ...(data.startDate ? { startDate: data.startDate } : {}),
    ...(data.endDate ? { endDate: data.endDate } : {}),
    // Catalogue prices are net: the tax (docs/tax.md) is added to them when a payment is asked for.
    taxPricing: 'net',
  };
  const events: SubscriptionEvent[] = [{ type: 'SubscriptionCreated', data: created }];
  const before = { status: created.status };
  // Nothing to pay here (a free plan; perpetual and pay-as-you-go are billed elsewhere): Live at once, and the history says why.
  if (nothingToPay && (quoted.plan_id === 'unlimited' || live)) {
    events.push(transition(before, 'SUBSCRIPTION_STATUS_ACTIVE', 'FREE_PLAN', metadata.now, quoted.plan_id === 'unlimited' ? {} : { reason: 'nothing to pay here: billed elsewhere' }));
  } else if (live && data.complimentary) {
    const key = data.licence_key ?? data.issuedLicenceKey;
    if (!key) throw ValidationError.field('licence_key', 'is needed for a complimentary grant (the server issues one)');
    events.push(
      complimentaryGrant({ plan: created.plan }, configurationFrom(quoted), data.complimentary, key, metadata.now),
      transition(before, 'SUBSCRIPTION_STATUS_ACTIVE', 'COMPLIMENTARY', metadata.now, { note: data.complimentary.reason }),
    );
  }
  return events;
}

const CUSTOMER_EDITABLE = new Set(['name', 'infrastructure_details']);

/** Descriptive fields only: price-bearing changes go through a revision, status through its commands. */
export function update(command: Cmd<'UpdateSubscription'>, state: SubscriptionState): SubscriptionEvent[] {
  const sub = visibleTo(state, command.metadata);
  if (!actsAsAdministrator(command.metadata)) {
    const forbidden = Object.keys(command.data).find((k) => !CUSTOMER_EDITABLE.has(k));
    if (forbidden) throw new ForbiddenError(`Only administrators may change ${forbidden}`);
  }
  const { changes, previous } = diff(sub, command.data);
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'SubscriptionUpdated', data: { changes, previous } }];
}
