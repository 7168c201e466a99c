import type { ApiClient, TestServer } from '../harness.js';
import type { PayPalStandIn } from './server.js';

export type Customer = ApiClient & { userId: string; email: string };

/** A constructor subscription (self-hosted, monthly): `streams` units at $5 → 500 × streams cents a month. */
export async function buyConstructor(customer: Customer, streams = 2): Promise<any> {
  const created = await customer.post('/subscriptions/create', {
    subscription_type: 'SUBSCRIPTION_MONTH',
    status: 'SUBSCRIPTION_STATUS_INITIAL',
    user_id: customer.userId,
    modules: [{ name: 'streams', limit: streams }],
    payment_details: { plan_id: 'constructor', privacy_policy_confirm: true },
  });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.data;
}

/** The buyer opens PayPal's approve link and is sent back to our site (the stand-in's /checkoutnow). */
export async function approveInBrowser(approveUrl: string): Promise<URL> {
  const res = await fetch(approveUrl, { redirect: 'manual' });
  if (res.status !== 302) throw new Error(`approve failed: ${res.status}`);
  return new URL(res.headers.get('location')!);
}

/** createOrder → approve at the stand-in → the ids captureOrder needs. */
export async function orderAndApprove(customer: Customer, subscriptionId: string) {
  const ordered = await customer.post('/subscriptions/createOrder', { id: subscriptionId });
  if (ordered.status !== 200) throw new Error(`createOrder failed: ${ordered.status} ${JSON.stringify(ordered.body)}`);
  await approveInBrowser(ordered.body.data.approveUrl);
  return ordered.body.data as { paypalOrderID: string; paypalSubscriptionID: string; amount: number; currency: string; purpose: string; approveUrl: string };
}

export function captureBody(customer: Customer, subscription: { _id: string; quantity: number }, order: { paypalOrderID: string; paypalSubscriptionID: string }) {
  return { id: subscription._id, user_id: customer.userId, paypalOrderID: order.paypalOrderID, paypalSubscriptionID: order.paypalSubscriptionID, quantity: subscription.quantity };
}

export async function historyTypes(client: ApiClient, subscriptionId: string): Promise<string[]> {
  const res = await client.post('/subscriptions/history', { id: subscriptionId });
  return res.body.data.map((h: { type: string }) => h.type);
}

export async function historyOf(client: ApiClient, subscriptionId: string): Promise<{ type: string; data: any; summary: string; actor: { id: string; role: string } }[]> {
  return (await client.post('/subscriptions/history', { id: subscriptionId })).body.data;
}

/** Delivers a webhook the way PayPal does: the raw JSON body with PayPal's transmission headers. */
export async function deliverWebhook(server: TestServer, paypal: PayPalStandIn, event: unknown, options: { valid?: boolean; headers?: Record<string, string> } = {}) {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  const res = await fetch(`${server.baseUrl}/paypal/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(options.headers ?? paypal.webhookHeaders({ valid: options.valid ?? true })) },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
