export type { SubscriptionCommand } from '@relaycast/contracts';
export { SubscriptionCommandSchemas } from '@relaycast/contracts';
