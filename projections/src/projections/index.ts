import type { Projection } from '../projection.js';
import { usersProjection } from './users.js';
import { subscriptionsProjection } from './subscriptions.js';
import { historyProjection } from './history.js';
import { entriesProjection, filesProjection } from './content.js';
import { invoicesProjection } from './invoices.js';
import { messagesProjection } from './messages.js';
import { financeProjection } from '../finance/metrics/projection.js';

export * from './users.js';
export * from './subscriptions.js';
export * from './history.js';
export * from './content.js';
export * from './invoices.js';
export * from './messages.js';

/** Every read model the product serves, each fed by its own checkpointed subscription. */
export const ALL_PROJECTIONS: readonly Projection[] = [usersProjection, subscriptionsProjection, historyProjection, entriesProjection, filesProjection, invoicesProjection, financeProjection, messagesProjection];

export function projectionsNamed(names: readonly string[]): Projection[] {
  if (names.length === 0) return [...ALL_PROJECTIONS];
  return names.map((name) => {
    const found = ALL_PROJECTIONS.find((p) => p.name === name);
    if (!found) throw new Error(`unknown projection "${name}"; known: ${ALL_PROJECTIONS.map((p) => p.name).join(', ')}`);
    return found;
  });
}
