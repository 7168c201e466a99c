import { randomUUID } from 'node:crypto';
import { emailDecider, emailStreamKey, userDecider } from '@relaycast/billing-core';
import { ConflictError, type AuthStrategy, type CommandMetadata, type Language, type Role, type UserView } from '@relaycast/contracts';
import type { Runtime } from '../runtime.js';

export interface NewUser {
  userId?: string;
  email: string;
  givenName: string;
  familyName: string;
  picture?: string;
  role: Role;
  strategy: AuthStrategy;
  /** The site's language at sign-up (e-mails use it until the profile says otherwise). */
  language?: Language;
  /** Google sign-ups: the address is verified. */
  emailVerified?: boolean;
}

/** How old a claim without its user must be to count as a registration that never finished. */
const ABANDONED_CLAIM_MS = 10 * 60_000;

/** Claims an address for a user; a claim left by a registration that never finished is taken over. */
async function claimEmail(rt: Runtime, email: string, userId: string, metadata: CommandMetadata): Promise<void> {
  const key = emailStreamKey(email);
  try {
    await rt.handler.handle(emailDecider, key, { type: 'ClaimEmail', data: { userId }, metadata });
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    const claim = await rt.events.readStream(emailDecider.streamId(key));
    const last = claim[claim.length - 1];
    const owner = (last?.data as { userId?: string } | undefined)?.userId;
    const ownerEvents = owner ? await rt.events.readStream(userDecider.streamId(owner)) : [];
    // A claim whose user was never written is abandoned only when it is old: a fresh one is a registration still
    // in progress (another request, another replica), and taking it over would make two users with one address.
    const abandoned = ownerEvents.length === 0 && last !== undefined && Date.parse(metadata.now) - Date.parse(last.occurredAt) > ABANDONED_CLAIM_MS;
    const ownerGone = abandoned || ownerEvents.some((e) => e.type === 'UserRemoved' || e.type === 'UserErased');
    if (!ownerGone) throw error;
    await rt.handler.handle(emailDecider, key, { type: 'ClaimEmail', data: { userId, takeover: true }, metadata });
  }
}

async function releaseEmail(rt: Runtime, email: string, userId: string, metadata: CommandMetadata): Promise<void> {
  await rt.handler.handle(emailDecider, emailStreamKey(email), { type: 'ReleaseEmail', data: { userId }, metadata });
}

/** Registers a user with a unique e-mail address: claim the address, then record the registration. */
export async function registerUser(rt: Runtime, user: NewUser, metadata: CommandMetadata): Promise<UserView> {
  const userId = user.userId ?? randomUUID();
  await claimEmail(rt, user.email, userId, metadata);
  const { userId: _ignored, ...fields } = user;
  await rt.execute(userDecider, userId, { type: 'RegisterUser', data: { userId, ...fields }, metadata });
  const view = await rt.readSide.queries.getUser(userId);
  if (!view) throw new Error(`user ${userId} was registered but is not readable yet`);
  return view;
}

export async function updateUser(
  rt: Runtime,
  current: UserView,
  changes: { givenName?: string; familyName?: string; email?: string; picture?: string; role?: Role },
  metadata: CommandMetadata,
  expectedVersion?: number,
): Promise<void> {
  const { role, ...profile } = changes;
  const emailChanges = profile.email !== undefined && profile.email.toLowerCase() !== current.email.toLowerCase();
  if (emailChanges) await claimEmail(rt, profile.email!, current._id, metadata);
  await rt.execute(userDecider, current._id, { type: 'UpdateUser', data: profile, metadata }, expectedVersion === undefined ? {} : { expectedVersion });
  if (emailChanges) await releaseEmail(rt, current.email, current._id, metadata);
  if (role !== undefined) await rt.execute(userDecider, current._id, { type: 'ChangeUserRole', data: { role }, metadata });
}

export async function removeUser(rt: Runtime, user: UserView, metadata: CommandMetadata): Promise<void> {
  await rt.execute(userDecider, user._id, { type: 'RemoveUser', data: {}, metadata });
  await releaseEmail(rt, user.email, user._id, metadata);
  await rt.auth.revokeUserSessions(user._id);
}
