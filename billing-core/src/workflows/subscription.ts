import { AppError, ConflictError, NotFoundError, ValidationError, type CommandMetadata } from '@relaycast/contracts';
import { aggregate, deterministicUuid } from '../handler.js';
import { requireSelfOrAdministrator } from '../decider.js';
import { userDecider } from '../user/index.js';
import { claimKeys } from '../claim/index.js';
import { loadSubscription, type PaymentDeps } from '../payments/context.js';
import type { SubscriptionCommand } from '../subscription/commands.js';
import { subscriptionDecider } from '../subscription/index.js';
import { claimFreePlan, claimKey, claimOnce, keyOf, withClaims, type Deps } from './claims.js';

/**
 * The subscription commands that need more than one stream: claims of unique identifiers (a licence key, a
 * customer's free plan or trial) and the subscription they are for (claims.ts says how a claim and a record meet).
 * Routes, the scheduler and CLIs call these; every rule they apply is the decider's.
 */

type Create = Extract<SubscriptionCommand, { type: 'CreateSubscription' }>;
type Update = Extract<SubscriptionCommand, { type: 'UpdateSubscription' }>;
type Trial = Extract<SubscriptionCommand, { type: 'StartTrial' }>;
type SetStatus = Extract<SubscriptionCommand, { type: 'SetSubscriptionStatus' }>;
type Grant = Extract<SubscriptionCommand, { type: 'GrantComplimentary' }>;
type Cancel = Extract<SubscriptionCommand, { type: 'CancelSubscription' }>;

/**
 * Creates a subscription. Its unique identifiers are claimed only once the decider accepts it: a free plan, an
 * administrator's licence key, and — for a plan Live at creation (free, complimentary, billed elsewhere) — the key
 * of its licence, which the server issues.
 */
export async function createSubscription(deps: Deps, command: Create) {
  const { data, metadata } = command;
  const free = data.plan_id === 'unlimited' && data.subscription_type === 'SUBSCRIPTION_FREE';
  const issued = !data.licence_key && (free || data.status === 'SUBSCRIPTION_STATUS_ACTIVE') ? keyOf(deps) : undefined;
  const decided: Create = issued ? { ...command, data: { ...data, issuedLicenceKey: issued } } : command;
  await deps.execute(subscriptionDecider, data.subscriptionId, decided, { dryRun: true });
  return withClaims(
    deps,
    data.subscriptionId,
    metadata,
    async (taken) => {
      if (free) await claimFreePlan(deps, data.user_id, data.subscriptionId, metadata, taken);
      const key = data.licence_key ?? issued;
      if (key) await claimKey(deps, key, data.subscriptionId, metadata, taken);
    },
    () => deps.execute(subscriptionDecider, data.subscriptionId, decided),
  );
}

/** A purchase's Idempotency-Key: one per purchase, 8 to 128 characters. */
export const PURCHASE_KEY_LENGTH = { min: 8, max: 128 } as const;

/**
 * A purchase, once per Idempotency-Key and request: the subscription's id is derived from the buyer and the key, so
 * a retry targets the same stream and cannot create twice; the request's fingerprint rides with the key, so the same
 * key with another request is told apart (IDEMPOTENCY_KEY_REUSED) from a retry (the first purchase, `created: false`).
 * Someone else's purchase is refused as such before a missing key.
 */
export async function purchaseSubscription(
  deps: Deps,
  request: { idempotencyKey: string | undefined; fingerprint: string; command: Omit<Create, 'data'> & { data: Omit<Create['data'], 'subscriptionId'> } },
): Promise<{ subscriptionId: string; created: boolean; consistent: boolean }> {
  const { idempotencyKey: key, fingerprint, command } = request;
  requireSelfOrAdministrator(command.metadata, command.data.user_id);
  if (!key || key.length < PURCHASE_KEY_LENGTH.min || key.length > PURCHASE_KEY_LENGTH.max) {
    throw ValidationError.field('Idempotency-Key', `is required: ${PURCHASE_KEY_LENGTH.min} to ${PURCHASE_KEY_LENGTH.max} characters, one per purchase (a retry sends the same)`);
  }
  const subscriptionId = deterministicUuid(`${command.metadata.actorId}\u0000${key}`);
  const idempotencyKey = `create:${key}:${fingerprint}`;
  try {
    const result = await createSubscription(deps, { ...command, data: { ...command.data, subscriptionId }, metadata: { ...command.metadata, idempotencyKey } } as Create);
    return { subscriptionId, created: true, consistent: (result as { consistent?: boolean }).consistent ?? true };
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    // The key was used before: with this request, the first request's subscription; with another, refused.
    const first = (await deps.events.readStream(subscriptionDecider.streamId(subscriptionId), { maxCount: 1 }).catch(() => []))[0];
    if (!first) throw error; // another conflict (a second free plan) stands
    if (first.metadata.idempotencyKey !== idempotencyKey) throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different purchase: use a new key for a new purchase');
    return { subscriptionId, created: false, consistent: true };
  }
}

