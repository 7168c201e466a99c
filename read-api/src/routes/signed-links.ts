import type { Request } from 'express';
import { activeUser, type ExistingUser } from '@relaycast/billing-core';
import { ValidationError, type CommandMetadata } from '@relaycast/contracts';
import type { Runtime } from '../runtime.js';

/**
 * What the e-mailed links share (verification, reset, unsubscribe): the user a link names, as their stream has them
 * now, and the metadata of what a link does on the user's behalf.
 */

/** The user a link names, when still active. */
export const linkUser = (rt: Runtime, userId: string): Promise<ExistingUser | null> => activeUser(rt.paymentDeps, userId);

/** What a request made on the user's behalf by a signed link carries: the user acts, from this request. */
export function asUser(req: Request, user: ExistingUser, now: string): CommandMetadata {
  return { now, actorId: user.id, actorRole: user.role, correlationId: String(req.id), causationId: null };
}

/** What the system records for an anonymous request (a reset asked for by address, a reset link used). */
export const asSystem = (req: Request, now: string, actorId: string): CommandMetadata => ({ now, actorId, actorRole: 'SYSTEM', correlationId: String(req.id), causationId: null });

/** The verification link's user, if the token is genuine, unexpired and for the address the user has. */
export async function verifiedByToken(rt: Runtime, token: string): Promise<{ user: ExistingUser; email: string }> {
  const claims = await rt.links.verify('verify', token);
  if (!claims || typeof claims.email !== 'string' || typeof claims.exp !== 'string') throw ValidationError.field('token', 'is not a verification link of this site', 'invalid');
  if (claims.exp <= new Date().toISOString()) throw ValidationError.field('token', 'has expired: ask for a new link from your profile', 'expired');
  const user = await linkUser(rt, claims.uid);
  if (!user) throw ValidationError.field('token', 'is for an account that no longer exists', 'invalid');
  return { user, email: claims.email };
}
