import {
  NotFoundError,
  streamIds,
  type CreditNoteIssued,
  type DocumentBook,
  type EventEnvelope,
  type EventMetadata,
  type InvoiceIssued,
  type OrderCaptured,
  type PaymentRefunded,
  type SellerDetails,
} from '@relaycast/contracts';
import { aggregate, createCommandHandler } from '../handler.js';
import type { EventStore } from '../store/port.js';
import { subscriptionDecider, type ExistingSubscription } from '../subscription/index.js';
import { userDecider } from '../user/index.js';
import { creditNoteBookDecider, invoiceBookDecider } from './book.js';
import { bookOf, creditNoteDraft, invoiceCustomer, invoiceDraft } from './content.js';

/** A stored event as a command's result or a subscription hands it over (its global position is not needed). */
export type RecordedEvent = Pick<EventEnvelope, 'id' | 'type' | 'streamId' | 'version' | 'occurredAt' | 'data' | 'metadata'>;

export interface InvoicingOptions {
  events: Pick<EventStore, 'readStream' | 'append'>;
  /** The seller, from the configuration: copied onto every document; `id` names the books' streams. */
  seller: SellerDetails;
  /** The billing clock: a document's date (never before the last one of its book). */
  now: () => string;
  /** Tries per document when other processes keep winning the next number (each loss means one of them issued). */
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
 * Issues invoices and credit notes into the books' sequence streams (`invoice-book-<seller>-<real|demo>`,
 * `credit-note-book-<seller>-<real|demo>`): the payment workflows right after a capture or refund is recorded, and the
 * reactor (reactor.ts) for whatever a crash left without its document. Idempotent per capture id and refund id.
 */
export function createInvoicing(options: InvoicingOptions): Invoicing {
  const { events, seller, now } = options;
  // The generic command handler, keeping the books' streams in this process: every document reads only what was
  // appended since, one number of a book at a time here; other processes race on the version (a loss is retried).
  const books = createCommandHandler(events, { maxAttempts: options.maxAttempts ?? 100, backoffMs: 1, cachedStreams: 16 });

  /** A document of a book by its number (its version in the book's stream). */
  async function documentAt<Doc>(streamId: string, seq: number): Promise<Doc> {
    const [e] = await events.readStream(streamId, { fromVersion: seq, maxCount: 1 });
    if (!e) throw new Error(`${streamId} has no document ${seq}`);
    return e.data as Doc;
  }

  /** Documents are the system's acts, in the request (correlation) that recorded the money, caused by its event. */
  const metadataOf = (cause: RecordedEvent, book: DocumentBook): EventMetadata => ({
    actorId: 'invoicing',
    actorRole: 'SYSTEM',
    correlationId: cause.metadata.correlationId,
    causationId: cause.id,
    ...(book === 'demo' ? { demo: true as const } : {}),
  });

  /** The subscription as it was when the capture was recorded (the stream up to the capture's version). */
  async function subscriptionAt(subscriptionId: string, version: number): Promise<ExistingSubscription> {
    const { state } = await aggregate(events, subscriptionDecider, subscriptionId, { maxCount: version });
    if (state.status === 'NONE') throw new NotFoundError(`subscription ${subscriptionId} is not a subscription`);
    return state;
  }

  /** The tax each payable account got back with a refund: the books just before it and with it. */
  async function taxBackOf(refund: RecordedEvent): Promise<Map<string, number>> {
    const id = refund.streamId.slice('subscription-'.length);
    const [before, after] = await Promise.all([subscriptionAt(id, refund.version - 1), subscriptionAt(id, refund.version)]);
    const back = (s: ExistingSubscription) => {
      const out = new Map<string, number>();
      for (const item of s.books.items) if (item.tax) out.set(item.tax.account, (out.get(item.tax.account) ?? 0) + item.tax.back);
      return out;
    };
    const was = back(before);
    const out = new Map<string, number>();
    for (const [account, now] of back(after)) if (now - (was.get(account) ?? 0) > 0) out.set(account, now - (was.get(account) ?? 0));
    return out;
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
    const stream = streamIds.invoiceBook(seller.id, book);
    // Issued already (the workflow, then the reactor; a replay): found without reading the capture's streams.
    const known = (await books.read(invoiceBookDecider, stream)).state.byCapture.get(data.captureId);
    if (known) return documentAt<InvoiceIssued>(stream, known.seq);
    const subscription = await subscriptionAt(capture.streamId.slice('subscription-'.length), capture.version);
    const draft = invoiceDraft({ capture: { data, metadata: capture.metadata }, subscription, customer: await customerOf(subscription.user_id), seller });
    if (!draft) return null;
    // Dated by the payment it is the invoice of (never before the book's last document): issued later — a test clock
    // moved over a renewal, the reactor after a crash — it still says the day the money came.
    const at = capture.occurredAt < now() ? capture.occurredAt : now();
    const result = await books.handle(invoiceBookDecider, stream, { type: 'IssueInvoice', data: { draft }, metadata: { ...metadataOf(capture, book), now: at } });
    const issued = result.events[0];
    if (issued) return issued.data as InvoiceIssued;
    // Another process issued it meanwhile: the book says which number it has.
    const seq = result.state.byCapture.get(data.captureId)?.seq;
    if (seq === undefined) throw new Error(`${stream}: no invoice for capture ${data.captureId} was issued, nor found`);
    return documentAt<InvoiceIssued>(stream, seq);
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
    const draft = creditNoteDraft(data, invoice, seller, await taxBackOf(refund));
    const stream = streamIds.creditNoteBook(seller.id, invoice.book);
    // Dated by the refund (as the invoice by its payment), and after the invoice it refers to.
    const refunded = refund.occurredAt < now() ? refund.occurredAt : now();
    const at = refunded <= invoice.issuedAt ? new Date(Date.parse(invoice.issuedAt) + 1).toISOString() : refunded;
    const result = await books.handle(creditNoteBookDecider, stream, {
      type: 'IssueCreditNote',
      data: { draft, invoice: { number: invoice.number, total: invoice.total } },
      metadata: { ...metadataOf(refund, invoice.book), now: at },
    });
    const issued = result.events[0];
    if (issued) return issued.data as CreditNoteIssued;
    const seq = result.state.byRefund.get(data.refundId)?.seq;
    if (seq === undefined) throw new Error(`${stream}: no credit note for refund ${data.refundId} was issued, nor found`);
    return documentAt<CreditNoteIssued>(stream, seq);
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
