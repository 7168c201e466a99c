import {
  ConcurrencyError,
  NotFoundError,
  EVENT_DATA_SCHEMAS,
  streamIds,
  validate,
  type CreditNoteIssued,
  type DocumentBook,
  type EventEnvelope,
  type EventMetadata,
  type InvoiceIssued,
  type OrderCaptured,
  type PaymentRefunded,
  type SellerDetails,
} from '@relaycast/contracts';
import { aggregate, deterministicUuid, foldEvents } from '../handler.js';
import type { EventStore } from '../store/port.js';
import { subscriptionDecider, type ExistingSubscription, type SubscriptionEvent } from '../subscription/index.js';
import { userDecider, type UserEvent } from '../user/index.js';
import {
  decideCreditNote,
  decideInvoice,
  evolveCreditNoteBook,
  evolveInvoiceBook,
  initialCreditNoteBook,
  initialInvoiceBook,
  type CreditNoteBookState,
  type InvoiceBookState,
} from './book.js';
import { bookOf, creditNoteDraft, invoiceCustomer, invoiceDraft } from './content.js';

/** A stored event as a command's result or a subscription hands it over (its global position is not needed). */
export type RecordedEvent = Pick<EventEnvelope, 'id' | 'type' | 'streamId' | 'version' | 'occurredAt' | 'data' | 'metadata'>;

export interface InvoicingOptions {
  events: Pick<EventStore, 'readStream' | 'append'>;
  /** The seller, from the configuration: copied onto every document; `id` names the books' streams. */
  seller: SellerDetails;
  /** The billing clock: a document's date (never before the last one of its book). */
  now: () => string;
  /** Appends tried per document when other processes keep winning the next number (each loss means one of them issued). */
  maxAttempts?: number;
  /** A failure of `issueFor`, whose documents the reactor issues later. */
  onError?: (error: unknown, event: RecordedEvent) => void;
}

export interface Invoicing {
  readonly seller: SellerDetails;
  /** The invoice of a capture of money, issued now if it has none; null when nothing was paid (credit alone). */
  invoiceFor(capture: RecordedEvent): Promise<InvoiceIssued | null>;
  /** The credit note of a refund or reversal, issued now if it has none (the invoice of its capture first, if missing). */
  creditNoteFor(refund: RecordedEvent): Promise<CreditNoteIssued | null>;
  /**
   * Whatever documents a command's events call for (the payment workflows, right after the capture or refund is
   * recorded). Never throws: a failure is reported, and the reactor issues the document from the log.
   */
  issueFor(events: readonly RecordedEvent[]): Promise<void>;
}

/**
 * One book's sequence stream as this process knows it: its state folded from the events read so far (it reads only
 * what was appended since), and a queue, so that this process asks for one number of a book at a time.
 */
