import type { EventMetadata } from '@relaycast/contracts';
import type { ExistingSubscription } from '../subscription/index.js';
import { LICENCE_FORMAT, type LicenceDocument } from './index.js';

/**
 * Was demo money paid into the subscription (a capture recorded by a server running PAYMENTS=demo)? Its licence is
 * then a demo licence, whatever else covered it: demo money never becomes a real entitlement.
 */
export function paidWithDemoMoney(events: readonly { type: string; metadata: Pick<EventMetadata, 'demo'> }[]): boolean {
  return events.some((e) => e.type === 'OrderCaptured' && e.metadata.demo === true);
}

/**
 * The licence a subscription last issued, as the document its file signs (null before the first one); `demo` when
 * demo money paid for it (paidWithDemoMoney), said in the signed document.
 */
export function licenceDocumentOf(sub: ExistingSubscription, options: { demo?: boolean } = {}): LicenceDocument | null {
  const issued = sub.licence;
  if (!issued) return null;
  return {
    format: LICENCE_FORMAT,
    licenceKey: issued.licenceKey,
    subscriptionId: sub.id,
    customerId: sub.user_id,
    plan: { plan_id: sub.plan.plan_id, ...(sub.plan.period ? { period: sub.plan.period } : {}) },
    modules: issued.modules.map(({ name, limit }) => ({ name, limit })),
    quantity: issued.quantity,
    serial: issued.serial,
    issuedAt: issued.issuedAt,
    validUntil: issued.validUntil,
    ...(options.demo ? { demo: true as const } : {}),
  };
}
