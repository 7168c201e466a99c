import { randomBytes } from 'node:crypto';
import type { FakePayPalState, Link, Payer, Reply, StoredAuthorization, StoredCapture, StoredOrder, StoredRefund } from './state.js';

/**
 * What the fake PayPal answers, in PayPal's documented shapes (the SDK validates every answer against its schemas),
 * built in one place: orders, captures, authorizations, refunds, payers, errors. A new field PayPal sends (the payer's
 * address, say) is one edit here, for the demo sandbox and the tests alike.
 */

const ALPHANUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** An id as PayPal's look: upper-case letters and digits. */
export const paypalId = (length = 17): string => [...randomBytes(length)].map((b) => ALPHANUM[b % ALPHANUM.length]).join('');
export const debugId = (): string => randomBytes(7).toString('hex');
/** PayPal's timestamps: to the second, UTC. */
export const paypalTime = (at = Date.now()): string => new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The buyer a fake PayPal account stands for. */
export interface FakeBuyer {
  email: string;
  givenName: string;
  surname: string;
  /** The account's country (ISO 3166-1 alpha-2), sent as `payer.address.country_code`; none: PayPal shows no address. */
  country?: string;
}

/** The payer of an approval (a new payer id each time, as a PayPal account signing in), with its country when it has one. */
export function payerOf(buyer: FakeBuyer): Payer {
  return {
    payer_id: paypalId(13),
    email_address: buyer.email,
    name: { given_name: buyer.givenName, surname: buyer.surname },
    ...(buyer.country ? { address: { country_code: buyer.country } } : {}),
  };
}

export function issue(status: number, name: string, message: string, issueName: string, description: string): Reply {
  return {
    status,
    body: { name, message, debug_id: debugId(), details: [{ issue: issueName, description }], links: [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issueName}`, rel: 'information_link', method: 'GET' }] },
  };
}
export const invalid = (issueName: string, description: string): Reply => issue(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', issueName, description);
export const unprocessable = (issueName: string, description: string): Reply =>
  issue(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', issueName, description);
export const notFound = (): Reply => issue(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist. Please check the resource ID and try again.');
export const internalError = (): Reply => issue(500, 'INTERNAL_SERVER_ERROR', 'An internal server error occurred.', 'INTERNAL_SERVICE_ERROR', 'An internal service error has occurred.');

/** The answers of one fake, its links absolute under `base` (PayPal's API origin as the adapter reaches it). */
export function answers(base: () => string, state: () => FakePayPalState) {
  const captureJson = (c: StoredCapture) => {
    const { orderId, ...json } = c;
    return {
      ...json,
      final_capture: true,
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      links: [
        { href: `${base()}/v2/payments/captures/${c.id}`, rel: 'self', method: 'GET' },
        { href: `${base()}/v2/payments/captures/${c.id}/refund`, rel: 'refund', method: 'POST' },
        { href: `${base()}/v2/checkout/orders/${orderId}`, rel: 'up', method: 'GET' },
      ],
    };
  };
  /** A capture as the webhooks and GET /v2/payments/captures/:id carry it: with its order's id. */
  const captureResource = (c: StoredCapture) => ({ ...captureJson(c), supplementary_data: { related_ids: { order_id: c.orderId } } });
  const authorizationJson = (a: StoredAuthorization) => {
    const { orderId, ...json } = a;
    return {
      ...json,
      links: [
        { href: `${base()}/v2/payments/authorizations/${a.id}`, rel: 'self', method: 'GET' },
        { href: `${base()}/v2/payments/authorizations/${a.id}/capture`, rel: 'capture', method: 'POST' },
        { href: `${base()}/v2/payments/authorizations/${a.id}/void`, rel: 'void', method: 'POST' },
        { href: `${base()}/v2/checkout/orders/${orderId}`, rel: 'up', method: 'GET' },
      ],
    };
  };
  const refundJson = (r: StoredRefund) => {
    const { captureId, ...json } = r;
    return {
      ...json,
      links: [
        { href: `${base()}/v2/payments/refunds/${r.id}`, rel: 'self', method: 'GET' },
        { href: `${base()}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
      ],
    };
  };
  const orderLinks = (order: StoredOrder): Link[] => [
    { href: `${base()}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
    ...(order.status === 'CREATED' ? [{ href: `${base()}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }] : []),
    ...(order.status === 'APPROVED'
      ? [{ href: `${base()}/v2/checkout/orders/${order.id}/${order.intent === 'CAPTURE' ? 'capture' : 'authorize'}`, rel: order.intent === 'CAPTURE' ? 'capture' : 'authorize', method: 'POST' }]
      : []),
  ];
  function orderJson(order: StoredOrder): Record<string, unknown> {
    const s = state();
    const captures = order.captureIds.map((id) => captureJson(s.captures[id]!));
    const authorizations = order.authorizationIds.map((id) => authorizationJson(s.authorizations[id]!));
    const payments =
      captures.length || authorizations.length
        ? { payments: { ...(captures.length ? { captures } : {}), ...(authorizations.length ? { authorizations } : {}) } }
        : {};
    return {
      id: order.id,
      intent: order.intent,
      status: order.status,
      ...(order.payer
        ? {
            payer: order.payer,
            payment_source: {
              paypal: {
                email_address: order.payer.email_address,
                account_id: order.payer.payer_id,
                account_status: 'VERIFIED',
                name: order.payer.name,
                ...(order.payer.address ? { address: order.payer.address } : {}),
                ...(order.vaultId ? { attributes: { vault: { id: order.vaultId, status: 'VAULTED', customer: { id: `CUST-${order.payer.payer_id}` }, links: [] } } } : {}),
              },
            },
          }
        : {}),
      purchase_units: [
        {
          reference_id: order.reference_id,
          amount: order.amount,
          ...(order.custom_id ? { custom_id: order.custom_id } : {}),
          ...(order.description ? { description: order.description } : {}),
          ...payments,
        },
      ],
      create_time: order.create_time,
      update_time: order.update_time,
      links: orderLinks(order),
    };
  }
  return { orderJson, captureJson, captureResource, authorizationJson, refundJson };
}
export type Answers = ReturnType<typeof answers>;
