import type { EventEnvelope, SubscriptionEvent } from '@relaycast/contracts';
import { cashOf, postingsOf, type Posting } from '../src/books/postings.js';
import { subscriptionDecider } from '../src/subscription/index.js';

/** The books' entries of a subscription's history, each with the event that made it (those that move no money post nothing). */
export function entriesOf(history: readonly (SubscriptionEvent | EventEnvelope)[]): { type: string; postings: Posting[] }[] {
  let state = subscriptionDecider.initialState();
  const out: { type: string; postings: Posting[] }[] = [];
  for (const event of history) {
    const before = state.status === 'NONE' ? undefined : state;
    state = subscriptionDecider.evolve(state, event as SubscriptionEvent);
    if (state.status === 'NONE') continue;
    const postings = postingsOf(before, state, cashOf(event));
    if (postings.length) out.push({ type: event.type, postings });
  }
  return out;
}

/** A posting line written out: a debit of `amount` cents to `account`. */
export const dr = (account: string, debit: number): Posting => ({ account, debit, credit: 0 });
/** A posting line written out: a credit of `amount` cents to `account`. */
export const cr = (account: string, credit: number): Posting => ({ account, debit: 0, credit });
