import { ConflictError, NotFoundError, PaymentInProgressError, type AmountToPayView, type CommandMetadata } from '@relaycast/contracts';
import { dueOf, openOrders, priced, requireTakesPayments, subscriptionDecider, type ExistingSubscription } from '../subscription/index.js';
import { recordCapture } from './capture.js';
import { billingReferenceFor, claimBillingReference, issueLicenceKey, loadSubscription, orderTaxIsCurrent, requireConfigured, taxOfDue, type PaymentDeps } from './context.js';

export interface OrderAnswer {
  paypalOrderID: string;
  paypalSubscriptionID: string;
  amount: number;
  currency: string;
  purpose: 'period' | 'balance';
  approveUrl: string | null;
  /** true: an order already open for this payment was handed out again. */
  reused: boolean;
}

export type PaymentStart = { kind: 'order'; order: OrderAnswer; consistent: boolean } | { kind: 'paid-from-credit'; consistent: boolean };

/** PayPal statuses of an order the buyer can still approve or we can still capture. */
const PAYABLE_AT_PAYPAL = new Set(['CREATED', 'APPROVED', 'PAYER_ACTION_REQUIRED', 'SAVED']);
const ATTEMPTS = 4;

/**
 * Purchase and balance payment: one PayPal order for exactly what is due (a period, or a pending change's
 * balance), priced by the decider from the stream, never from the browser.
 *
 * Safe to run many times at once: the PayPal-Request-Id derives from the stream version read, so concurrent calls
 * get one PayPal order, and the decider records at most one open order; a caller whose order was not recorded
 * hands out the open one. An open order is reused while PayPal still holds it open; one PayPal already captured
 * (our answer was lost) is recorded first.
 */
/**
 * What PayPal shows the buyer for an order (its description): the subscription and what is paid, in the buyer's
 * language (the server's default name "Subscription 2026-03-10" said as the account pages say it).
 */
