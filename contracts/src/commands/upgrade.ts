import { Type, type Static } from '@sinclair/typebox';
import type { Command } from './metadata.js';

/** An upgrade step of stored data finished (billing-core/src/upgrade): recorded once. */
export const CompleteUpgradeStepData = Type.Object({
  step: Type.String({ minLength: 1, maxLength: 100 }),
  counts: Type.Record(Type.String({ maxLength: 50 }), Type.Integer({ minimum: 0 })),
});
export const UpgradeCommandSchemas = { CompleteUpgradeStep: CompleteUpgradeStepData } as const;
export type UpgradeCommand = Command<'CompleteUpgradeStep', Static<typeof CompleteUpgradeStepData>>;
