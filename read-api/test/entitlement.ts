import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import { expect } from 'chai';
import { verifyLicence, type LicenceDocument } from '@relaycast/billing-core';
import { startTestServer, type ApiClient, type TestServer } from './harness.js';
import { paypalEnv, startPayPalStandIn, type PayPalStandIn } from './paypal-standin/server.js';
import { approveInBrowser, buyConstructor, captureBody, historyOf, type Customer } from './paypal-standin/flow.js';

/**
 * Helpers for the entitlement attacks (read-api/src/routes/entitlement-attacks.int.spec.ts): one real read-api on a
 * test billing clock with its own PayPal stand-in per test, licence files kept as a customer keeps them, and the
 * offline verifier (billing-core's verifyLicence with the public key the server publishes).
 */

export const DAY_MS = 86_400_000;
export const plusDays = (at: string, days: number) => new Date(Date.parse(at) + days * DAY_MS).toISOString();
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const sha256hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** A licence file as the customer downloaded it: when, after which step, and what it says. */
export interface KeptFile {
  label: string;
  downloadedAt: string;
  text: string;
  doc: LicenceDocument | null;
}

export interface World {
  paypal: PayPalStandIn;
  server: TestServer;
  admin: ApiClient;
  publicKey: KeyObject;
  /** The administrator's view of a subscription. */
  view(id: string): Promise<any>;
  /** Moves the test clock (`{ days }` or `{ to }`) and runs everything due; fails the test unless 200. */
  advance(body: { days?: number; to?: string }): Promise<{ from: string; now: string; ran: number }>;
  /** The billing clock's time now. */
  now(): Promise<string>;
  /** Downloads the licence as `client`; a 200 file is kept in `files`. Answers the HTTP status. */
  download(client: ApiClient, id: string, label: string): Promise<number>;
  /** Every file downloaded so far (a customer keeps them all). */
  files: KeptFile[];
  close(): Promise<void>;
}

/** The document inside a licence file, read without checking anything (for reporting only). */
export function documentOf(file: string): LicenceDocument | null {
  try {
    const body = file.trim().replace(/^-----BEGIN RELAYCAST LICENCE-----/, '').replace(/-----END RELAYCAST LICENCE-----$/, '').replace(/\s+/g, '');
    const envelope = JSON.parse(Buffer.from(body, 'base64').toString('utf8')) as { enc: string };
    return JSON.parse(Buffer.from(envelope.enc, 'base64url').toString('utf8')) as LicenceDocument;
  } catch {
    return null;
  }
}

/** Verifies a kept file offline, as the engine does: with nothing but the public key and a time. */
export function offline(world: Pick<World, 'publicKey'>, file: KeptFile | string, at: string) {
  return verifyLicence(typeof file === 'string' ? file : file.text, world.publicKey, at);
}

/** One line describing a file, for assertion messages. */
export const describeFile = (f: KeptFile) =>
  `"${f.label}" (serial ${f.doc?.serial}, quantity ${f.doc?.quantity}, issuedAt ${f.doc?.issuedAt}, validUntil ${f.doc?.validUntil})`;

