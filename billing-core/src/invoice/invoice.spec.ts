import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import {
  ConcurrencyError,
  ConflictError,
  streamIds,
  type CommandMetadata,
  type CreditNoteIssued,
  type InvoiceIssued,
  type SellerDetails,
} from '@relaycast/contracts';
import { createCommandHandler } from '../handler.js';
import { createSqliteEventStore } from '../store/sqlite.js';
import { createEventStoreDbStore } from '../store/eventstoredb.js';
import type { EventStore } from '../store/port.js';
import { subscriptionDecider } from '../subscription/index.js';
import { userDecider } from '../user/index.js';
import { billingPolicyDecider } from '../policy/index.js';
import { grantComplimentary } from '../workflows/index.js';
import { captureOrder, handleWebhook, payDue, recordCapture, refundCapture, type PaymentDeps } from '../payments/index.js';
import { fakePayPal } from '../../test/fake-paypal.js';
import { startEventStoreDbStandIn } from '../../test/esdb-standin/index.js';
import { POLICY } from '../../test/subscription-fixtures.js';
import { creditNoteBookDecider, decideCreditNote, decideInvoice, evolveCreditNoteBook, evolveInvoiceBook, initialCreditNoteBook, initialInvoiceBook, invoiceBookDecider, type InvoiceDraft } from './book.js';
import { createInvoicing, type Invoicing } from './issuer.js';
import { createInvoicingReactor } from './reactor.js';

const SELLER: SellerDetails = { id: 'relaycast', name: 'Relaycast Ltd', address: '1 Example Street\nLondon EC1A 1AA', registrationNumber: '01234567', vatNumber: 'GB999999973' };
const NOW = '2026-03-01T00:00:00.000Z';

