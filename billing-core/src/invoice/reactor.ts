import { AppError, TRANSIENT_ERROR_CODES, type EventEnvelope } from '@relaycast/contracts';
import type { EventStore, StoreSubscription } from '../store/port.js';
import type { Invoicing } from './issuer.js';
import { createPositionWaiters } from '../store/position-waiters.js';

/** Where a reactor keeps the position it has handled (a small table beside the event store, or Redis in deploy). */
export interface ReactorCheckpoints {
  get(name: string): Promise<bigint>;
  set(name: string, position: bigint): Promise<void>;
}

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
  const name = options.name ?? 'invoicing';
  const restartDelayMs = options.restartDelayMs ?? 1000;
  const checkpointEveryMs = options.checkpointEveryMs ?? 1000;
  let running = false;
  let position = 0n;
  let saved = 0n;
  let lastError: string | null = null;
  let subscription: StoreSubscription | null = null;
  let restartTimer: NodeJS.Timeout | null = null;
  let saveTimer: NodeJS.Timeout | null = null;
  const waiters = createPositionWaiters();

  const reached = (to: bigint) => {
    position = to;
    waiters.reached(to);
  };

  async function save(): Promise<void> {
    if (position === saved) return;
    const at = position;
    await options.checkpoints.set(name, at);
    saved = at;
  }

  async function handle(event: EventEnvelope): Promise<void> {
    if (event.type === 'OrderCaptured' || event.type === 'PaymentRefunded') {
      try {
        const issued = event.type === 'OrderCaptured' ? await options.invoicing.invoiceFor(event) : await options.invoicing.creditNoteFor(event);
        reached(event.position);
        if (issued) await save();
        return;
      } catch (error) {
        if (!permanent(error)) throw error;
        options.onError?.(error, event, true);
      }
    }
    reached(event.position);
  }

  function restartLater(error: unknown) {
    lastError = error instanceof Error ? error.message : String(error);
    options.onError?.(error, null, false);
    if (running && !restartTimer) restartTimer = setTimeout(() => void subscribe(), restartDelayMs);
  }

  async function subscribe(): Promise<void> {
    restartTimer = null;
    if (!running) return;
    try {
      const from = await options.checkpoints.get(name);
      saved = from;
      if (from > position) reached(from);
      const current = options.events.subscribe({ after: from }, handle);
      subscription = current;
      lastError = null;
      current.done.then(
        () => undefined,
        (error: unknown) => {
          if (subscription === current) subscription = null;
          restartLater(error);
        },
      );
    } catch (error) {
      restartLater(error);
    }
  }

  return {
    async start() {
      if (running) return;
      running = true;
      await subscribe();
      saveTimer = setInterval(() => void save().catch((error: unknown) => options.onError?.(error, null, false)), checkpointEveryMs);
      saveTimer.unref();
    },
    async stop() {
      running = false;
      if (restartTimer) clearTimeout(restartTimer);
      if (saveTimer) clearInterval(saveTimer);
      restartTimer = saveTimer = null;
      await subscription?.stop();
      subscription = null;
      await save().catch(() => undefined);
      waiters.releaseAll();
    },
    status: () => ({ name, position, running, lastError }),
    waitFor(target, timeoutMs) {
      return position >= target ? Promise.resolve(true) : waiters.wait(target, timeoutMs);
    },
  };
}
