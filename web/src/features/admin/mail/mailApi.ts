import type { MessageListItem, MessageView } from '@relaycast/contracts';
import { api } from '../../../app/shell/api.js';
import { toPage, type ListPage } from '../../ui/list.js';

export type { MessageListItem, MessageView };

/** One message as the outbox shows it: rendered again from the log (links that act as the customer hidden). */
export interface MessageRendered {
  message: MessageView;
  subject: string;
  to: string;
  from: string;
  messageId: string;
  date: string;
  html: string;
  text: string;
  attachments: { filename: string; contentType: string; bytes: number }[];
  listUnsubscribe?: string;
  identical: boolean;
  /** Sent by SMTP: the links that act as the customer (tokens) are hidden. */
  linksHidden: boolean;
  /** Never sent (no SMTP): the outbox file it is in, on the server; the message is shown whole. */
  outboxFile?: string;
  /** The links a person follows in the message, its button first (tokens hidden when linksHidden). */
  links?: string[];
}

export interface MailStatus {
  transport: 'smtp' | 'outbox';
  from: string;
  dkim: boolean;
  notifier: 'in-process' | 'external' | 'off';
  running: boolean;
  position: string;
  head: string;
  sent: number;
  lastSentAt: string | null;
  waiting: { key: string; template: string; attempts: number; since: string; lastError: string; nextAttemptAt: string } | null;
  lastError: string | null;
  known: boolean;
}

/** The administrators' e-mail calls (read-api/src/routes/mail-outbox.ts, password-reset.ts): the outbox, one message, a resend, the notifier, a reset link. */
export const mailApi = api.enhanceEndpoints({ addTagTypes: ['Mail'] }).injectEndpoints({
  endpoints: (build) => ({
    findMessages: build.query<ListPage<MessageListItem>, { user_id?: string; template?: string; search?: string; page?: number; pageSize?: number }>({
      query: (body) => ({ url: '/admin/mail/messages', body }),
      transformResponse: (data: unknown, meta) => toPage<MessageListItem>(data, meta),
      providesTags: ['Mail'],
    }),
    findMessage: build.query<MessageRendered, string>({
      query: (key) => ({ url: '/admin/mail/message', body: { key } }),
      extraOptions: { inlineErrors: true },
      providesTags: ['Mail'],
    }),
    mailStatus: build.query<MailStatus, void>({
      query: () => ({ url: '/admin/mail/status', body: {} }),
      providesTags: ['Mail'],
    }),
    resendMessage: build.mutation<unknown, string>({
      query: (key) => ({ url: '/admin/mail/resend', body: { key } }),
      extraOptions: { inlineErrors: true },
      invalidatesTags: ['Mail'],
    }),
    sendPasswordReset: build.mutation<unknown, string>({
      query: (id) => ({ url: '/admin/users/sendPasswordReset', body: { id } }),
      extraOptions: { inlineErrors: true },
      invalidatesTags: ['Mail'],
    }),
  }),
});

export const { useFindMessagesQuery, useFindMessageQuery, useMailStatusQuery, useResendMessageMutation, useSendPasswordResetMutation } = mailApi;
