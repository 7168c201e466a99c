import { licenceTermsAt, type ExistingSubscription } from '../subscription/index.js';
import type { LicenceDocument } from './index.js';

/**
 * Whether a licence file we signed still stands online (docs/licences.md): the file's licence must be the
 * subscription's, not revoked, and grant no more than what the subscription entitles to now — a later licence
 * replaces an earlier one that grants more (more units, or beyond its end: a refund, a downgrade), and a file issued
 * under an earlier rule for more than the coverage now gives (a grace licence at a raise nobody paid for) is replaced
 * as well. Offline a file runs to its date; online these rules decide. Pure: the subscription comes from its stream.
 */
export type LicenceStanding =
  | { valid: true; superseded?: true; currentSerial?: number }
  | { valid: false; reason: 'REVOKED' }
  | { valid: false; reason: 'SUPERSEDED'; currentSerial: number };

type Grant = Pick<LicenceDocument, 'quantity' | 'modules' | 'validUntil'>;

/** Does `file` grant nothing beyond `limit` (units, each module's limit, its end)? */
function within(file: Grant, limit: Grant): boolean {
  return file.validUntil <= limit.validUntil && file.quantity <= limit.quantity && file.modules.every((m) => m.limit <= (limit.modules.find((c) => c.name === m.name)?.limit ?? -1));
}

export function licenceStanding(sub: ExistingSubscription | null, file: LicenceDocument, now: string): LicenceStanding {
  const current = sub && !sub.removed ? sub.licence : undefined;
  if (!sub || !current || current.licenceKey !== file.licenceKey) return { valid: false, reason: 'REVOKED' };
  if (current.revoked && current.serial >= file.serial) return { valid: false, reason: 'REVOKED' };
  if (current.serial > file.serial && !within(file, current)) return { valid: false, reason: 'SUPERSEDED', currentSerial: current.serial };
  // What the subscription's coverage entitles to now: a file beyond it (issued when a rule allowed more) stands no more.
  const entitled = licenceTermsAt(sub, now);
  if (entitled && !within(file, entitled)) return { valid: false, reason: 'SUPERSEDED', currentSerial: current.serial };
  return current.serial > file.serial ? { valid: true, superseded: true, currentSerial: current.serial } : { valid: true };
}
