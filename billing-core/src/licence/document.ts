import type { ExistingSubscription } from '../subscription/index.js';
import { LICENCE_FORMAT, type LicenceDocument } from './index.js';

/** The licence a subscription last issued, as the document its file signs (null before the first one). */
export function licenceDocumentOf(sub: ExistingSubscription): LicenceDocument | null {
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
  };
}