/** Updates descriptive fields; a licence key an administrator sets is claimed once the update is accepted. */
export async function updateSubscription(deps: Deps, subscriptionId: string, command: Update, options: { expectedVersion?: number } = {}) {
  await deps.execute(subscriptionDecider, subscriptionId, command, { ...options, dryRun: true });
  const key = command.data.licence_key;
  return withClaims(
    deps,
    subscriptionId,
    command.metadata,
    async (taken) => {
      if (key) await claimKey(deps, key, subscriptionId, command.metadata, taken);
    },
    () => deps.execute(subscriptionDecider, subscriptionId, command, options),
  );
}

/**
 * An administrator's status change with the licence key a grant needs: the one the subscription has, else a new one
 * (issued here; claimed only when the decider accepts the move).
 */
async function withStatusKey(deps: Deps, subscriptionId: string, command: SetStatus): Promise<{ command: SetStatus; newKey: string | undefined }> {
  const { sub } = await loadSubscription(deps as PaymentDeps, subscriptionId);
  const newKey = !sub.licence_key && command.data.status === 'SUBSCRIPTION_STATUS_ACTIVE' ? keyOf(deps) : undefined;
  return { command: newKey ? { ...command, data: { ...command.data, licenceKey: newKey } } : command, newKey };
}

/** Records a prepared status change; a new licence key is claimed only when the change is a complimentary grant. */
async function recordStatus(deps: Deps, subscriptionId: string, prepared: { command: SetStatus; newKey: string | undefined }) {
  const preview = await deps.execute(subscriptionDecider, subscriptionId, prepared.command, { dryRun: true });
  const grants = preview.events.some((e) => e.type === 'ComplimentaryGranted');
  return withClaims(
    deps,
    subscriptionId,
    prepared.command.metadata,
    async (taken) => {
      if (grants && prepared.newKey) await claimKey(deps, prepared.newKey, subscriptionId, prepared.command.metadata, taken);
    },
    () => deps.execute(subscriptionDecider, subscriptionId, prepared.command),
  );
}

/**
 * An administrator's status change. Live without covered time is a complimentary grant: its licence needs a key,
 * issued and claimed here once the decider accepts the move.
 */
export async function setSubscriptionStatus(deps: Deps, subscriptionId: string, command: SetStatus) {
  return recordStatus(deps, subscriptionId, await withStatusKey(deps, subscriptionId, command));
}

/**
 * A change of descriptive fields and (administrators) of the status, all or nothing: both are decided on the
 * subscription as it is before either is recorded — a change the fields, the role or the status machine refuses is
 * refused before anything is written — then recorded, the fields first. Answers whether the read models caught up.
 */
export async function changeSubscription(
  deps: Deps,
  subscriptionId: string,
  change: { update?: Update; status?: SetStatus },
  options: { expectedVersion?: number } = {},
): Promise<{ consistent: boolean }> {
  const status = change.status ? await withStatusKey(deps, subscriptionId, change.status) : undefined;
  if (change.update) await deps.execute(subscriptionDecider, subscriptionId, change.update, { ...options, dryRun: true });
  if (status) await deps.execute(subscriptionDecider, subscriptionId, status.command, { dryRun: true });
  let consistent = true;
  if (change.update) consistent = ((await updateSubscription(deps, subscriptionId, change.update, options)) as { consistent?: boolean }).consistent ?? true;
  if (status) consistent = (((await recordStatus(deps, subscriptionId, status)) as { consistent?: boolean }).consistent ?? true) && consistent;
  return { consistent };
}

