import { Type, type Static } from '@sinclair/typebox';
import { IsoDateTime } from '../schemas/common.js';

/**
 * Upgrades of a running installation's stored data, run at start-up (billing-core/src/upgrade): each step records
 * that it ran in its own stream (`upgrade-<step>`), so later starts skip it, and two processes starting at once
 * record it once.
 */
export const UpgradeStepCompleted = Type.Object({
  step: Type.String({ minLength: 1, maxLength: 100 }),
  completedAt: IsoDateTime,
  /** What it did, in counts by kind (e.g. trials seen, claims added, addresses already claimed by another trial). */
  counts: Type.Record(Type.String({ maxLength: 50 }), Type.Integer({ minimum: 0 })),
});
export type UpgradeStepCompleted = Static<typeof UpgradeStepCompleted>;

export const UpgradeEventSchemas = { UpgradeStepCompleted } as const;
export type UpgradeEvent = { type: 'UpgradeStepCompleted'; data: UpgradeStepCompleted };