/** INV-000001 … INV-0000nn, written as numbers are printed. */
const numbers = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${String(i + 1).padStart(6, '0')}`);

describe('invoice books: numbers, idempotency, credit notes never above their invoice (the rules, no store)', () => {
  const draft = (captureId: string, total: number, book: 'real' | 'demo' = 'real'): InvoiceDraft => ({
    book, paidAt: NOW, captureId, paypalOrderID: `O-${captureId}`, subscriptionId: 'sub-1', userId: 'user-1', subscriptionName: 'Main', currency: 'USD', total,
    lines: [{ kind: 'period', description: 'Builder licence, 2 units', amount: total }], seller: SELLER, customer: { userId: 'user-1', name: 'Ada Lovelace' },
  });

  it('numbers a book from its version, INV-000001 then INV-000002; the same capture again gets nothing new; dates never go back', () => {
    const book = initialInvoiceBook();
    const first = decideInvoice(book, draft('C1', 1000), '2026-03-01T10:00:00.000Z')!;
    expect(first).to.deep.include({ number: 'INV-000001', seq: 1, issuedAt: '2026-03-01T10:00:00.000Z', total: 1000 });
    evolveInvoiceBook(book, first);
    expect(decideInvoice(book, draft('C1', 1000), '2026-03-01T10:00:01.000Z')).to.equal(null);
    // An earlier clock (another process's) still dates it after the last one: numbers and dates run together.
    const second = decideInvoice(book, draft('C2', 500), '2026-03-01T09:59:00.000Z')!;
    expect(second).to.deep.include({ number: 'INV-000002', seq: 2, issuedAt: '2026-03-01T10:00:00.000Z' });
  });

  it('demo payments: DEMO-INV-000001 in a book of their own', () => {
    expect(decideInvoice(initialInvoiceBook(), draft('D1', 700, 'demo'), NOW)).to.deep.include({ number: 'DEMO-INV-000001', seq: 1, book: 'demo' });
  });

  it('refuses an invoice for no money, or lines that do not add up to the total', () => {
    expect(() => decideInvoice(initialInvoiceBook(), draft('C0', 0), NOW)).to.throw(/total/);
    expect(() => decideInvoice(initialInvoiceBook(), { ...draft('C1', 1000), total: 999 }, NOW)).to.throw(/lines/);
  });

  it('credit notes: 300 and 200 refunded, then 500 reversed, of an invoice of 1000 — then not a cent more', () => {
    const book = initialCreditNoteBook();
    const invoice = { number: 'INV-000001', total: 1000 };
    const note = (refundId: string, amount: number, reason: 'REFUND' | 'REVERSAL' = 'REFUND') => ({
      book: 'real' as const, invoiceNumber: 'INV-000001', reason, refundedAt: NOW, captureId: 'C1', refundId, subscriptionId: 'sub-1', userId: 'user-1', currency: 'USD', amount, seller: SELLER,
      customer: { userId: 'user-1', name: 'Ada Lovelace' },
    });
    const cn1 = decideCreditNote(book, note('RF-1', 300), invoice, NOW)!;
    expect(cn1).to.deep.include({ number: 'CN-000001', seq: 1, amount: 300 });
    evolveCreditNoteBook(book, cn1);
    const cn2 = decideCreditNote(book, note('RF-2', 200), invoice, NOW)!;
    expect(cn2).to.deep.include({ number: 'CN-000002', amount: 200 });
    evolveCreditNoteBook(book, cn2);
    const cn3 = decideCreditNote(book, note('REV-1', 500, 'REVERSAL'), invoice, NOW)!;
    expect(cn3).to.deep.include({ number: 'CN-000003', amount: 500, reason: 'REVERSAL' });
    evolveCreditNoteBook(book, cn3);
    // 300 + 200 + 500 = 1000, the invoice's total: one more cent is refused.
    expect(() => decideCreditNote(book, note('RF-4', 1), invoice, NOW)).to.throw(ConflictError, /INV-000001 to 1001, above its total of 1000/);
    expect(decideCreditNote(book, note('RF-2', 200), invoice, NOW), 'the same refund again').to.equal(null);
  });
});

describe('the books through the generic command handler, their streams cached per process', () => {
  const system: CommandMetadata = { now: NOW, actorId: 'invoicing', actorRole: 'SYSTEM', correlationId: 'c-1' };
  const note = (refundId: string, amount: number) => ({
    book: 'real' as const, invoiceNumber: 'INV-000001', reason: 'REFUND' as const, refundedAt: NOW, captureId: 'C1', refundId, subscriptionId: 'sub-1', userId: 'user-1', currency: 'USD', amount, seller: SELLER,
    customer: { userId: 'user-1', name: 'Ada Lovelace' },
  });
  const issue = (refundId: string, amount: number) => ({ type: 'IssueCreditNote' as const, data: { draft: note(refundId, amount), invoice: { number: 'INV-000001', total: 1000 } }, metadata: system });
  const BOOK = streamIds.creditNoteBook('relaycast', 'real');

  it('two processes taking turns on one book, each reading only what the other appended: ten notes of 100 reach the invoice’s 1000 exactly, CN-000001 … CN-000010, then the next cent is refused', async () => {
    const store = createSqliteEventStore(':memory:');
    const reads: string[] = [];
    const counting = { ...store, readStream: (id: string, options?: Parameters<EventStore['readStream']>[1]) => (reads.push(`${id}@${options?.fromVersion ?? 1}`), store.readStream(id, options)) };
    const a = createCommandHandler(counting, { cachedStreams: 4, backoffMs: 1, maxAttempts: 20 });
    const b = createCommandHandler(counting, { cachedStreams: 4, backoffMs: 1, maxAttempts: 20 });
    for (let n = 1; n <= 10; n++) await (n % 2 ? a : b).handle(creditNoteBookDecider, BOOK, issue(`RF-${n}`, 100));
    const stored = await store.readStream(BOOK);
    expect(stored.map((e) => (e.data as CreditNoteIssued).number)).to.deep.equal(numbers('CN', 10));
    // A folded in place twice would count 2000 credited, and refuse far earlier; B at its turn read from where it was.
    expect(reads.slice(0, 4)).to.deep.equal([`${BOOK}@1`, `${BOOK}@1`, `${BOOK}@2`, `${BOOK}@3`]);
    let refused: unknown = null;
    await a.handle(creditNoteBookDecider, BOOK, issue('RF-11', 1)).catch((error: unknown) => (refused = error));
    expect(refused).to.be.instanceOf(ConflictError);
    expect((await a.read(creditNoteBookDecider, BOOK)).state.creditedByInvoice.get('INV-000001')).to.equal(1000);
    await store.close();
  });

  it('racing processes lose on the version, read what won and take the next number: 30 notes at once from 3 handlers, no gap, no repeat', async () => {
    const store = createSqliteEventStore(':memory:');
    const handlers = [1, 2, 3].map(() => createCommandHandler(store, { cachedStreams: 4, backoffMs: 1, maxAttempts: 100 }));
    await Promise.all(Array.from({ length: 30 }, (_, n) => handlers[n % 3]!.handle(creditNoteBookDecider, BOOK, issue(`RF-${n}`, 10))));
    const stored = (await store.readStream(BOOK)).map((e) => e.data as CreditNoteIssued);
    expect(stored.map((d) => d.number)).to.deep.equal(numbers('CN', 30));
    expect(new Set(stored.map((d) => d.refundId)).size).to.equal(30);
    await store.close();
  });

  it('a dry run leaves nothing in the cache; a command with an idempotency key is refused (the book’s state says what was done)', async () => {
    const store = createSqliteEventStore(':memory:');
    const handler = createCommandHandler(store, { cachedStreams: 4 });
    const preview = await handler.handle(creditNoteBookDecider, BOOK, issue('RF-1', 100), { dryRun: true });
    expect(preview.events).to.have.length(1);
    expect((await handler.read(creditNoteBookDecider, BOOK)).state.creditedByInvoice.size).to.equal(0);
    const issued = await handler.handle(creditNoteBookDecider, BOOK, issue('RF-1', 100));
    expect((issued.events[0]!.data as CreditNoteIssued).number).to.equal('CN-000001');
    let thrown: unknown = null;
    await handler.handle(creditNoteBookDecider, BOOK, { ...issue('RF-2', 100), metadata: { ...system, idempotencyKey: 'k' } }).catch((error: unknown) => (thrown = error));
    expect(String(thrown)).to.match(/takes no idempotency keys/);
    expect(invoiceBookDecider.streamId(BOOK)).to.equal(BOOK);
    await store.close();
  });
});

interface StoreKind {
  name: string;
  /** A store per "process" (its own connection where the engine has connections), all on one log. */
  open(): Promise<{ connect(): EventStore; cleanup(): Promise<void> }>;
}

const STORES: StoreKind[] = [
  {
    name: 'SQLite file (each process its own connection)',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'relaycast-invoices-'));
      const opened: EventStore[] = [];
      return {
        connect: () => {
          const store = createSqliteEventStore(join(dir, 'events.db'), { pollIntervalMs: 20 });
          opened.push(store);
          return store;
        },
        async cleanup() {
          for (const s of opened) await s.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'SQLite in memory (one connection shared)',
    async open() {
      const store = createSqliteEventStore(':memory:');
      return { connect: () => store, cleanup: () => store.close() };
    },
  },
  {
    name: 'EventStoreDB (gRPC stand-in: WrongExpectedVersion on a stale revision)',
    async open() {
      const server = await startEventStoreDbStandIn();
      const opened: EventStore[] = [];
      return {
        connect: () => {
          const store = createEventStoreDbStore(server.connectionString);
          opened.push(store);
          return store;
        },
        async cleanup() {
          for (const s of opened) await s.close();
          await server.stop();
        },
      };
    },
  },
];

const memoryCheckpoints = () => {
  const positions = new Map<string, bigint>();
  return { get: async (name: string) => positions.get(name) ?? 0n, set: async (name: string, p: bigint) => void positions.set(name, p) };
};

for (const kind of STORES) {
  describe(`invoices issued by the payment workflows and the reactor: ${kind.name}`, function () {
    this.timeout(120_000);
    let log: Awaited<ReturnType<StoreKind['open']>>;
    let n = 0;
    const meta = (extra: Partial<CommandMetadata> = {}): CommandMetadata => ({ now: NOW, actorId: 'user-1', actorRole: 'ROLE_CUSTOMER', correlationId: `c${++n}`, ...extra });
    const admin = () => meta({ actorId: 'admin-1', actorRole: 'ROLE_ADMIN' });
    const paypal = fakePayPal();

    /** One "process": its own store connection, command handler and issuer (its own view of the books). */
    function processOn(store: EventStore, options: { invoicing?: Invoicing | null } = {}) {
      const handler = createCommandHandler(store, { backoffMs: 1, maxAttempts: 20 });
      const invoicing = options.invoicing === null ? undefined : (options.invoicing ?? createInvoicing({ events: store, seller: SELLER, now: () => NOW }));
      const deps: PaymentDeps = { events: store, execute: (d, id, c, o) => handler.handle(d, id, c, o), gateway: paypal.gateway, publicUrl: 'https://relaycast.test', newLicenceKey: () => `LICENCE-KEY-${++n}`, ...(invoicing ? { invoicing } : {}) };
      return { store, handler, deps, invoicing };
    }

    async function createCustomer(p: ReturnType<typeof processOn>, userId: string, subscriptionId: string, streams = 2) {
      await p.handler.handle(userDecider, userId, { type: 'RegisterUser', data: { userId, email: `${userId}@example.com`, givenName: 'Ada', familyName: userId, role: 'ROLE_CUSTOMER', strategy: 'local' }, metadata: meta({ actorId: userId }) });
      await p.handler.handle(subscriptionDecider, subscriptionId, {
        type: 'CreateSubscription',
        data: { subscriptionId, user_id: userId, subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', plan_id: 'constructor', infrastructure_type: 'self-hosted', modules: [{ name: 'streams', limit: streams }], privacy_policy_confirm: true },
        metadata: meta({ actorId: userId }),
      } as never);
    }

    /** The checkout, as the routes run it: an order, the buyer's approval, the capture (which issues the invoice). */
    async function checkout(p: ReturnType<typeof processOn>, userId: string, subscriptionId: string, extra: Partial<CommandMetadata> = {}) {
      const started = await payDue(p.deps, subscriptionId, meta({ actorId: userId, ...extra }));
      if (started.kind !== 'order') throw new Error('expected an order');
      paypal.approve(started.order.paypalOrderID);
      const captured = await captureOrder(p.deps, { subscriptionId, paypalOrderID: started.order.paypalOrderID }, meta({ actorId: userId, ...extra }));
      expect(captured.outcome).to.equal('captured');
      return started.order.paypalOrderID;
    }

    const invoicesIn = async (store: EventStore, book: 'real' | 'demo' = 'real') => (await store.readStream(streamIds.invoiceBook('relaycast', book))).map((e) => e.data as InvoiceIssued);
    const creditNotesIn = async (store: EventStore, book: 'real' | 'demo' = 'real') => (await store.readStream(streamIds.creditNoteBook('relaycast', book))).map((e) => e.data as CreditNoteIssued);

    beforeEach(async () => {
      log = await kind.open();
      const first = processOn(log.connect());
      await first.handler.handle(billingPolicyDecider, 'billing-policy', { type: 'SetBillingPolicy', data: { policy: POLICY, source: 'DEFAULT' }, metadata: meta({ actorRole: 'SYSTEM', actorId: 'start-up' }) });
    });
    afterEach(async () => log.cleanup());

    /** A connection that counts the appends to the books refused for their version (another process took the number). */
    function counting(store: EventStore, conflicts: { n: number }): EventStore {
      return {
        ...store,
        append: (streamId, events, expected) =>
          store.append(streamId, events, expected).catch((error: unknown) => {
            if (error instanceof ConcurrencyError && streamId.startsWith('invoice-book-')) conflicts.n++;
            throw error;
          }),
      };
    }

    it('50 captures at once, issued by 5 processes and a reactor racing them: INV-000001 … INV-000050, one per capture, no gap, no repeat', async () => {
      const conflicts = { n: 0 };
      const processes = Array.from({ length: 5 }, () => {
        const store = counting(log.connect(), conflicts);
        return processOn(store, { invoicing: createInvoicing({ events: store, seller: SELLER, now: () => NOW }) });
      });
      const subs = Array.from({ length: 50 }, (_, i) => ({ user: `user-${i + 1}`, sub: `sub-${i + 1}` }));
      for (const [i, s] of subs.entries()) await createCustomer(processes[i % 5]!, s.user, s.sub);
      const racer = log.connect();
      const reactor = createInvoicingReactor({ events: racer, invoicing: createInvoicing({ events: racer, seller: SELLER, now: () => NOW }), checkpoints: memoryCheckpoints(), restartDelayMs: 20 });
      await reactor.start();
      const orders = await Promise.all(subs.map((s, i) => checkout(processes[i % 5]!, s.user, s.sub)));
      expect(await reactor.waitFor(await racer.headPosition(), 30_000)).to.equal(true);
      await reactor.stop();

      const invoices = await invoicesIn(log.connect());
      // They did race: appends lost the number to another process and were decided again (26–47 in the runs seen).
      expect(conflicts.n, 'version conflicts on the book').to.be.greaterThan(0);
      expect(invoices.map((i) => i.number)).to.deep.equal(numbers('INV', 50));
      expect(invoices.map((i) => i.seq)).to.deep.equal(Array.from({ length: 50 }, (_, i) => i + 1));
      // Each capture exactly once: the 50 orders, each on one invoice.
      expect(invoices.map((i) => i.paypalOrderID).sort()).to.deep.equal([...orders].sort());
      // 2 streams of the builder licence: 2 units × $5 = 1000 cents, the first period Mar 1 → Apr 1.
      expect(invoices[0]).to.deep.include({ total: 1000, currency: 'USD', book: 'real', seller: SELLER });
      expect(invoices[0]!.lines).to.deep.equal([
        {
          kind: 'period',
          description: 'Builder licence, 2 units (Publishing streams: 2) — service period 2026-03-01 to 2026-04-01',
          amount: 1000,
          planId: 'constructor',
          quantity: 2,
          modules: [{ name: 'streams', limit: 2, labels: { en: 'Publishing streams', ru: 'Публикуемые потоки' } }],
          periodStart: '2026-03-01T00:00:00.000Z',
          periodEnd: '2026-04-01T00:00:00.000Z',
        },
      ]);
    });

    it('a crash between the capture and its invoice: the capture is recorded, the reactor issues the invoice; replayed, nothing more', async () => {
      const store = log.connect();
      // The issuer of the process that "crashes": its appends to the books fail, as if it died after the capture's commit.
      const crashing: EventStore = { ...store, append: (streamId, events, expected) => (streamId.startsWith('invoice-book-') ? Promise.reject(new Error('process killed')) : store.append(streamId, events, expected)) };
      const failures: string[] = [];
      const p = processOn(store, { invoicing: createInvoicing({ events: crashing, seller: SELLER, now: () => NOW, onError: (e) => failures.push((e as Error).message) }) });
      await createCustomer(p, 'user-1', 'sub-1');
      const order = await checkout(p, 'user-1', 'sub-1');
      expect(failures).to.deep.equal(['process killed']);
      expect(await invoicesIn(store)).to.deep.equal([]);

      const checkpoints = memoryCheckpoints();
      const issuer = createInvoicing({ events: store, seller: SELLER, now: () => '2026-03-01T00:05:00.000Z' });
      const reactor = createInvoicingReactor({ events: store, invoicing: issuer, checkpoints });
      await reactor.start();
      expect(await reactor.waitFor(await store.headPosition(), 10_000)).to.equal(true);
      await reactor.stop();
      const invoices = await invoicesIn(store);
      // Issued five minutes later, dated by the payment it is the invoice of (as a test clock moved over a renewal).
      expect(invoices.map((i) => [i.number, i.paypalOrderID, i.issuedAt, i.paidAt])).to.deep.equal([['INV-000001', order, NOW, NOW]]);

      // The same capture recorded again (PayPal's webhook, a retry: the order id is the idempotency key) and the whole
      // log replayed by a new reactor from position 0: still one invoice.
      const capture = invoices[0]!.captureId;
      const again = processOn(store);
      await recordCapture(again.deps, 'sub-1', order, { captureId: capture, status: 'COMPLETED', amountCents: 1000, currency: 'USD' }, meta());
      const replay = createInvoicingReactor({ events: store, invoicing: createInvoicing({ events: store, seller: SELLER, now: () => NOW }), checkpoints: memoryCheckpoints() });
      await replay.start();
      expect(await replay.waitFor(await store.headPosition(), 10_000)).to.equal(true);
      await replay.stop();
      expect((await invoicesIn(store)).map((i) => i.number)).to.deep.equal(['INV-000001']);
    });

    it('demo payments in their own sequences: DEMO-INV-000001 beside INV-000001, INV-000002', async () => {
      const p = processOn(log.connect());
      await createCustomer(p, 'user-1', 'sub-1');
      await createCustomer(p, 'user-2', 'sub-2');
      await createCustomer(p, 'user-3', 'sub-3');
      await checkout(p, 'user-1', 'sub-1');
      // What a server with PAYMENTS=demo records: every command (and so the capture) marked demo.
      await checkout(p, 'user-2', 'sub-2', { demo: true });
      await checkout(p, 'user-3', 'sub-3');
      expect((await invoicesIn(p.store)).map((i) => [i.number, i.userId])).to.deep.equal([['INV-000001', 'user-1'], ['INV-000002', 'user-3']]);
      expect((await invoicesIn(p.store, 'demo')).map((i) => [i.number, i.userId, i.book])).to.deep.equal([['DEMO-INV-000001', 'user-2', 'demo']]);
      const [demoEvent] = await p.store.readStream(streamIds.invoiceBook('relaycast', 'demo'));
      expect(demoEvent!.metadata).to.include({ demo: true, actorRole: 'SYSTEM', actorId: 'invoicing' });
    });

    it('credit notes: two partial refunds, then a reversal of the rest; a refund beyond the invoice gets no credit note', async () => {
      const p = processOn(log.connect());
      await createCustomer(p, 'user-1', 'sub-1');
      await checkout(p, 'user-1', 'sub-1');
      const [invoice] = await invoicesIn(p.store);
      await refundCapture(p.deps, { subscriptionId: 'sub-1', captureId: invoice!.captureId, amount: 300 }, admin());
      await refundCapture(p.deps, { subscriptionId: 'sub-1', captureId: invoice!.captureId, amount: 200 }, admin());
      // PayPal reverses the remaining $5.00 (a chargeback), delivered by its webhook.
      const reversal = await handleWebhook(
        p.deps,
        {
          rawBody: JSON.stringify({ id: 'WH-REV-1', event_type: 'PAYMENT.CAPTURE.REVERSED', resource: { id: 'REV-1', amount: { currency_code: 'USD', value: '5.00' }, custom_id: paypal.orders.get(invoice!.paypalOrderID)!.customId, links: [{ rel: 'up', href: `https://paypal.test/v2/payments/captures/${invoice!.captureId}` }] } }),
          headers: {},
          webhookConfigured: true,
        },
        meta({ actorRole: 'SYSTEM', actorId: 'paypal-webhook' }),
      );
      expect(reversal.outcome).to.equal('applied');
      const notes = await creditNotesIn(p.store);
      expect(notes.map((c) => [c.number, c.invoiceNumber, c.amount, c.reason])).to.deep.equal([
        ['CN-000001', 'INV-000001', 300, 'REFUND'],
        ['CN-000002', 'INV-000001', 200, 'REFUND'],
        ['CN-000003', 'INV-000001', 500, 'REVERSAL'],
      ]);
      expect(notes[2]!.customer).to.deep.equal(invoice!.customer);

      // A refund recorded beyond what was paid (written past the decider, as a bug or a hand-made import would): the
      // reactor refuses its credit note (300 + 200 + 500 + 1 > 1000), says so, and goes on.
      await p.store.append(subscriptionDecider.streamId('sub-1'), [{ id: '00000000-0000-5000-8000-000000000001', type: 'PaymentRefunded', occurredAt: NOW, data: { captureId: invoice!.captureId, refundId: 'RF-FORGED', amount: 1, currency: 'USD', refundedAt: NOW }, metadata: { actorId: 'import', actorRole: 'SYSTEM', correlationId: 'x', causationId: null } }], 'any');
      const skipped: string[] = [];
      const reactor = createInvoicingReactor({ events: p.store, invoicing: createInvoicing({ events: p.store, seller: SELLER, now: () => NOW }), checkpoints: memoryCheckpoints(), onError: (e, _event, skip) => void (skip && skipped.push((e as Error).message)) });
      await reactor.start();
      expect(await reactor.waitFor(await p.store.headPosition(), 10_000)).to.equal(true);
      await reactor.stop();
      expect(skipped).to.deep.equal(['A credit note of 1 would take the credit notes of INV-000001 to 1001, above its total of 1000']);
      expect((await creditNotesIn(p.store)).map((c) => c.number)).to.deep.equal(['CN-000001', 'CN-000002', 'CN-000003']);
    });

    it('complimentary time, and a period paid from account credit alone, get no invoice (no money); billing details are fixed on each invoice when issued', async () => {
      const p = processOn(log.connect());
      await createCustomer(p, 'user-1', 'sub-1');
      await createCustomer(p, 'user-2', 'sub-2');
      await grantComplimentary(p.deps, 'sub-2', { type: 'GrantComplimentary', data: { reason: 'partner programme', until: '2026-06-01T00:00:00.000Z' }, metadata: admin() } as never);
      const first = { name: 'Ada Lovelace', company: 'Analytical Engines Ltd', address: '12 St James’s Square\nLondon SW1Y 4JH', country: 'GB' as const, vatNumber: 'GB123456789' };
      await p.handler.handle(userDecider, 'user-1', { type: 'ChangeBillingDetails', data: first, metadata: meta() });
      await checkout(p, 'user-1', 'sub-1');
      // The customer moves; the next payment (renewing early) is made out to the new address, the first stays as issued.
      await p.handler.handle(userDecider, 'user-1', { type: 'ChangeBillingDetails', data: { name: 'Ada King', address: 'Ockham Park\nSurrey', country: 'GB' }, metadata: meta() });
      await checkout(p, 'user-1', 'sub-1');
      const reactor = createInvoicingReactor({ events: p.store, invoicing: createInvoicing({ events: p.store, seller: SELLER, now: () => NOW }), checkpoints: memoryCheckpoints() });
      await reactor.start();
      expect(await reactor.waitFor(await p.store.headPosition(), 10_000)).to.equal(true);
      await reactor.stop();
      const invoices = await invoicesIn(p.store);
      expect(invoices.map((i) => [i.number, i.subscriptionId])).to.deep.equal([['INV-000001', 'sub-1'], ['INV-000002', 'sub-1']]);
      expect(invoices[0]!.customer).to.deep.equal({ userId: 'user-1', name: 'Ada Lovelace', company: 'Analytical Engines Ltd', address: '12 St James’s Square\nLondon SW1Y 4JH', country: 'GB', vatNumber: 'GB123456789' });
      expect(invoices[1]!.customer).to.deep.equal({ userId: 'user-1', name: 'Ada King', address: 'Ockham Park\nSurrey', country: 'GB' });
      // A period paid from account credit alone (PayFromCredit: order CREDIT-n, 0 captured): that money was invoiced when it came in.
      const fromCredit = { id: 'e-credit', type: 'OrderCaptured', streamId: 'subscription-sub-1', version: 1, occurredAt: NOW, metadata: { actorId: 'clock', actorRole: 'SYSTEM' as const, correlationId: 'c', causationId: null },
        data: { paypalOrderID: 'CREDIT-3', paypalSubscriptionID: 'RCS-1', captureId: 'CREDIT-3', amount: 0, currency: 'USD', quantity: 2, capturedAt: NOW, purpose: 'period', credit: 1000 } };
      expect(await createInvoicing({ events: p.store, seller: SELLER, now: () => NOW }).invoiceFor(fromCredit)).to.equal(null);
      // The second period, paid ahead: Apr 1 → May 1.
      expect(invoices[1]!.lines[0]).to.deep.include({ kind: 'period', periodStart: '2026-04-01T00:00:00.000Z', periodEnd: '2026-05-01T00:00:00.000Z', amount: 1000 });
    });
  });
}