/**
 * One free trial per customer and per verified mailbox, not per subscription: the decider checks this subscription
 * may start one (paid, before the first payment, at most 20 units); then the customer's address must be verified;
 * then the customer's and the mailbox's trial claims are taken (for good, once the trial started; the mailbox
 * normalised, so `alice+1@`, `a.lice@gmail.com` and `alice@googlemail.com` are `alice@gmail.com`: claim/mailbox.ts)
 * and the trial's licence key, then the trial starts. Two trials at once race on the claim stream, and one loses (409).
 */
export async function startTrial(deps: Deps, subscriptionId: string, command: Trial) {
  const { sub } = await loadSubscription(deps as PaymentDeps, subscriptionId);
  const licenceKey = sub.licence_key ?? keyOf(deps);
  const withKey: Trial = { ...command, data: { ...command.data, licenceKey } };
  await deps.execute(subscriptionDecider, subscriptionId, withKey, { dryRun: true });
  const email = await verifiedAddressOf(deps, sub.user_id);
  return withClaims(
    deps,
    subscriptionId,
    command.metadata,
    async (taken) => {
      await claimOnce(deps, claimKeys.trial(sub.user_id), subscriptionId, command.metadata, taken, () => new ConflictError('This customer has already had a free trial; only one is allowed per customer'));
      await claimOnce(
        deps,
        claimKeys.trialAddress(email),
        subscriptionId,
        command.metadata,
        taken,
        () => new ConflictError('This address has already had a free trial; only one is allowed per address', { field: 'email', message: 'has already had a free trial', rule: 'trialTaken' }),
      );
      if (!sub.licence_key) await claimKey(deps, licenceKey, subscriptionId, command.metadata, taken);
    },
    () => deps.execute(subscriptionDecider, subscriptionId, withKey),
  );
}

/**
 * The customer's address, when it is verified (a Google sign-up, or the e-mailed link followed): trials are one per
 * verified address, so an unverified account may do everything but start one (409 naming the address).
 */
async function verifiedAddressOf(deps: Deps, userId: string): Promise<string> {
  const { state: user } = await aggregate(deps.events, userDecider, userId);
  if (user.status !== 'ACTIVE') throw new NotFoundError('The customer of this subscription was not found');
  if (!user.emailVerified) {
    throw new ConflictError('Verify your e-mail address first: a free trial needs a verified address (the link is in the message sent at sign-up)', { field: 'email', message: 'is not verified yet', rule: 'notVerified' });
  }
  return user.email;
}

/**
 * An administrator's complimentary grant (Live without payment, for a reason, until a date; after any time already
 * covered): its licence key is issued and claimed once the decider accepts it.
 */
export async function grantComplimentary(deps: Deps, subscriptionId: string, command: Omit<Grant, 'data'> & { data: Omit<Grant['data'], 'licenceKey'> }) {
  const { sub } = await loadSubscription(deps as PaymentDeps, subscriptionId);
  const licenceKey = sub.licence_key ?? keyOf(deps);
  const withKey: Grant = { ...command, type: 'GrantComplimentary', data: { ...command.data, licenceKey } };
  await deps.execute(subscriptionDecider, subscriptionId, withKey, { dryRun: true });
  return withClaims(
    deps,
    subscriptionId,
    command.metadata,
    async (taken) => {
      if (!sub.licence_key) await claimKey(deps, licenceKey, subscriptionId, command.metadata, taken);
    },
    () => deps.execute(subscriptionDecider, subscriptionId, withKey),
  );
}

/** Cancels each of `subscriptionIds` (a customer's, all at once): those the decider cancelled now, in order. */
export async function cancelSubscriptions(deps: Deps, subscriptionIds: readonly string[], data: Cancel['data'], metadata: CommandMetadata): Promise<string[]> {
  const cancelled: string[] = [];
  for (const id of subscriptionIds) {
    const result = await deps.execute(subscriptionDecider, id, { type: 'CancelSubscription', data, metadata });
    if (result.events.length) cancelled.push(id);
  }
  return cancelled;
}
