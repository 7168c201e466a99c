export type { UserCommand } from '@relaycast/contracts';
export { UserCommandSchemas } from '@relaycast/contracts';
