import { AppError, TRANSIENT_ERROR_CODES, type EventEnvelope } from '@relaycast/contracts';
import type { EventStore } from '../store/port.js';
import type { Invoicing } from './issuer.js';
import { createReactor, type ReactorCheckpoints } from '../reactor.js';

export type { ReactorCheckpoints };

export interface InvoicingReactorOptions {
  events: Pick<EventStore, 'subscribe'>;
  invoicing: Invoicing;
  checkpoints: ReactorCheckpoints;
  /** The checkpoint's name. */
  name?: string;
  /** Delay before subscribing again after a failure (the store away). */
  restartDelayMs?: number;
  /** How often the position reached is saved while no document is issued. */
  checkpointEveryMs?: number;
  /**
   * A failure: `skipped` when the event can never get its document (a refusal by the rules, such as a credit note
   * above its invoice; someone must look), else the reactor starts again from its checkpoint after a delay.
   */
  onError?: (error: unknown, event: EventEnvelope | null, skipped: boolean) => void;
}

export interface InvoicingReactor {
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): { name: string; position: bigint; running: boolean; lastError: string | null };
  /** true once every event up to `position` has been handled, false after the timeout. */
  waitFor(position: bigint, timeoutMs: number): Promise<boolean>;
}

/** Refusals by the rules (not our passing failures): retrying cannot change them. */
const permanent = (error: unknown) => error instanceof AppError && !TRANSIENT_ERROR_CODES.has(error.code);

/**
 * The catch-up reactor that makes sure every capture of money has its invoice and every refund its credit note: it
 * follows the event log from its checkpoint (a checkpointed subscription, as the projections) and asks the issuer for
 * the document of each OrderCaptured and PaymentRefunded. The workflows issue them right after the money is recorded;
 * this repairs what a crash between the capture's commit and the invoice's left behind, and what was recorded
 * without the workflows (an administrator's command, an import). Issuing is idempotent, so handling an event twice
 * (after a restart from an older checkpoint, or beside the workflow that just issued it) issues nothing twice; the
 * checkpoint is saved after each document and every `checkpointEveryMs` otherwise.
 */
export function createInvoicingReactor(options: InvoicingReactorOptions): InvoicingReactor {
  const reactor = createReactor({
    name: options.name ?? 'invoicing',
    events: options.events,
    checkpoints: options.checkpoints,
    ...(options.restartDelayMs !== undefined ? { restartDelayMs: options.restartDelayMs } : {}),
    ...(options.checkpointEveryMs !== undefined ? { checkpointEveryMs: options.checkpointEveryMs } : {}),
    onError: (error) => options.onError?.(error, null, false),
    async handle(event) {
      if (event.type !== 'OrderCaptured' && event.type !== 'PaymentRefunded') return;
      try {
        const issued = event.type === 'OrderCaptured' ? await options.invoicing.invoiceFor(event) : await options.invoicing.creditNoteFor(event);
        return issued ? 'save' : undefined;
      } catch (error) {
        if (!permanent(error)) throw error;
        options.onError?.(error, event, true);
      }
    },
  });
  return {
    start: () => reactor.start(),
    stop: () => reactor.stop(),
    status: () => ({ name: reactor.name, position: reactor.position, running: reactor.running, lastError: reactor.lastError }),
    waitFor: (position, timeoutMs) => reactor.waitFor(position, timeoutMs),
  };
}
