import type { Posting } from '@relaycast/billing-core';

/** An entry of the ledger: the postings of one event, or a day's revenue recognised for one plan (or subscription). */
export interface LedgerEntry {
  id: string;
  day: string;
  /** When the event happened (recognition: the end of its day). */
  at: string;
  kind: 'event' | 'recognition';
  /** The event that made it (its type, id and global position), for event entries. */
  eventType?: string;
  eventId?: string;
  position?: string;
  subscriptionId?: string;
  plan: string;
  currency: string;
  postings: Posting[];
}

/** An event entry as stored. */
export type StoredEntry = LedgerEntry & { kind: 'event' };

export const pad = (n: number | bigint, width: number) => String(n).padStart(width, '0');

/** Event entries sort by time, then by their place in the log: the id says both. */
export const entryId = (at: string, position: bigint) => `${pad(Date.parse(at), 15)}-${pad(position, 20)}`;

/** The day keys an entry adds to its day's figures: debits and credits by account and currency. */
export function postingKeys(postings: readonly Posting[], currency: string): [string, number][] {
  const out: [string, number][] = [];
  for (const p of postings) {
    if (p.debit) out.push([`dr|${p.account}|${currency}`, p.debit]);
    if (p.credit) out.push([`cr|${p.account}|${currency}`, p.credit]);
  }
  return out;
}
