import { randomUUID } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import { ConflictError, type ChangeBillingDetailsData, type CommandMetadata, type RegisterUserData, type Role } from '@relaycast/contracts';
import { aggregate, deterministicUuid } from '../handler.js';
import type { Execute, PaymentDeps } from '../payments/context.js';
import { emailDecider, emailStreamKey } from '../email/index.js';
import { RESET_LINK_MINUTES, userDecider } from '../user/index.js';
import { askVies, type ViesPort } from '../tax/vat-number.js';

/**
 * Users with unique e-mail addresses: the address's claim stream (email/) and the user's stream are two appends, so
 * the address is claimed first and released when the user lets it go (a change of address, a removal).
 */

type Deps = Pick<PaymentDeps, 'events'> & { execute: Execute };

/** What a registration records (RegisterUser's data: the language at sign-up, a Google address verified); the id is chosen here when not given. */
export type NewUser = Omit<Static<typeof RegisterUserData>, 'userId'> & { userId?: string };

/** The user id of a Google account (its `sub`): a second first sign-in at once names the same user. */
export const googleUserId = (googleSub: string): string => deterministicUuid(`google:${googleSub}`);

/** The administrator's id, from the address: replicas bootstrapping at once register the same user. */
export const administratorId = (email: string): string => deterministicUuid(`administrator\u0000${email}`);

/** How old a claim without its user must be to count as a registration that never finished. */
export const ABANDONED_CLAIM_MS = 10 * 60_000;

/** Claims an address for a user; a claim left by a registration that never finished, or by a user gone, is taken over. */
async function claimEmail(deps: Deps, email: string, userId: string, metadata: CommandMetadata): Promise<void> {
  const key = emailStreamKey(email);
  try {
    await deps.execute(emailDecider, key, { type: 'ClaimEmail', data: { userId }, metadata });
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    const { state: claim, events } = await aggregate(deps.events, emailDecider, key);
    const claimedAt = events[events.length - 1]?.occurredAt;
    const { state: owner, version } = claim.owner ? await aggregate(deps.events, userDecider, claim.owner) : { state: null, version: 0 };
    // A claim whose user was never written is abandoned only when it is old: a fresh one is a registration still
    // in progress (another request, another replica), and taking it over would make two users with one address.
    const abandoned = version === 0 && claimedAt !== undefined && Date.parse(metadata.now) - Date.parse(claimedAt) > ABANDONED_CLAIM_MS;
    const ownerGone = abandoned || owner?.status === 'REMOVED' || owner?.status === 'ERASED';
    if (!ownerGone) throw error;
    await deps.execute(emailDecider, key, { type: 'ClaimEmail', data: { userId, takeover: true }, metadata });
  }
}

async function releaseEmail(deps: Deps, email: string, userId: string, metadata: CommandMetadata): Promise<void> {
  await deps.execute(emailDecider, emailStreamKey(email), { type: 'ReleaseEmail', data: { userId }, metadata });
}

/** Registers a user with a unique e-mail address: claim the address, then record the registration. Answers the id. */
export async function registerUser(deps: Deps, user: NewUser, metadata: CommandMetadata): Promise<string> {
  const userId = user.userId ?? randomUUID();
  await claimEmail(deps, user.email, userId, metadata);
  const { userId: _ignored, ...fields } = user;
  await deps.execute(userDecider, userId, { type: 'RegisterUser', data: { userId, ...fields }, metadata });
  return userId;
}

/** A change of profile (a new address claimed first, the old one released after) and, by an administrator, of role. */
export async function updateUser(
  deps: Deps,
  current: { id: string; email: string },
  changes: { givenName?: string; familyName?: string; email?: string; picture?: string; role?: Role },
  metadata: CommandMetadata,
  expectedVersion?: number,
): Promise<void> {
  const { role, ...profile } = changes;
  const emailChanges = profile.email !== undefined && profile.email.toLowerCase() !== current.email.toLowerCase();
  if (emailChanges) await claimEmail(deps, profile.email!, current.id, metadata);
  await deps.execute(userDecider, current.id, { type: 'UpdateUser', data: profile, metadata }, expectedVersion === undefined ? {} : { expectedVersion });
  if (emailChanges) await releaseEmail(deps, current.email, current.id, metadata);
  if (role !== undefined) await deps.execute(userDecider, current.id, { type: 'ChangeUserRole', data: { role }, metadata });
}

/** Removes a user and gives their address back (their sessions are the caller's to end). */
export async function removeUser(deps: Deps, user: { id: string; email: string }, metadata: CommandMetadata): Promise<void> {
  await deps.execute(userDecider, user.id, { type: 'RemoveUser', data: {}, metadata });
  await releaseEmail(deps, user.email, user.id, metadata);
}

/**
 * A password-reset link for a user (the notifier e-mails it): a new request id, working RESET_LINK_MINUTES from
 * `metadata.now`. The decider says who may ask and how often (RESET_LINK_LIMIT).
 */
export async function requestPasswordReset(deps: Deps, userId: string, metadata: CommandMetadata) {
  const expiresAt = new Date(Date.parse(metadata.now) + RESET_LINK_MINUTES * 60_000).toISOString();
  return deps.execute(userDecider, userId, { type: 'RequestPasswordReset', data: { requestId: randomUUID(), expiresAt }, metadata });
}

/**
 * Erases a user's personal fields (UserErased, which every read model honours) and gives their address back for
 * someone else (a no-op when a removal released it already). Their sessions and password are the caller's to delete.
 * Answers whether this erased them (false: erased before).
 */
export async function eraseUser(deps: Deps, userId: string, reason: string, metadata: CommandMetadata) {
  const { state: before } = await aggregate(deps.events, userDecider, userId);
  const result = await deps.execute(userDecider, userId, { type: 'EraseUser', data: { reason }, metadata });
  if (before.status !== 'NONE' && before.email) await releaseEmail(deps, before.email, userId, metadata);
  return result;
}

/**
 * Billing details changed: VIES's answer about the VAT number, when it can matter (a well-formed EU number) and VIES
 * is reachable, goes with the command as evidence; the decider checks the number itself (docs/tax.md).
 */
export async function changeBillingDetails(
  deps: { execute: Execute; vies: ViesPort; requesterVatNumber?: string },
  userId: string,
  details: Omit<Static<typeof ChangeBillingDetailsData>, 'vies'>,
  metadata: CommandMetadata,
) {
  const vies = details.vatNumber ? await askVies(deps.vies, { vatNumber: details.vatNumber, country: details.country, ...(deps.requesterVatNumber ? { requester: deps.requesterVatNumber } : {}), now: metadata.now }) : undefined;
  return deps.execute(userDecider, userId, { type: 'ChangeBillingDetails', data: { ...details, ...(vies ? { vies } : {}) }, metadata });
}
