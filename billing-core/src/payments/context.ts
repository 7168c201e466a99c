import { createHash, randomBytes } from 'node:crypto';
import { NotFoundError, PaymentProviderError, type Command, type CommandMetadata, type CountryCode, type DomainEvent, type OrderTax } from '@relaycast/contracts';
import type { Decider } from '../decider.js';
import { aggregate, type HandleOptions, type HandleResult } from '../handler.js';
import { userDecider } from '../user/index.js';
import { taxCustomerOf, taxDecision, taxFor, taxIncludedIn, type SellerTaxIdentity, type TaxCustomer } from '../tax/index.js';
import type { Due } from '../subscription/money.js';
import type { EventStore } from '../store/port.js';
import { claimDecider, claimKeys } from '../claim/index.js';
import { exists, type ExistingSubscription } from '../subscription/index.js';
import { subscriptionDecider } from '../subscription/index.js';
import type { PaymentGateway } from './gateway.js';
import type { Invoicing, RecordedEvent } from '../invoice/issuer.js';

/** Runs one command (the read-api's waits for the read models too and says whether they caught up). */
export type Execute = <S, C extends Command, E extends DomainEvent>(
  decider: Decider<S, C, E>,
  id: string,
  command: C,
  options?: HandleOptions,
) => Promise<HandleResult<S> & { consistent?: boolean }>;

/** What the payment workflows run on: the event store (read), a command runner (write) and the gateway. */
export interface PaymentDeps {
  events: Pick<EventStore, 'readStream'>;
  execute: Execute;
  gateway: PaymentGateway;
  /** Where PayPal sends the buyer back (the web app's origin). */
  publicUrl: string;
  /** A fresh licence key (random; injectable for tests). */
  newLicenceKey?: () => string;
  /** Issues the invoice of each capture of money and the credit note of each refund, right after it is recorded. */
  invoicing?: Invoicing;
  /** The seller's tax identity (docs/tax.md): absent or disabled, no tax is decided. */
  tax?: SellerTaxIdentity;
}

/**
 * The tax of what is due now (docs/tax.md): decided from the seller's identity and the customer's billing details
 * as the user's stream has them (never a read model), at `at`. A subscription's catalogue price is net and the tax
 * is added; one bought before taxes keeps its price, the tax inside it. Undefined without a tax identity.
 */
export async function taxOfDue(deps: Pick<PaymentDeps, 'events' | 'tax'>, sub: ExistingSubscription, due: Due | null, at: string): Promise<OrderTax | undefined> {
  if (!deps.tax?.enabled || !due) return undefined;
  const customer = await taxCustomerOfUser(deps, sub.user_id);
  const quote = sub.taxPricing === 'net' ? taxFor({ seller: deps.tax, customer, netCents: due.gross, at }) : taxIncludedIn({ seller: deps.tax, customer, grossCents: due.gross, at });
  return { amount: quote.amount, taxLines: quote.taxLines, tax: quote.tax, total: quote.total, decision: quote.decision, ...(sub.taxPricing === 'net' ? {} : { included: true }) };
}

/** What is known of a customer for tax: their billing details and the VAT number's recorded check, from the user's stream. */
export async function taxCustomerOfUser(deps: Pick<PaymentDeps, 'events'>, userId: string): Promise<TaxCustomer> {
  const { state: user } = await aggregate(deps.events, userDecider, userId);
  const details = user.status === 'NONE' ? undefined : user.billingDetails;
  return taxCustomerOf(details ? { ...details, ...(user.status !== 'NONE' && user.vatNumberCheck ? { vatNumberCheck: user.vatNumberCheck } : {}) } : undefined);
}

/**
 * Whether an order's tax is still the one the customer's billing details make now (the same kind, country, rate and
 * VAT number): an order priced on details the customer has since changed is never captured, a new one is made.
 */
export async function orderTaxIsCurrent(deps: Pick<PaymentDeps, 'events' | 'tax'>, sub: ExistingSubscription, orderTax: OrderTax | undefined, at: string): Promise<boolean> {
  if (!orderTax || !deps.tax?.enabled) return true;
  const now = taxDecision({ seller: deps.tax, customer: await taxCustomerOfUser(deps, sub.user_id), at });
  const was = orderTax.decision;
  return now.kind === was.kind && now.country === was.country && now.rate === was.rate && now.customerVatNumber === was.customerVatNumber && now.evidence.billingCountry === was.evidence.billingCountry;
}

/**
 * The tax a capture records, once PayPal's payer country is known (docs/tax.md, "The payer's country"): the order's tax
 * with the payer country added to its evidence — and, when it disagrees with the billing country, the conflict noted
 * and whether the customer confirmed the billing country. An order made with no country known (nothing added) and a
 * payer country that shows where the customer is: that country's decision on the same money, the VAT carved out of
 * it (`included`: the seller bears it; an EU consumer's VAT becomes tax payable, the net the remainder). Without a
 * payer country, or without a tax on the order, the order's tax as it was.
 */
