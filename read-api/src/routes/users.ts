import { Type } from '@sinclair/typebox';
import { IdBody, NotFoundError, UserForm, UserListQuery, UserUpdate, ValidationError, UserView } from '@relaycast/contracts';
import { PageMeta, RemovedView } from '@relaycast/contracts';
import { pageAnswer, defineRoute } from '../http/route.js';
import { hashPassword } from '../auth/passwords.js';
import { requireStrongPassword } from '../auth/password-strength.js';
import { removeUser, updateUser } from '@relaycast/billing-core';
import { registerAndRead } from './registered-user.js';
import type { Runtime } from '../runtime.js';

async function userOr404(rt: Runtime, id: string): Promise<UserView> {
  const user = await rt.readSide.queries.getUser(id);
  if (!user) throw new NotFoundError('User not found');
  return user;
}

/** /users/*: administrators only (seed §6: the Users menu is ROLE_ADMIN). */
export const userRoutes = [
  defineRoute({
    path: '/users/create',
    answer: UserView,
    success: [201],
    errors: ['CONFLICT'],
    access: 'admin',
    tag: 'Users',
    summary: 'Create a user (admin form: givenName, familyName, email, role; an optional password enables local sign-in)',
    body: UserForm,
    async handle({ body, rt, meta }) {
      const password = (body as { password?: unknown }).password;
      if (password !== undefined && (typeof password !== 'string' || password.length < 8 || password.length > 200)) {
        throw ValidationError.field('password', 'must be a string of 8 to 200 characters');
      }
      if (typeof password === 'string') requireStrongPassword(password, [body.email, body.givenName, body.familyName]);
      const user = await registerAndRead(
        rt,
        { email: body.email, givenName: body.givenName, familyName: body.familyName, role: body.role, strategy: password ? 'local' : 'google' },
        meta(),
      );
      if (typeof password === 'string') await rt.auth.setPassword(user._id, await hashPassword(password));
      return { data: user, status: 201 };
    },
  }),
  defineRoute({
    path: '/users/findAll',
    answer: Type.Array(UserView),
    answerMeta: PageMeta,
    query: true,
    access: 'admin',
    tag: 'Users',
    summary: 'List users (paging, sorting, text search, role filter)',
    body: UserListQuery,
    async handle({ body, rt }) {
      const page = await rt.readSide.queries.listUsers(body);
      return pageAnswer(page);
    },
  }),
  defineRoute({
    path: '/users/findOne',
    answer: UserView,
    errors: ['NOT_FOUND'],
    query: true,
    access: 'admin',
    tag: 'Users',
    summary: 'One user by id',
    body: IdBody,
    async handle({ body, rt }) {
      return { data: await userOr404(rt, body.id) };
    },
  }),
  defineRoute({
    path: '/users/update',
    answer: UserView,
    errors: ['NOT_FOUND', 'CONFLICT'],
    access: 'admin',
    tag: 'Users',
    summary: 'Update a user: id plus form fields (role changes are recorded as their own event)',
    body: UserUpdate,
    async handle({ body, rt, meta }) {
      const current = await userOr404(rt, body.id);
      const { id, givenName, familyName, email, picture, role } = body;
      const version = (body as { version?: unknown }).version;
      await updateUser(rt.paymentDeps, { id: current._id, email: current.email }, { givenName, familyName, email, picture, role }, meta(), typeof version === 'number' ? version : undefined);
      return { data: await userOr404(rt, id) };
    },
  }),
  defineRoute({
    path: '/users/remove',
    answer: RemovedView,
    errors: ['NOT_FOUND'],
    access: 'admin',
    tag: 'Users',
    summary: 'Remove a user (recorded as an event; their sessions end)',
    body: IdBody,
    async handle({ body, rt, meta }) {
      const user = await userOr404(rt, body.id);
      await removeUser(rt.paymentDeps, { id: user._id, email: user.email }, meta());
      await rt.auth.revokeUserSessions(user._id);
      return { data: { _id: body.id, removed: true } };
    },
  }),
];
