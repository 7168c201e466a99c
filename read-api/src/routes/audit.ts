import { Type } from '@sinclair/typebox';
import { emailDecider, emailStreamKey, userDecider } from '@relaycast/billing-core';
import { ForbiddenError, HistoryQuery, Id, NotFoundError, streamIds } from '@relaycast/contracts';
import { ErasedView, HistoryItem } from '@relaycast/contracts';
import { defineRoute } from '../http/route.js';

export const EraseUserBody = Type.Object({ id: Id, reason: Type.String({ minLength: 1, maxLength: 2000 }) });

/** The address a user's own events say they have now (registered, or changed since). */
function currentEmail(events: readonly { type: string; data: unknown }[]): string | null {
  let email: string | null = null;
  for (const e of events) {
    if (e.type === 'UserRegistered') email = (e.data as { email: string }).email;
    if (e.type === 'UserUpdated') email = ((e.data as { changes: { email?: string } }).changes.email ?? email) as string | null;
  }
  return email;
}

/** The audit trail of a user, and the erasure of a user's personal fields: administrators only. */
export const auditRoutes = [
  defineRoute({
    path: '/users/history',
    answer: Type.Array(HistoryItem),
    query: true,
    access: 'admin',
    tag: 'Users',
    summary: 'Everything that happened to a user and their subscriptions, oldest first: who (actor, role), when, correlation and causation ids; filter by event type and time',
    body: HistoryQuery,
    async handle({ body, rt }) {
      return { data: await rt.readSide.queries.history({ userId: body.id }, body) };
    },
  }),
  defineRoute({
    path: '/users/erase',
    answer: ErasedView,
    errors: ['NOT_FOUND'],
    access: 'admin',
    tag: 'Users',
    summary: 'Erase a user’s personal fields (GDPR): records UserErased, which every read model honours; releases the e-mail address and ends the user’s sessions. The events themselves are kept',
    body: EraseUserBody,
    async handle({ body, rt, user, meta }) {
      if (body.id === user!._id) throw new ForbiddenError('You cannot erase your own account');
      const stream = await rt.events.readStream(streamIds.user(body.id));
      if (stream.length === 0) throw new NotFoundError('User not found');
      const metadata = meta();
      const result = await rt.execute(userDecider, body.id, { type: 'EraseUser', data: { reason: body.reason }, metadata });
      const email = currentEmail(stream);
      // Free the address for someone else (a no-op when removal already released it).
      if (email) await rt.handler.handle(emailDecider, emailStreamKey(email), { type: 'ReleaseEmail', data: { userId: body.id }, metadata });
      await rt.auth.revokeUserSessions(body.id);
      await rt.auth.deletePassword(body.id);
      return { data: { _id: body.id, erased: true, alreadyErased: result.events.length === 0 }, ...(result.consistent ? {} : { status: 202 }) };
    },
  }),
];
