import { createHash } from 'node:crypto';
import {
  ConflictError,
  ForbiddenError,
  MessageCommandSchemas,
  NotFoundError,
  streamIds,
  type MessageCommand,
  type MessageEvent,
  type MessageTemplate,
} from '@relaycast/contracts';
import { requireAdmin, unreachable, type Decider } from '../decider.js';

/**
 * The sent-ledger: one stream per e-mail message (`message-<sha256 of its key>`), holding each delivery the notifier
 * made (MessageSent), the one it will not make (MessageNotSent), and the resends administrators asked for. The
 * notifier appends at the version it read, so a delivery is recorded once even if two notifiers ran; a message whose
 * stream records its delivery is never sent again by the notifier (only a resend asks for that).
 */

/** `<causing event id>/<template>`: the message's identity. */
export const messageKey = (causeEventId: string, template: MessageTemplate) => `${causeEventId}/${template}`;
/** The stream id's entity part: a hash, so keys of any shape make a short, safe stream name. */
export const messageStreamKey = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 40);

export type MessageState =
  | { status: 'NONE' }
  | {
      status: 'RECORDED';
      key: string;
      template: MessageTemplate;
      userId: string;
      causeEventId: string;
      causePosition: string;
      /** Deliveries made, and refused (never made). */
      deliveries: number;
      refused: number;
      /** Resends asked for by administrators. */
      resends: number;
      lastSentAt?: string;
    };

/** Deliveries still owed: the first (until recorded) and each resend asked for. */
export function outstanding(state: MessageState): number {
  return state.status === 'NONE' ? 1 : 1 + state.resends - state.deliveries - state.refused;
}

function evolve(state: MessageState, event: MessageEvent): MessageState {
  switch (event.type) {
    case 'MessageSent':
    case 'MessageNotSent': {
      const { key, template, userId, causeEventId, causePosition } = event.data;
      const base = state.status === 'RECORDED' ? state : { status: 'RECORDED' as const, key, template, userId, causeEventId, causePosition, deliveries: 0, refused: 0, resends: 0 };
      return event.type === 'MessageSent'
        ? { ...base, deliveries: base.deliveries + 1, lastSentAt: event.data.sentAt }
        : { ...base, refused: base.refused + 1 };
    }
    case 'MessageResendRequested':
      return state.status === 'RECORDED' ? { ...state, resends: state.resends + 1 } : state;
  }
}

function decide(command: MessageCommand, state: MessageState): MessageEvent[] {
  switch (command.type) {
    case 'RecordMessageSent':
    case 'RecordMessageNotSent': {
      if (command.metadata.actorRole !== 'SYSTEM') throw new ForbiddenError('Only the notifier records deliveries');
      const made = state.status === 'NONE' ? 0 : state.deliveries + state.refused;
      // Recorded already (a notifier that restarted from an older checkpoint, or a second one): nothing more.
      if (command.data.delivery <= made) return [];
      if (outstanding(state) <= 0 || command.data.delivery !== made + 1) throw new ConflictError(`Delivery ${command.data.delivery} of message ${command.data.key} was not asked for`);
      return command.type === 'RecordMessageSent' ? [{ type: 'MessageSent', data: command.data }] : [{ type: 'MessageNotSent', data: command.data }];
    }
    case 'RequestMessageResend': {
      requireAdmin(command.metadata, 'resend messages');
      if (state.status === 'NONE') throw new NotFoundError('No such message was sent');
      if (outstanding(state) > 0) throw new ConflictError('This message is waiting to be sent already', { field: 'key', message: 'is waiting to be sent already', rule: 'pending' });
      return [{ type: 'MessageResendRequested', data: { key: command.data.key, at: command.metadata.now } }];
    }
    default:
      return unreachable(command);
  }
}

export const messageDecider: Decider<MessageState, MessageCommand, MessageEvent> = {
  /** Takes `messageStreamKey(key)`. */
  streamId: streamIds.message,
  initialState: () => ({ status: 'NONE' }),
  evolve,
  decide,
  commandSchemas: MessageCommandSchemas,
};
