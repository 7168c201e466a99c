import { isDeepStrictEqual } from 'node:util';
import type { TSchema } from '@sinclair/typebox';
import { ForbiddenError, type Command, type CommandMetadata, type DomainEvent, type Role } from '@relaycast/contracts';

/**
 * An aggregate's behaviour as three pure functions (the Emmett shape): `decide(command, state) → events`,
 * `evolve(state, event) → state`, and the state before any event. `commandSchemas` are checked by the handler
 * before `decide` runs, so `decide` sees only well-formed data.
 */
export interface Decider<State, C extends Command, E extends DomainEvent> {
  /** The stream an entity lives in: `subscription-<id>`. */
  streamId(entityId: string): string;
  initialState(): State;
  evolve(state: State, event: E): State;
  decide(command: C, state: State): E[];
  commandSchemas: Record<C['type'], TSchema>;
}

/** Exhaustiveness check for `switch (command.type)`. */
export function unreachable(value: never): never {
  throw new Error(`unhandled case ${JSON.stringify(value)}`);
}

/**
 * Who may do what, stated once: every decider, workflow and route asks these (routes through the request's command
 * metadata or the signed-in user's role), never the role names themselves.
 */

/** A person with the administrator role. */
export const isAdministrator = (role: Role | 'SYSTEM' | undefined): boolean => role === 'ROLE_ADMIN';

/** An administrator, or the system itself (the billing clock, the payment workflows): whatever administrators may do. */
export function actsAsAdministrator(metadata: Pick<CommandMetadata, 'actorRole'>): boolean {
  return isAdministrator(metadata.actorRole) || metadata.actorRole === 'SYSTEM';
}

/** Administrators (and the system itself) only. */
export function requireAdmin(metadata: CommandMetadata, action: string): void {
  if (!actsAsAdministrator(metadata)) throw new ForbiddenError(`Only administrators may ${action}`);
}

/**
 * Customers act for themselves only (a purchase, a payment, a list of their own); administrators and the system for
 * anyone. `message` says what was refused.
 */
export function requireSelfOrAdministrator(actor: Pick<CommandMetadata, 'actorId' | 'actorRole'>, userId: string, message = 'user_id must be your own'): void {
  if (!actsAsAdministrator(actor) && actor.actorId !== userId) throw new ForbiddenError(message);
}

/** The owner, an administrator or the system may act on an entity owned by `ownerId`. */
export function requireOwnerOrAdmin(metadata: CommandMetadata, ownerId: string, roles: readonly Role[], what: string): void {
  if (actsAsAdministrator(metadata)) return;
  if (metadata.actorRole !== 'SYSTEM' && roles.includes(metadata.actorRole) && metadata.actorId === ownerId) return;
  throw new ForbiddenError(`You do not have access to ${what}`);
}

/** The keys of `changes` whose values differ from `current`, with both sides, for an audit-friendly "updated" event. */
export function diff<T extends object>(current: T, changes: Partial<T>): { changes: Partial<T>; previous: Partial<T> } {
  const changed: Partial<T> = {};
  const previous: Partial<T> = {};
  for (const key of Object.keys(changes) as (keyof T)[]) {
    const next = changes[key];
    if (next === undefined) continue;
    if (isDeepStrictEqual(next, current[key])) continue;
    changed[key] = next;
    previous[key] = current[key];
  }
  return { changes: changed, previous };
}
