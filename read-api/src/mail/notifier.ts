import {
  ConcurrencyError,
  MESSAGE_TEMPLATES,
  streamIds,
  type CommandMetadata,
  type EventEnvelope,
  type MessageResendRequested,
  type MessageTemplate,
} from '@relaycast/contracts';
import {
  aggregate,
  createReactor,
  foldEvents,
  messageDecider,
  messageKey,
  messageStreamKey,
  outstanding,
  userDecider,
  type CommandHandler,
  type EventStore,
  type MessageState,
  type ReactorCheckpoints,
} from '@relaycast/billing-core';
import { composeMessage, type MailIdentity } from './compose.js';
import { renderMessage, templatesFor, type MailDeps } from './messages.js';
import { SendFailure, type MailTransport } from './transport.js';

/**
 * The notifier: a reactor on a checkpointed subscription to the event log, like the projections (never an
 * after-commit callback). For each event it works out the messages it causes (messages.tsx) and delivers each once:
 *
 * 1. the message's ledger stream (`message-<hash of key>`) is read: a delivery already recorded is not made again;
 * 2. the message is rendered from the events up to its cause and composed to the same bytes every time (compose.ts);
 * 3. it is handed to SMTP (or the outbox), then 4. recorded as MessageSent at the version read in 1.
 *
 * A crash between 3 and 4 sends it again after the restart: the same bytes, the same Message-ID (receivers and
 * threads see one message). SMTP refusing (4xx) or away: the notifier waits with backoff and tries the same message
 * again — it goes on to the next event only once this one is out, so nothing is lost and the order is kept; the
 * checkpoint moves only past events whose messages are recorded. A 5xx for the recipient records MessageNotSent.
 * One writer: in the read-api process on the embedded default, its own single-replica service in deploy (a second
 * one could not record a delivery twice — the ledger's expected version refuses it — only send a duplicate).
 */

export interface NotifierStatus {
  name: string;
  transport: 'smtp' | 'outbox';
  running: boolean;
  /** The last position handled (every message up to it is recorded). */
  position: string;
  /** Deliveries made since the process started. */
  sent: number;
  lastSentAt: string | null;
  /** The message the notifier is waiting to send (SMTP refusing or away), with its tries. */
  waiting: { key: string; template: MessageTemplate; attempts: number; since: string; lastError: string; nextAttemptAt: string } | null;
  lastError: string | null;
}

export interface NotifierOptions {
  events: EventStore;
  handler: CommandHandler;
  checkpoints: ReactorCheckpoints;
  transport: MailTransport;
  mail: MailDeps;
  identity: MailIdentity;
  /** The time deliveries are recorded at (the billing clock). */
  now: () => string;
  name?: string;
  /** Backoff while SMTP refuses: base × 2^(n-1), capped. */
  retryBaseMs?: number;
  retryCapMs?: number;
  /** Tries of a message the SMTP server refuses with a 5xx before it is recorded as not sent. */
  messageRefusals?: number;
  restartDelayMs?: number;
  onStatus?: (status: NotifierStatus) => void;
  onSent?: (template: MessageTemplate, transport: 'smtp' | 'outbox') => void;
  onRetry?: (error: SendFailure) => void;
  onError?: (error: unknown) => void;
}

export interface Notifier {
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): NotifierStatus;
  waitFor(position: bigint, timeoutMs: number): Promise<boolean>;
}

class Stopped extends Error {}

const foldMessage = (history: readonly EventEnvelope[]): MessageState => foldEvents(messageDecider, history);

