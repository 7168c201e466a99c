/** Where a replay stops: the head of the store, a global position (inclusive), or a time (inclusive). */
export type ReplayCut = { kind: 'head' } | { kind: 'position'; position: bigint } | { kind: 'time'; to: string };

export class CutError extends Error {}

/**
 * `--to` / `{ to }`: a position ("48213"), a day ("2026-11-30": up to the end of that day, UTC) or an ISO date-time
 * ("2026-11-30T12:00:00Z", inclusive). Nothing: everything up to the head.
 */
export function parseCut(value: string | undefined | null): ReplayCut {
  if (value === undefined || value === null || value === '') return { kind: 'head' };
  const text = value.trim();
  if (/^\d+$/.test(text)) return { kind: 'position', position: BigInt(text) };
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const day = Date.parse(`${text}T00:00:00.000Z`);
    if (Number.isNaN(day) || new Date(day).toISOString().slice(0, 10) !== text) throw new CutError(`"${text}" is not a calendar date`);
    return { kind: 'time', to: new Date(day + 86_400_000 - 1).toISOString() };
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const at = Date.parse(text);
    if (!Number.isNaN(at)) return { kind: 'time', to: new Date(at).toISOString() };
  }
  throw new CutError(`--to must be a position (digits), a date (YYYY-MM-DD) or an ISO date-time; got "${text}"`);
}
