import { Type } from '@sinclair/typebox';
import { eraseUser } from '@relaycast/billing-core';
import { HistoryQuery, Id } from '@relaycast/contracts';
import { ErasedView, HistoryItem } from '@relaycast/contracts';
import { defineRoute } from '../http/route.js';

export const EraseUserBody = Type.Object({ id: Id, reason: Type.String({ minLength: 1, maxLength: 2000 }) });

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
    async handle({ body, rt, meta }) {
      const result = await eraseUser(rt.paymentDeps, body.id, body.reason, meta());
      await rt.auth.revokeUserSessions(body.id);
      await rt.auth.deletePassword(body.id);
      return { data: { _id: body.id, erased: true, alreadyErased: result.events.length === 0 }, ...(result.consistent ? {} : { status: 202 }) };
    },
  }),
];