export function createNotifier(options: NotifierOptions): Notifier {
  const { events, handler, checkpoints, transport, mail, identity } = options;
  const name = options.name ?? 'notifier';
  const retryBaseMs = options.retryBaseMs ?? 1000;
  const retryCapMs = options.retryCapMs ?? 5 * 60_000;
  const messageRefusals = options.messageRefusals ?? 3;
  let wake: (() => void) | null = null;
  const status: NotifierStatus = { name, transport: transport.kind, running: false, position: '0', sent: 0, lastSentAt: null, waiting: null, lastError: null };
  const current = (): NotifierStatus => ({ ...status, running: reactor.running, position: reactor.position.toString() });
  const publish = () => options.onStatus?.(current());
  /** Waits `ms`, or less if the notifier is stopped (then throws Stopped). */
  function pause(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        reject(new Stopped());
      };
    });
  }

  const metadataFor = (cause: EventEnvelope): CommandMetadata => ({
    now: options.now(),
    actorId: 'notifier',
    actorRole: 'SYSTEM',
    correlationId: cause.metadata.correlationId,
    causationId: cause.id,
  });

  /** Records a delivery (or its refusal) at the version read; another writer having recorded it is fine. */
  async function record(streamKey: string, version: number, command: Parameters<typeof messageDecider.decide>[0]): Promise<void> {
    try {
      await handler.handle(messageDecider, streamKey, command, { expectedVersion: version });
    } catch (error) {
      // Someone recorded this message meanwhile (a second notifier in a rollout): the ledger has it once.
      if (!(error instanceof ConcurrencyError)) throw error;
    }
  }

  /** Delivers whatever of message `template` of `cause` is owed (the first delivery, or a resend asked for). */
  async function deliver(cause: EventEnvelope, template: MessageTemplate): Promise<void> {
    const key = messageKey(cause.id, template);
    const streamKey = messageStreamKey(key);
    let attempts = 0;
    let refusals = 0;
    const since = new Date().toISOString();
    for (;;) {
      if (!reactor.running) throw new Stopped();
      const history = await events.readStream(streamIds.message(streamKey));
      const state = foldMessage(history);
      if (outstanding(state) <= 0) return;
      const delivery = state.status === 'NONE' ? 1 : state.deliveries + state.refused + 1;
      const rendered = await renderMessage(mail, cause, template);
      if (!rendered) return;
      const ledger = { key, template, userId: rendered.userId, causeEventId: cause.id, causePosition: cause.position.toString(), delivery };
      // Erasure and removal are read as they are now: a message not yet out when its user was erased never goes.
      const { state: now } = await aggregate(events, userDecider, rendered.userId);
      if (now.status === 'ERASED' || now.status === 'REMOVED') {
        await record(streamKey, history.length, { type: 'RecordMessageNotSent', data: { ...ledger, reason: now.status === 'ERASED' ? 'USER_ERASED' : 'USER_REMOVED', at: options.now() }, metadata: metadataFor(cause) });
        return;
      }
      const composed = await composeMessage(rendered, key, identity);
      attempts++;
      try {
        const answer = await transport.send(composed, { userId: rendered.userId, streamKey, delivery });
        await record(streamKey, history.length, {
          type: 'RecordMessageSent',
          data: {
            ...ledger,
            language: rendered.language,
            messageId: composed.messageId,
            transport: transport.kind,
            sha256: composed.sha256,
            bytes: composed.raw.length,
            sentAt: options.now(),
            attempts,
            ...(answer.response ? { response: answer.response.slice(0, 300) } : {}),
          },
          metadata: metadataFor(cause),
        });
        status.sent++;
        status.lastSentAt = new Date().toISOString();
        status.waiting = null;
        status.lastError = null;
        options.onSent?.(template, transport.kind);
        publish();
        return;
      } catch (error) {
        if (!(error instanceof SendFailure)) throw error;
        options.onRetry?.(error);
        if (error.kind === 'recipient' || (error.kind === 'message' && ++refusals >= messageRefusals)) {
          const reason = error.kind === 'recipient' ? 'RECIPIENT_REFUSED' : 'MESSAGE_REFUSED';
          await record(streamKey, history.length, { type: 'RecordMessageNotSent', data: { ...ledger, reason, detail: (error.response ?? error.message).slice(0, 300), at: options.now() }, metadata: metadataFor(cause) });
          status.waiting = null;
          publish();
          return;
        }
        const wait = Math.min(retryCapMs, retryBaseMs * 2 ** Math.min(attempts - 1, 20));
        status.waiting = { key, template, attempts, since, lastError: error.message, nextAttemptAt: new Date(Date.now() + wait).toISOString() };
        status.lastError = error.message;
        publish();
        await pause(wait);
      }
    }
  }

  /** A resend an administrator asked for: the message of the ledger's cause, sent again as it was. */
  async function resend(event: EventEnvelope): Promise<void> {
    const { key } = event.data as MessageResendRequested;
    const history = await events.readStream(event.streamId);
    const state = foldMessage(history);
    if (state.status === 'NONE' || outstanding(state) <= 0) return;
    const template = key.slice(key.lastIndexOf('/') + 1) as MessageTemplate;
    if (!MESSAGE_TEMPLATES.includes(template)) return;
    const [cause] = await events.readAll({ after: BigInt(state.causePosition) - 1n, maxCount: 1 });
    if (!cause || cause.id !== state.causeEventId) throw new Error(`notifier: the cause of message ${key} is not at position ${state.causePosition}`);
    await deliver(cause, template);
  }

  async function handle(event: EventEnvelope): Promise<void> {
    if (event.type === 'MessageResendRequested') await resend(event);
    else if (event.type === 'UserErased') await transport.forget(event.streamId.slice('user-'.length));
    else for (const template of await templatesFor(mail, event)) await deliver(event, template);
  }

  const reactor = createReactor({
    name,
    events,
    checkpoints,
    handle,
    restartDelayMs: options.restartDelayMs ?? 1000,
    checkpointEveryMs: 500,
    isStopping: (error) => error instanceof Stopped,
    onError: (error) => {
      status.lastError = error instanceof Error ? error.message : String(error);
      options.onError?.(error);
    },
    onChange: publish,
    onStop: () => wake?.(),
  });

  return {
    start: () => reactor.start(),
    stop: () => reactor.stop(),
    status: current,
    waitFor: (position, timeoutMs) => reactor.waitFor(position, timeoutMs),
  };
}
