import type { HistoryItem, UserView } from '@relaycast/contracts';
import { noteOf } from '@relaycast/projections';
import { readsEveryCustomer } from '../http/route.js';

/** Steps of our own bookkeeping (a payment about to be asked of PayPal): administrators read them, customers the outcome. */
const BOOKKEEPING = new Set(['PaymentCaptureStarted', 'SavedWalletChargeStarted']);

/**
 * What a customer may read of a history (issue 14, item 11): who acted, as a role only when it was not them (an
 * administrator's or the system's id is internal), no request ids, and no notes administrators wrote for
 * themselves (`note`; the system's `reason` stays). Administrators and the finance role (who audit it) read
 * everything.
 */
export function historyForReader(items: readonly HistoryItem[], reader: UserView | null): HistoryItem[] {
  if (readsEveryCustomer(reader)) return [...items];
  return items.filter((item) => !BOOKKEEPING.has(item.type)).map((item) => {
    const mine = item.actor.id === reader?._id;
    const data = item.data as Record<string, unknown> | null;
    const note = data && typeof data.note === 'string' ? data.note : null;
    const { note: _internal, ...withoutNote } = (data ?? {}) as Record<string, unknown>;
    return {
      ...item,
      // The system's actors name what acted (paypal-webhook, billing-clock); people other than the reader are a role.
      actor: mine || item.actor.role === 'SYSTEM' ? item.actor : { id: '', role: item.actor.role },
      correlationId: '',
      causationId: null,
      ...(note ? { data: withoutNote, summary: item.summary.replace(noteOf({ note }), '') } : {}),
    };
  });
}