export async function startWorld(start: string, env: Record<string, string> = {}): Promise<World> {
  const paypal = await startPayPalStandIn();
  const server = await startTestServer({ env: { ...paypalEnv(paypal), BILLING_CLOCK: 'test', BILLING_CLOCK_START: start, SCHEDULER: 'off', ...env } });
  const admin = await server.admin();
  const pem = await (await fetch(`${server.baseUrl}/licence/public-key`)).text();
  const publicKey = createPublicKey(pem);
  const files: KeptFile[] = [];
  const world: World = {
    paypal,
    server,
    admin,
    publicKey,
    files,
    async view(id) {
      const res = await admin.post('/subscriptions/findOne', { id });
      expect(res.status, `findOne ${id}: ${JSON.stringify(res.body)}`).to.equal(200);
      return res.body.data;
    },
    async advance(body) {
      const res = await admin.post('/admin/clock/advance', body);
      expect(res.status, `advance ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).to.equal(200);
      return res.body.data;
    },
    async now() {
      const res = await fetch(`${server.baseUrl}/billing/clock`);
      return ((await res.json()) as { data: { now: string } }).data.now;
    },
    async download(client, id, label) {
      const res = await client.get(`/subscriptions/licence?id=${encodeURIComponent(id)}`);
      if (res.status === 200) files.push({ label, downloadedAt: await world.now(), text: res.body, doc: documentOf(res.body) });
      else expect([404, 409], `licence download "${label}": ${res.status} ${res.body}`).to.include(res.status);
      return res.status;
    },
    async close() {
      await server.close().catch(() => undefined);
      await paypal.close().catch(() => undefined);
    },
  };
  return world;
}

/** createOrder (optionally saving the wallet) → the buyer approves at the stand-in → captureOrder. Answers the capture's answer. */
export async function checkout(world: World, customer: Customer, id: string, options: { saveWallet?: boolean; expectAmount?: number } = {}) {
  const ordered = await customer.post('/subscriptions/createOrder', { id, ...(options.saveWallet ? { saveWallet: true } : {}) });
  expect(ordered.status, `createOrder: ${JSON.stringify(ordered.body)}`).to.equal(200);
  if (options.expectAmount !== undefined) expect(ordered.body.data.amount, `createOrder amount: ${JSON.stringify(ordered.body)}`).to.equal(options.expectAmount);
  await approveInBrowser(ordered.body.data.approveUrl);
  const view = await world.view(id);
  const captured = await customer.post('/subscriptions/captureOrder', captureBody(customer, { _id: id, quantity: view.quantity }, ordered.body.data));
  expect(captured.status, `captureOrder: ${JSON.stringify(captured.body)}`).to.equal(200);
  return { order: ordered.body.data as { paypalOrderID: string; paypalSubscriptionID: string; amount: number }, captured };
}

/** A constructor subscription of `streams` units, paid for its first month by checkout (optionally saving the wallet). */
export async function liveSubscription(world: World, customer: Customer, streams: number, options: { saveWallet?: boolean } = {}) {
  const sub = await buyConstructor(customer, streams);
  const { order, captured } = await checkout(world, customer, sub._id, { ...options, expectAmount: streams * 500 });
  expect(captured.body.data.status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
  const vaultId = world.paypal.orders.get(order.paypalOrderID)?.vaultId;
  if (options.saveWallet) expect(vaultId, 'PayPal saved the wallet').to.be.a('string');
  return { id: sub._id as string, firstOrderId: order.paypalOrderID, vaultId };
}

/** POST /subscriptions/revise as the customer, with the subscription's own billing reference. */
export async function revise(world: World, customer: Customer, id: string, quantity: number) {
  const reference = (await world.view(id)).paypalSubscriptionID ?? 'RCS-NONE';
  return customer.post('/subscriptions/revise', { id, user_id: customer.userId, paypalSubscriptionID: reference, quantity });
}

/** Money PayPal (the stand-in) captured for a subscription's orders, net of refunds, in cents; `except` leaves orders out. */
export function netCapturedAtPayPal(paypal: PayPalStandIn, subscriptionId: string, except: string[] = []): { gross: number; refunded: number; net: number; orders: string[] } {
  let gross = 0;
  let refunded = 0;
  const orders: string[] = [];
  for (const order of paypal.orders.values()) {
    if (order.reference_id !== subscriptionId || except.includes(order.id)) continue;
    for (const capture of order.captures) {
      if (capture.status === 'DECLINED') continue;
      const cents = Math.round(Number(capture.amount.value) * 100);
      gross += cents;
      orders.push(`${order.id}${order.vaultId && !order.vaultRequested ? ' (saved wallet)' : ''}: ${cents} ${capture.status}`);
      if (capture.status === 'REFUNDED' || capture.status === 'REVERSED') refunded += cents;
    }
  }
  // Partial refunds are visible only through refundCount/status; the scenarios here refund whole captures.
  return { gross, refunded, net: gross - refunded, orders };
}

export { historyOf };
