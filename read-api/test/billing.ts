import { subscriptionDecider } from '@relaycast/billing-core';
import type { ApiClient, TestServer } from './harness.js';

/** Payments recorded straight through the domain (as the PayPal routes would), at chosen times. */
export async function pay(server: TestServer, customer: { userId: string }, subscriptionId: string, order: string, at: string, options: { capture?: boolean; reject?: boolean } = {}) {
  const metadata = { now: at, actorId: customer.userId, actorRole: 'ROLE_CUSTOMER' as const, correlationId: `test-${order}` };
  const view = await server.rt.readSide.queries.getSubscription(subscriptionId);
  const amount = view!.amountDue;
  await server.rt.execute(subscriptionDecider, subscriptionId, { type: 'OrderPayment', data: { paypalOrderID: order, paypalSubscriptionID: `RCS-${subscriptionId.slice(0, 8)}`, amount, currency: 'USD' }, metadata });
  if (options.capture === false) return amount;
  await server.rt.execute(subscriptionDecider, subscriptionId, {
    type: 'CaptureOrder',
    data: { paypalOrderID: order, paypalSubscriptionID: `RCS-${subscriptionId.slice(0, 8)}`, captureId: `CAP-${order}`, quantity: 1, amount: options.reject ? amount + 1 : amount, currency: 'USD', providerStatus: 'COMPLETED', licenceKey: 'LIC-TEST-0000' },
    metadata: { ...metadata, now: new Date(Date.parse(at) + 60_000).toISOString(), ...(options.reject ? {} : { idempotencyKey: order }) },
  });
  return amount;
}

export async function buy(customer: ApiClient & { userId: string }, streams = 2): Promise<string> {
  const created = await customer.post('/subscriptions/create', {
    subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: customer.userId,
    modules: [{ name: 'streams', limit: streams }], payment_details: { plan_id: 'constructor', privacy_policy_confirm: true },
  });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.data._id as string;
}
