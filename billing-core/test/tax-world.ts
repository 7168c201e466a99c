import type { CommandMetadata, CountryCode } from '@relaycast/contracts';
import { createCommandHandler, foldEvents } from '../src/handler.js';
import { createSqliteEventStore } from '../src/store/sqlite.js';
import { subscriptionDecider, type ExistingSubscription } from '../src/subscription/index.js';
import { userDecider } from '../src/user/index.js';
import type { Invoicing } from '../src/invoice/index.js';
import { captureOrder, payDue, type PaymentDeps } from '../src/payments/index.js';
import { fakePayPal } from './fake-paypal.js';

/** The day the tax specs' first payment is made: 1 March 2026. */
export const MAR_1 = '2026-03-01T10:00:00.000Z';
/** A seller in Estonia computing VAT (docs/tax.md). */
export const SELLER_TAX = { country: 'EE' as const, vatNumber: 'EE100931558', enabled: true };

/**
 * A customer with billing details (or none) and a subscription to the unlimited plan, $79.00 a month net, not yet paid,
 * on 1 March 2026, with the payment workflows and a fake PayPal: the tax specs' world before the purchase
 * (payments/payer-country.spec.ts pays in its own ways). `order` asks for the payment due; `capture` captures one.
 */
export async function taxCustomer(billing: { country: string; vatNumber?: string } | null, options: { invoicing?: (store: ReturnType<typeof createSqliteEventStore>) => Invoicing } = {}) {
  const store = createSqliteEventStore(':memory:');
  const handler = createCommandHandler(store);
  const paypal = fakePayPal();
  const invoicing = options.invoicing?.(store);
  const deps: PaymentDeps = { events: store, execute: (d, id, c, o) => handler.handle(d, id, c, o), gateway: paypal.gateway, publicUrl: 'https://relaycast.test', newLicenceKey: () => 'KEY-TAX-1', tax: SELLER_TAX, ...(invoicing ? { invoicing } : {}) };
  const meta = (role: CommandMetadata['actorRole'] = 'ROLE_CUSTOMER'): CommandMetadata => ({ now: MAR_1, actorId: role === 'ROLE_ADMIN' ? 'admin-1' : 'user-1', actorRole: role, correlationId: 'c' });
  const setBilling = (details: { country: string; vatNumber?: string }) =>
    handler.handle(userDecider, 'user-1', { type: 'ChangeBillingDetails', data: { name: 'Eva Muster', address: 'Hauptstraße 1, 10115 Berlin', ...details } as never, metadata: meta() });
  await handler.handle(userDecider, 'user-1', { type: 'RegisterUser', data: { userId: 'user-1', email: 'kunde@example.de', givenName: 'Eva', familyName: 'Muster', role: 'ROLE_CUSTOMER', strategy: 'google', emailVerified: true }, metadata: meta() });
  if (billing) await setBilling(billing);
  await handler.handle(subscriptionDecider, 'sub-1', {
    type: 'CreateSubscription',
    data: { subscriptionId: 'sub-1', user_id: 'user-1', subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', plan_id: 'unlimited', infrastructure_type: 'self-hosted', privacy_policy_confirm: true } as never,
    metadata: meta(),
  });
  const order = async () => {
    const started = await payDue(deps, 'sub-1', meta());
    if (started.kind !== 'order') throw new Error('no order');
    return started.order;
  };
  const capture = (paypalOrderID: string, confirmCountry?: CountryCode) => captureOrder(deps, { subscriptionId: 'sub-1', paypalOrderID, ...(confirmCountry ? { confirmCountry } : {}) }, meta());
  const history = () => store.readStream('subscription-sub-1');
  const state = async () => foldEvents(subscriptionDecider, await history()) as ExistingSubscription;
  return { store, deps, paypal, meta, setBilling, order, capture, history, state, close: () => store.close() };
}

/** The tax specs' world after the purchase: `taxCustomer`'s first month ordered, approved at PayPal and captured. */
export async function taxWorld(billing: { country: string; vatNumber?: string } | null, options: { invoicing?: (store: ReturnType<typeof createSqliteEventStore>) => Invoicing } = {}) {
  const customer = await taxCustomer(billing, options);
  const order = await customer.order();
  customer.paypal.approve(order.paypalOrderID);
  await customer.capture(order.paypalOrderID);
  return { ...customer, order };
}