function createSequence<State, Doc extends { seq: number }>(
  events: InvoicingOptions['events'],
  streamId: string,
  type: 'InvoiceIssued' | 'CreditNoteIssued',
  initial: () => State,
  evolve: (state: State, doc: Doc) => State,
  maxAttempts: number,
) {
  let state = initial();
  let version = 0;
  /** The latest documents read, so that an answer rarely needs another read. */
  const recent = new Map<number, Doc>();
  let queue: Promise<unknown> = Promise.resolve();

  async function refresh(): Promise<void> {
    for (const e of await events.readStream(streamId, { fromVersion: version + 1 })) {
      const doc = e.data as Doc;
      if (e.type !== type || e.version !== version + 1 || doc.seq !== e.version) throw new Error(`${streamId}: version ${e.version} is not the document numbered ${doc.seq}`);
      state = evolve(state, doc);
      version = e.version;
      recent.set(doc.seq, doc);
      if (recent.size > 1000) recent.delete(recent.keys().next().value!);
    }
  }

  async function read(seq: number): Promise<Doc> {
    const known = recent.get(seq);
    if (known) return known;
    const [e] = await events.readStream(streamId, { fromVersion: seq, maxCount: 1 });
    if (!e) throw new Error(`${streamId} has no document ${seq}`);
    return e.data as Doc;
  }

  /**
   * The document `existing` finds for this request, or the one `decide` makes, appended at the version read: the
   * next number is the version + 1. Another process that appended first makes the append fail on its version; then
   * the stream is read again — which shows whether that process issued this very document — and decided again.
   * Never a gap (a number is the version an append took), never a repeat (one append per version), never two
   * documents for one request (the state says which requests have theirs; two processes racing for one request
   * also write the same event id, which the store keeps once).
   */
  async function issue(key: string, existing: (s: State) => number | undefined, decide: (s: State) => Doc | null, metadata: EventMetadata, now: string): Promise<Doc | null> {
    for (let attempt = 1; ; attempt++) {
      await refresh();
      const found = existing(state);
      if (found !== undefined) return read(found);
      const doc = decide(state);
      if (!doc) return null;
      validate(EVENT_DATA_SCHEMAS[type], doc);
      try {
        // The event's time is the document's date (never before the book's last one: a book's time only moves on).
        const occurredAt = (doc as { issuedAt?: string }).issuedAt ?? now;
        await events.append(streamId, [{ id: deterministicUuid(`${streamId}\u0000${key}`), type, data: doc, occurredAt, metadata }], version);
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= maxAttempts) throw error;
        // Another process took this number: read what it appended, then try the next one (a little apart, not in step).
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
        continue;
      }
      // What the store holds is the answer (identical but for its date when another process wrote this id first).
      await refresh();
      const issued = existing(state);
      if (issued === undefined) throw new Error(`${streamId}: the document for ${key} was appended but is not in the stream`);
      return read(issued);
    }
  }

  return {
    /** The document the stream shows for a request (after reading what was appended since): its number, if any. */
    find(existing: (s: State) => number | undefined): Promise<number | undefined> {
      const run = queue.then(async () => {
        await refresh();
        return existing(state);
      });
      queue = run.catch(() => undefined);
      return run;
    },
    read,
    issue(...args: Parameters<typeof issue>): Promise<Doc | null> {
      const run = queue.then(() => issue(...args));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

/**
 * Issues invoices and credit notes into the books' sequence streams (`invoice-book-<seller>-<real|demo>`,
 * `credit-note-book-<seller>-<real|demo>`): the payment workflows right after a capture or refund is recorded, and the
 * reactor (reactor.ts) for whatever a crash left without its document. Idempotent per capture id and refund id.
 */
export function createInvoicing(options: InvoicingOptions): Invoicing {
  const { events, seller, now } = options;
  const maxAttempts = options.maxAttempts ?? 100;
  const invoiceBooks = new Map<DocumentBook, ReturnType<typeof createSequence<InvoiceBookState, InvoiceIssued>>>();
  const creditNoteBooks = new Map<DocumentBook, ReturnType<typeof createSequence<CreditNoteBookState, CreditNoteIssued>>>();
  const invoiceBook = (book: DocumentBook) => {
    let sequence = invoiceBooks.get(book);
    if (!sequence) invoiceBooks.set(book, (sequence = createSequence(events, streamIds.invoiceBook(seller.id, book), 'InvoiceIssued', initialInvoiceBook, evolveInvoiceBook, maxAttempts)));
    return sequence;
  };
  const creditNoteBook = (book: DocumentBook) => {
    let sequence = creditNoteBooks.get(book);
    if (!sequence) creditNoteBooks.set(book, (sequence = createSequence(events, streamIds.creditNoteBook(seller.id, book), 'CreditNoteIssued', initialCreditNoteBook, evolveCreditNoteBook, maxAttempts)));
    return sequence;
  };

  /** Documents are the system's acts, in the request (correlation) that recorded the money, caused by its event. */
  const metadataOf = (cause: RecordedEvent, book: DocumentBook): EventMetadata => ({
    actorId: 'invoicing',
    actorRole: 'SYSTEM',
    correlationId: cause.metadata.correlationId,
    causationId: cause.id,
    ...(book === 'demo' ? { demo: true as const } : {}),
  });

  /** The subscription as it was when the capture was recorded (the stream up to the capture's version). */
  async function subscriptionAt(streamId: string, version: number): Promise<ExistingSubscription> {
    const state = foldEvents(subscriptionDecider, await events.readStream(streamId, { maxCount: version }));
    if (state.status === 'NONE') throw new NotFoundError(`${streamId} is not a subscription`);
    return state as ExistingSubscription;
  }

  /** Who the invoice is made out to, now: the user's billing details, else the account's name. */
  async function customerOf(userId: string) {
    const { state: user } = await aggregate(events, userDecider, userId);
    return invoiceCustomer(userId, user.status === 'NONE' ? null : user, user.status === 'NONE' ? undefined : user.billingDetails);
  }

  async function invoiceFor(capture: RecordedEvent): Promise<InvoiceIssued | null> {
    if (capture.type !== 'OrderCaptured') throw new Error(`an invoice is for an OrderCaptured, not ${capture.type}`);
    const data = capture.data as OrderCaptured;
    if (data.amount < 1) return null;
    const book = bookOf(capture.metadata);
    const sequence = invoiceBook(book);
    const existing = (s: InvoiceBookState) => s.byCapture.get(data.captureId)?.seq;
    // Issued already (the workflow, then the reactor; a replay): found without reading the capture's streams.
    const known = await sequence.find(existing);
    if (known !== undefined) return sequence.read(known);
    const subscription = await subscriptionAt(capture.streamId, capture.version);
    const draft = invoiceDraft({ capture: { data, metadata: capture.metadata }, subscription, customer: await customerOf(subscription.user_id), seller });
    if (!draft) return null;
    // Dated by the payment it is the invoice of (never before the book's last document): issued later — a test clock
    // moved over a renewal, the reactor after a crash — it still says the day the money came.
    const at = capture.occurredAt < now() ? capture.occurredAt : now();
    return sequence.issue(`invoice\u0000${data.captureId}`, existing, (s) => decideInvoice(s, draft, at), metadataOf(capture, book), at);
  }

  async function creditNoteFor(refund: RecordedEvent): Promise<CreditNoteIssued | null> {
    if (refund.type !== 'PaymentRefunded') throw new Error(`a credit note is for a PaymentRefunded, not ${refund.type}`);
    const data = refund.data as PaymentRefunded;
    // The capture it gives money back from, in the same subscription's stream, before it.
    const before = await events.readStream(refund.streamId, { maxCount: refund.version });
    const capture = before.find((e) => e.type === 'OrderCaptured' && (e.data as OrderCaptured).captureId === data.captureId);
    if (!capture) throw new NotFoundError(`${refund.streamId} has no capture ${data.captureId} before its refund ${data.refundId}`);
    const invoice = await invoiceFor(capture);
    if (!invoice) return null;
    const draft = creditNoteDraft(data, invoice, seller);
    // Dated by the refund (as the invoice by its payment), and after the invoice it refers to.
    const refunded = refund.occurredAt < now() ? refund.occurredAt : now();
    const at = refunded <= invoice.issuedAt ? new Date(Date.parse(invoice.issuedAt) + 1).toISOString() : refunded;
    return creditNoteBook(invoice.book).issue(
      `credit-note\u0000${data.refundId}`,
      (s) => s.byRefund.get(data.refundId)?.seq,
      (s) => decideCreditNote(s, draft, invoice, at),
      metadataOf(refund, invoice.book),
      at,
    );
  }

  return {
    seller,
    invoiceFor,
    creditNoteFor,
    async issueFor(recorded) {
      for (const event of recorded) {
        try {
          if (event.type === 'OrderCaptured') await invoiceFor(event);
          else if (event.type === 'PaymentRefunded') await creditNoteFor(event);
        } catch (error) {
          options.onError?.(error, event);
        }
      }
    },
  };
}
