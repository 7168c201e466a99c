import type { TSchema } from '@sinclair/typebox';
import { ClaimEventSchemas, SubscriptionEventSchemas, type ClaimEvent, type SubscriptionEvent } from './subscription.js';
import { EmailEventSchemas, UserEventSchemas, type EmailEvent, type UserEvent } from './user.js';
import { EntryEventSchemas, FileEventSchemas, type EntryEvent, type FileEvent } from './content.js';
import { PolicyEventSchemas, type PolicyEvent } from './policy.js';
import { InvoiceEventSchemas, type InvoiceEvent } from './invoice.js';
import { MessageEventSchemas, type MessageEvent } from './message.js';
import { UpgradeEventSchemas, type UpgradeEvent } from './upgrade.js';
import type { EventEnvelope } from './envelope.js';

export * from './envelope.js';
export * from './subscription.js';
export * from './user.js';
export * from './content.js';
export * from './policy.js';
export * from './invoice.js';
export * from './message.js';
export * from './upgrade.js';

/** Every event type the product writes, with the schema its data must satisfy. */
export const EVENT_DATA_SCHEMAS = {
  ...SubscriptionEventSchemas,
  ...ClaimEventSchemas,
  ...UserEventSchemas,
  ...EmailEventSchemas,
  ...EntryEventSchemas,
  ...FileEventSchemas,
  ...PolicyEventSchemas,
  ...InvoiceEventSchemas,
  ...MessageEventSchemas,
  ...UpgradeEventSchemas,
} as const satisfies Record<string, TSchema>;

export type AnyDomainEvent = SubscriptionEvent | ClaimEvent | UserEvent | EmailEvent | EntryEvent | FileEvent | PolicyEvent | InvoiceEvent | MessageEvent | UpgradeEvent;
export type EventType = AnyDomainEvent['type'];
export const EVENT_TYPES = Object.keys(EVENT_DATA_SCHEMAS) as EventType[];

/** A stored event whose type and data agree: narrow with `event.type === 'OrderCaptured'`. */
export type AnyEvent = { [K in AnyDomainEvent as K['type']]: EventEnvelope<K['type'], K['data']> }[EventType];

export function isKnownEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_DATA_SCHEMAS, type);
}
