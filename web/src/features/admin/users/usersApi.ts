import type { UserView } from '@relaycast/contracts';
import type { Role } from '@relaycast/contracts/constants';
import { api } from '../../../app/shell/api.js';
import { listBody, toPage, type ListArgs, type ListPage } from '../../ui/list.js';

/** The seed's toast texts (§8) for the user calls. */
export const USER_TOASTS = {
  create: 'Error creating user',
  findAll: 'Error finding users',
  findOne: 'Error finding user',
  remove: 'Error removing user',
} as const;

export interface UserFormBody {
  givenName: string;
  familyName: string;
  email: string;
  role: Role | '';
  password?: string;
}

/** /users/* (seed §7): administrators only. */
export const usersApi = api.enhanceEndpoints({ addTagTypes: ['Users'] }).injectEndpoints({
  endpoints: (build) => ({
    findUsers: build.query<ListPage<UserView>, ListArgs & { role?: Role }>({
      query: (args) => ({ url: '/users/findAll', body: listBody(args) }),
      transformResponse: (data: unknown, meta) => toPage<UserView>(data, meta),
      extraOptions: { errorToast: USER_TOASTS.findAll },
      providesTags: ['Users'],
    }),
    findUser: build.query<UserView, string>({
      query: (id) => ({ url: '/users/findOne', body: { id } }),
      extraOptions: { errorToast: USER_TOASTS.findOne },
      providesTags: (_r, _e, id) => [{ type: 'Users', id }],
    }),
    createUser: build.mutation<UserView, UserFormBody>({
      query: (body) => ({ url: '/users/create', body }),
      extraOptions: { errorToast: USER_TOASTS.create },
      invalidatesTags: ['Users'],
    }),
    updateUser: build.mutation<UserView, Partial<UserFormBody> & { id: string }>({
      query: (body) => ({ url: '/users/update', body }),
      // Seed §8: 'Error finding user' also on update failure.
      extraOptions: { errorToast: USER_TOASTS.findOne },
      invalidatesTags: ['Users'],
    }),
    removeUser: build.mutation<unknown, string>({
      query: (id) => ({ url: '/users/remove', body: { id } }),
      extraOptions: { errorToast: USER_TOASTS.remove },
      invalidatesTags: ['Users'],
    }),
  }),
});

export const { useFindUsersQuery, useFindUserQuery, useCreateUserMutation, useUpdateUserMutation, useRemoveUserMutation } = usersApi;
