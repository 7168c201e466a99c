import type { Static } from '@sinclair/typebox';
import { MessageCommandSchemas } from '../events/message.js';
import type { Command } from './metadata.js';

export { MessageCommandSchemas };
export type MessageCommand =
  | Command<'RecordMessageSent', Static<typeof MessageCommandSchemas.RecordMessageSent>>
  | Command<'RecordMessageNotSent', Static<typeof MessageCommandSchemas.RecordMessageNotSent>>
  | Command<'RequestMessageResend', Static<typeof MessageCommandSchemas.RequestMessageResend>>;
