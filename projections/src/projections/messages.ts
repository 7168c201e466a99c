import type { AnyEvent, EventEnvelope, MessageTemplate } from '@relaycast/contracts';
import { entityIdOf } from '@relaycast/contracts';
import { scoreOf, type Projection } from '../projection.js';
import type { ReadModelStore } from '../readmodel/port.js';
import type { UnitOfWork } from '../unit-of-work.js';

export const MESSAGES = 'messages';
/** Collections and indexes of the messages read model (the sent-ledger as administrators read it). */
export const messagesModel = {
  message: 'message',
  /** Every message by the time of its last delivery (or refusal, or resend asked), newest first when read. */
  all: 'all',
  ofUser: (userId: string) => `user:${userId}`,
} as const;

export interface MessageDelivery {
  delivery: number;
  sentAt: string;
  transport: 'smtp' | 'outbox';
  messageId: string;
  sha256: string;
  bytes: number;
  attempts: number;
  response?: string;
}

/** One message: what caused it, each delivery (the first, and resends), or why it was not sent. */
export interface MessageDocument {
  key: string;
  template: MessageTemplate;
  userId: string;
  language?: string;
  causeEventId: string;
  causePosition: string;
  status: 'sent' | 'not-sent' | 'resend-asked';
  deliveries: MessageDelivery[];
  notSent?: { reason: string; detail?: string; at: string };
  resendsAsked: number;
  firstAt: string;
  lastAt: string;
  /** The user was erased: the message is not rendered again (its ledger entry, which holds no personal field, stays). */
  userErased?: true;
}

const HANDLES = new Set(['MessageSent', 'MessageNotSent', 'MessageResendRequested', 'UserErased']);

/**
 * The sent-ledger as a read model: per message its deliveries, per customer what was sent and when, and every
 * message newest first (the administrators' outbox list). Rebuilt from the MessageSent/MessageNotSent/
 * MessageResendRequested events of the `message-*` streams like every read model.
 */
export const messagesProjection: Projection = {
  name: MESSAGES,
  handles: HANDLES,
  async apply(raw: EventEnvelope, uow: UnitOfWork) {
    const event = raw as AnyEvent;
    if (event.type === 'UserErased') {
      const userId = entityIdOf(event.streamId);
      for (const key of await uow.members(messagesModel.ofUser(userId))) {
        const doc = await uow.get<MessageDocument>(messagesModel.message, key);
        if (doc) uow.put(messagesModel.message, key, { ...doc, userErased: true });
      }
      return;
    }
    if (event.type !== 'MessageSent' && event.type !== 'MessageNotSent' && event.type !== 'MessageResendRequested') return;
    const key = event.data.key;
    const existing = await uow.get<MessageDocument>(messagesModel.message, key);
    let doc: MessageDocument | null = existing;
    if (event.type === 'MessageSent' || event.type === 'MessageNotSent') {
      const d = event.data;
      doc ??= { key, template: d.template, userId: d.userId, causeEventId: d.causeEventId, causePosition: d.causePosition, status: 'sent', deliveries: [], resendsAsked: 0, firstAt: event.occurredAt, lastAt: event.occurredAt };
      if (event.type === 'MessageSent') {
        const { delivery, sentAt, transport, messageId, sha256, bytes, attempts, response } = event.data;
        doc = { ...doc, language: event.data.language, status: 'sent', deliveries: [...doc.deliveries, { delivery, sentAt, transport, messageId, sha256, bytes, attempts, ...(response ? { response } : {}) }], lastAt: event.occurredAt };
      } else {
        doc = { ...doc, status: 'not-sent', notSent: { reason: event.data.reason, ...(event.data.detail ? { detail: event.data.detail } : {}), at: event.data.at }, lastAt: event.occurredAt };
      }
    } else {
      if (!doc) return;
      doc = { ...doc, status: 'resend-asked', resendsAsked: doc.resendsAsked + 1, lastAt: event.occurredAt };
    }
    uow.put(messagesModel.message, key, doc);
    uow.index(messagesModel.all, key, scoreOf(doc.lastAt));
    uow.index(messagesModel.ofUser(doc.userId), key, scoreOf(doc.firstAt));
  },
};

/** How many of the newest messages a filtered list looks through (as the other admin lists' searches do). */
const MAX_SCAN = 10_000;

/**
 * A page of messages, newest first: every one, or one customer's; `template` keeps one kind, `userIds` the messages
 * of those customers (a search by name or address, resolved to users by the caller). A filtered page looks through
 * the newest MAX_SCAN messages, as the other lists' searches do; an unfiltered one reads just its page.
 */
export async function listMessages(
  store: ReadModelStore,
  query: { userId?: string; page?: number; pageSize?: number; template?: MessageTemplate; userIds?: readonly string[] },
): Promise<{ items: MessageDocument[]; total: number; page: number; pageSize: number }> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const index = query.userId ? messagesModel.ofUser(query.userId) : messagesModel.all;
  if (!query.template && !query.userIds) {
    const [ids, total] = await Promise.all([store.range(MESSAGES, index, { offset: (page - 1) * pageSize, limit: pageSize, order: 'desc' }), store.count(MESSAGES, index)]);
    const docs = await store.getMany<MessageDocument>(MESSAGES, messagesModel.message, ids);
    return { items: docs.filter((d): d is MessageDocument => d !== null), total, page, pageSize };
  }
  const users = query.userIds ? new Set(query.userIds) : null;
  const ids = users?.size === 0 ? [] : await store.range(MESSAGES, index, { offset: 0, limit: MAX_SCAN, order: 'desc' });
  const docs = (await store.getMany<MessageDocument>(MESSAGES, messagesModel.message, ids)).filter(
    (d): d is MessageDocument => d !== null && (!query.template || d.template === query.template) && (!users || users.has(d.userId)),
  );
  return { items: docs.slice((page - 1) * pageSize, page * pageSize), total: docs.length, page, pageSize };
}

export function messageByKey(store: ReadModelStore, key: string): Promise<MessageDocument | null> {
  return store.get<MessageDocument>(MESSAGES, messagesModel.message, key);
}
