import { ConflictError, ForbiddenError, NotFoundError, type MessageEvent, type MessageSent } from '@relaycast/contracts';
import { given, meta } from '../../test/given.js';
import { messageDecider, messageKey, messageStreamKey } from './index.js';
import { expect } from 'chai';

const notifier = meta({ actorId: 'notifier', actorRole: 'SYSTEM' });
const sent = (delivery: number): MessageSent => ({
  key: 'evt-1/verify-email', template: 'verify-email', userId: 'user-1', language: 'en', causeEventId: 'evt-1', causePosition: '7',
  messageId: '<abc@relaycast.test>', transport: 'smtp', sha256: 'a'.repeat(64), bytes: 4096, sentAt: '2026-11-23T10:00:00.000Z', delivery, attempts: 1,
});

describe('message decider (the sent-ledger)', () => {
  it('a key names its cause and template; its stream is named by the key’s hash', () => {
    expect(messageKey('evt-1', 'verify-email')).to.equal('evt-1/verify-email');
    expect(messageStreamKey('evt-1/verify-email')).to.match(/^[0-9a-f]{40}$/);
  });

  it('records the first delivery once: a notifier that sends it again (restarted from an older checkpoint) records nothing more', () => {
    given(messageDecider).when({ type: 'RecordMessageSent', data: sent(1), metadata: notifier }).then([{ type: 'MessageSent', data: sent(1) }]);
    given(messageDecider, [{ type: 'MessageSent', data: sent(1) }]).when({ type: 'RecordMessageSent', data: sent(1), metadata: notifier }).then([]);
    given(messageDecider).when({ type: 'RecordMessageSent', data: sent(2), metadata: notifier }).thenThrows(ConflictError, /not asked for/);
    given(messageDecider).when({ type: 'RecordMessageSent', data: sent(1), metadata: meta() }).thenThrows(ForbiddenError);
  });

  it('administrators ask for a resend of a recorded message, one at a time; its delivery is the second', () => {
    const first: MessageEvent = { type: 'MessageSent', data: sent(1) };
    const asked: MessageEvent = { type: 'MessageResendRequested', data: { key: 'evt-1/verify-email', at: '2026-11-23T11:00:00.000Z' } };
    given(messageDecider, [first]).when({ type: 'RequestMessageResend', data: { key: 'evt-1/verify-email' }, metadata: meta({ now: '2026-11-23T11:00:00.000Z' }) }).then([asked]);
    given(messageDecider, [first, asked]).when({ type: 'RequestMessageResend', data: { key: 'evt-1/verify-email' }, metadata: meta() }).thenThrows(ConflictError, /waiting/);
    given(messageDecider).when({ type: 'RequestMessageResend', data: { key: 'evt-1/verify-email' }, metadata: meta() }).thenThrows(NotFoundError);
    given(messageDecider, [first]).when({ type: 'RequestMessageResend', data: { key: 'evt-1/verify-email' }, metadata: notifier }).thenEvents();
    given(messageDecider, [first, asked]).when({ type: 'RecordMessageSent', data: sent(2), metadata: notifier }).then([{ type: 'MessageSent', data: sent(2) }]);
  });

  it('a message refused for good is recorded as not sent, once', () => {
    const refused = { key: 'evt-1/verify-email', template: 'verify-email' as const, userId: 'user-1', causeEventId: 'evt-1', causePosition: '7', reason: 'RECIPIENT_REFUSED' as const, detail: '550 no such user', at: '2026-11-23T10:00:00.000Z', delivery: 1 };
    given(messageDecider).when({ type: 'RecordMessageNotSent', data: refused, metadata: notifier }).then([{ type: 'MessageNotSent', data: refused }]);
    given(messageDecider, [{ type: 'MessageNotSent', data: refused }]).when({ type: 'RecordMessageSent', data: sent(1), metadata: notifier }).then([]);
  });
});