export function taxAtCapture(seller: SellerTaxIdentity | undefined, orderTax: OrderTax | undefined, payer: { country: CountryCode | null; confirmed?: boolean }, at: string): OrderTax | undefined {
  if (!orderTax || !payer.country) return orderTax;
  const decision = orderTax.decision;
  const evidence = decision.evidence;
  if (decision.kind === 'none' && evidence.country === undefined && seller?.enabled) {
    const check = evidence.vatNumberCheck;
    const customer = { ...(check ? { vatNumber: check.vatNumber, vatNumberCheck: check } : {}), payerCountry: payer.country };
    const carved = taxIncludedIn({ seller, customer, grossCents: orderTax.total, at });
    return { amount: carved.amount, taxLines: carved.taxLines, tax: carved.tax, total: carved.total, decision: carved.decision, included: true };
  }
  const conflict = evidence.billingCountry !== undefined && evidence.billingCountry !== payer.country;
  const notices = conflict && !decision.notices.includes('countryConflict') ? [...decision.notices, 'countryConflict' as const] : decision.notices;
  return { ...orderTax, decision: { ...decision, notices, evidence: { ...evidence, payerCountry: payer.country, ...(conflict && payer.confirmed ? { countryConfirmed: true } : {}) } } };
}

/**
 * The documents a recorded capture or refund calls for (an invoice, a credit note), issued at once. A failure here
 * (the store away, a crash) leaves them to the invoicing reactor, which follows the log: never a reason to fail the
 * payment, which is recorded.
 */
export async function issueDocuments(deps: Pick<PaymentDeps, 'invoicing'>, result: { events: readonly RecordedEvent[] }): Promise<void> {
  await deps.invoicing?.issueFor(result.events);
}

/** A subscription as its stream tells it now: the source of truth for every payment rule. */
export async function loadSubscription(deps: PaymentDeps, subscriptionId: string): Promise<{ sub: ExistingSubscription; version: number }> {
  const { state, version } = await aggregate(deps.events, subscriptionDecider, subscriptionId);
  if (!exists(state) || state.removed) throw new NotFoundError('Subscription not found');
  return { sub: state, version };
}

export function requireConfigured(gateway: PaymentGateway): void {
  if (!gateway.configured) throw new PaymentProviderError('Payments are not configured on this server (PAYPAL_CLIENT_ID is not set); nothing was charged', false);
}

/**
 * The billing reference PayPal carries for a subscription (custom_id). Derived from the subscription id, so every
 * concurrent first payment computes the same one; it identifies, it does not authorise (webhooks are verified).
 */
export function billingReferenceFor(subscriptionId: string): string {
  return `RCS-${createHash('sha256').update(`billing-reference\u0000${subscriptionId}`).digest('base64url').slice(0, 16).toUpperCase()}`;
}

/** A licence key customers paste into their self-hosted engine: five groups of five, no look-alike letters. */
export function newLicenceKey(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const chars = [...randomBytes(25)].map((b) => alphabet[b % alphabet.length]).join('');
  return chars.match(/.{5}/g)!.join('-');
}

const systemMeta = (metadata: CommandMetadata): CommandMetadata => ({ ...metadata, actorRole: 'SYSTEM', actorId: metadata.actorId });

/**
 * Claims the billing reference for the subscription before PayPal ever sees it, so a webhook can always resolve it
 * from the event store. Idempotent (a deterministic event id per reference and subscription).
 */
export async function claimBillingReference(deps: PaymentDeps, reference: string, subscriptionId: string, metadata: CommandMetadata): Promise<void> {
  await deps.execute(claimDecider, claimKeys.billingReference(reference), {
    type: 'ClaimIdentifier',
    data: { subscriptionId },
    metadata: { ...systemMeta(metadata), idempotencyKey: `claim-${subscriptionId}` },
  });
}

/** The subscription a billing reference belongs to, from its claim stream; null when nobody claimed it (yet). */
export async function resolveBillingReference(deps: PaymentDeps, reference: string): Promise<string | null> {
  return (await aggregate(deps.events, claimDecider, claimKeys.billingReference(reference))).state.owner;
}

/** A licence key for a subscription's first payment, claimed so that no two subscriptions ever hold one key. */
export async function issueLicenceKey(deps: PaymentDeps, sub: ExistingSubscription, metadata: CommandMetadata): Promise<string> {
  if (sub.licence_key) return sub.licence_key;
  for (;;) {
    const key = (deps.newLicenceKey ?? newLicenceKey)();
    try {
      await claimLicenceKey(deps, key, sub.id, metadata);
      return key;
    } catch (error) {
      if (!(error instanceof Error && (error as { code?: string }).code === 'CONFLICT')) throw error;
    }
  }
}

/** Claims a licence key for a subscription (no two subscriptions ever hold one key); true when the claim is new. */
export async function claimLicenceKey(deps: Pick<PaymentDeps, 'execute'>, key: string, subscriptionId: string, metadata: CommandMetadata): Promise<boolean> {
  const result = await deps.execute(claimDecider, claimKeys.licenceKey(key), { type: 'ClaimIdentifier', data: { subscriptionId }, metadata: systemMeta(metadata) });
  return result.events.length > 0 && !result.replayed;
}

/**
 * Gives back identifiers a command claimed and then did not use (it lost a race after its claims were written: a
 * claim and a subscription cannot be appended atomically, so the release is part of the workflow).
 */
export async function releaseClaims(deps: Pick<PaymentDeps, 'execute'>, keys: readonly string[], subscriptionId: string, metadata: CommandMetadata): Promise<void> {
  for (const key of keys) {
    await deps.execute(claimDecider, key, { type: 'ReleaseIdentifier', data: { subscriptionId }, metadata: systemMeta(metadata) });
  }
}

/** PayPal-Request-Id of a capture: one per attempt, so retries capture once; a new one after PayPal declined. */
export function captureRequestId(orderId: string, declines: number): string {
  return declines === 0 ? `capture-${orderId}` : `capture-${orderId}-${declines}`;
}