export function orderDescription(name: string, purpose: 'balance' | 'period', language: 'en' | 'ru' = 'en'): string {
  if (language === 'en') return `${name}: ${purpose === 'balance' ? 'change of plan' : 'licence period'}`;
  const dated = /^Subscription (\d{4}-\d{2}-\d{2})$/.exec(name);
  const shown = dated ? `Подписка от ${new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${dated[1]}T00:00:00Z`))}` : name;
  return `${shown}: ${purpose === 'balance' ? 'изменение тарифа' : 'период лицензии'}`;
}

export async function payDue(deps: PaymentDeps, subscriptionId: string, metadata: CommandMetadata, options: { saveWallet?: boolean; language?: 'en' | 'ru' } = {}): Promise<PaymentStart> {
  requireConfigured(deps.gateway);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const { sub, version } = await loadSubscription(deps, subscriptionId);
    // Refused before PayPal is asked for an order (the decider refuses the order's record the same way).
    requireTakesPayments(sub);
    // One money movement at a time: the saved wallet is being charged for what is due (a renewal, a retry).
    if (sub.charge) throw new PaymentInProgressError('Your saved PayPal account is being charged for what is due right now; nothing else is charged. Reload in a moment');
    const reference = sub.paypalSubscriptionID ?? billingReferenceFor(sub.id);
    const open = openOrders(sub)[0];
    if (open) {
      if (sub.orders[open]!.status === 'pending') throw new ConflictError('PayPal is still reviewing a payment of this subscription; it goes through as soon as PayPal completes it');
      const info = await deps.gateway.getOrder(open).catch((error: unknown) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      });
      // Priced on billing details the customer has changed since (another country, a VAT number): replaced by an
      // order at the tax they make now — the customer is paying, so the new total is what they see.
      if (info && PAYABLE_AT_PAYPAL.has(info.status) && !(await orderTaxIsCurrent(deps, sub, sub.orders[open]!.tax, metadata.now))) {
        await deps.execute(subscriptionDecider, sub.id, { type: 'CloseOrder', data: { paypalOrderID: open, reason: 'TAX_CHANGED' }, metadata: { ...metadata, actorRole: 'SYSTEM' } });
        continue;
      }
      if (info && PAYABLE_AT_PAYPAL.has(info.status)) {
        const { amount, purpose } = sub.orders[open]!;
        return { kind: 'order', consistent: true, order: { paypalOrderID: open, paypalSubscriptionID: reference, amount, currency: sub.currency, purpose, approveUrl: info.approveUrl, reused: true } };
      }
      if (info?.status === 'COMPLETED' && info.capture) {
        const recorded = await recordCapture(deps, sub.id, open, info.capture, metadata, undefined, { country: info.payerCountry });
        if (recorded.outcome === 'captured') throw new ConflictError('PayPal had already received this payment: it is now recorded');
        continue;
      }
      // PayPal no longer holds it (expired or voided): closed, and a new order is made below on the next pass.
      await deps.execute(subscriptionDecider, sub.id, { type: 'CloseOrder', data: { paypalOrderID: open, reason: 'EXPIRED' }, metadata: { ...metadata, actorRole: 'SYSTEM' } });
      continue;
    }

    // What is due with its tax (docs/tax.md): the server decides it, from the customer's billing details.
    const tax = await taxOfDue(deps, sub, dueOf(sub, metadata.now), metadata.now);
    const due = priced(dueOf(sub, metadata.now), tax, sub);
    if (!due) throw new ConflictError('Nothing is due on this subscription');
    if (due.amount === 0) {
      const licenceKey = await issueLicenceKey(deps, sub, metadata);
      const paid = await deps.execute(subscriptionDecider, sub.id, { type: 'PayFromCredit', data: { licenceKey, ...(tax ? { tax } : {}) }, metadata });
      return { kind: 'paid-from-credit', consistent: paid.consistent ?? true };
    }
    await claimBillingReference(deps, reference, sub.id, metadata);
    const order = await deps.gateway.createOrder({
      subscriptionId: sub.id,
      billingReference: reference,
      amountCents: due.amount,
      currency: sub.currency,
      description: orderDescription(sub.name, due.purpose, options.language),
      // The same stream version (concurrent clicks, a retry) gets the same order from PayPal.
      requestId: `order-${sub.id}-${version}`,
      ...(tax ? { breakdown: { itemTotalCents: tax.amount, taxTotalCents: tax.tax, discountCents: due.credit } } : {}),
      intent: 'CAPTURE',
      // The wallet is saved for renewals only when the buyer asked, and only once (a saved one is kept).
      ...(options.saveWallet && !sub.vault && sub.plan.billingMonths > 0 ? { saveWallet: true } : {}),
      returnUrl: `${deps.publicUrl}/user/buy-new-licence?subscription=${sub.id}`,
      cancelUrl: `${deps.publicUrl}/user/buy-new-licence?subscription=${sub.id}&cancelled=1`,
    });
    let recorded;
    try {
      recorded = await deps.execute(subscriptionDecider, sub.id, {
        type: 'OrderPayment',
        data: { paypalOrderID: order.orderId, paypalSubscriptionID: reference, amount: due.amount, currency: sub.currency, purpose: due.purpose, ...(tax ? { tax } : {}) },
        metadata,
      });
    } catch (error) {
      // What is due changed between reading and recording (a revision): price it again.
      if (error instanceof ConflictError && attempt < ATTEMPTS) continue;
      throw error;
    }
    const state = recorded.state as typeof sub;
    if (!state.orders[order.orderId]) continue; // another call recorded its order first: hand that one out
    return {
      kind: 'order',
      consistent: recorded.consistent ?? true,
      order: { paypalOrderID: order.orderId, paypalSubscriptionID: reference, amount: due.amount, currency: sub.currency, purpose: due.purpose, approveUrl: order.approveUrl, reused: false },
    };
  }
  throw new ConflictError('The subscription kept changing while the payment was being set up; try again');
}

/**
 * What paying now asks of PayPal, tax included (docs/tax.md): what is due (a period or a balance), its tax from the
 * customer's billing details — decided as `payDue` decides it, with the same `taxOfDue` — the account credit used and
 * what is left to pay. What every money button says; never computed in the browser.
 */
export async function amountToPay(deps: Pick<PaymentDeps, 'events' | 'tax'>, sub: ExistingSubscription, now: string): Promise<AmountToPayView> {
  const raw = dueOf(sub, now);
  const tax = await taxOfDue(deps, sub, raw, now);
  const due = priced(raw, tax, sub);
  if (!due) return { purpose: null, amount: 0, taxLines: [], tax: 0, total: 0, included: false, credit: 0, toPay: 0, currency: sub.currency, taxNotices: [] };
  return {
    purpose: due.purpose,
    amount: tax ? tax.amount : due.gross,
    taxLines: tax?.taxLines ?? [],
    tax: tax?.tax ?? 0,
    total: due.gross,
    included: tax?.included === true,
    credit: due.credit,
    toPay: due.amount,
    currency: sub.currency,
    taxNotices: tax?.decision.notices ?? [],
  };
}

/** `amountToPay` of a subscription read from its own stream: what the API answers for a pay button. */
export async function amountToPayOf(deps: PaymentDeps, subscriptionId: string, now: string): Promise<AmountToPayView> {
  const { sub } = await loadSubscription(deps, subscriptionId);
  return amountToPay(deps, sub, now);
}
