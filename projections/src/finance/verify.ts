import type { EventStore } from '@relaycast/billing-core';
import type { ReadModelStore } from '../readmodel/port.js';
import { createMemoryReadModelStore } from '../readmodel/memory.js';
import type { Projection } from '../projection.js';
import { replayProjectionTo } from '../rebuild.js';

/** One line that differs between a live read model and its rebuild: a document or an index entry. */
export interface DumpDifference {
  kind: 'missing' | 'extra' | 'changed';
  /** `doc <collection> <id>` or `idx <index> <id>` */
  key: string;
  live: string | null;
  rebuilt: string | null;
}

export interface ProjectionVerification {
  projection: string;
  checkpoint: string;
  /** Lines (documents and index entries) in the live dump. */
  lines: number;
  differences: number;
  /** The first differences (up to the limit asked for), for people to read. */
  sample: DumpDifference[];
  /** The live read model moved on during every attempt to compare it at one checkpoint. */
  unstable: boolean;
}

export interface VerifyResult {
  ok: boolean;
  projections: ProjectionVerification[];
}

function keyed(dump: string): { checkpoint: string; lines: Map<string, string> } {
  const [first = '', ...rest] = dump.split('\n');
  const lines = new Map<string, string>();
  for (const line of rest) {
    const a = line.indexOf('\t');
    const b = line.indexOf('\t', a + 1);
    const c = line.indexOf('\t', b + 1);
    lines.set(line.slice(0, c).replace(/\t/g, ' '), line.slice(c + 1));
  }
  return { checkpoint: first.slice('checkpoint\t'.length), lines };
}

/** Differences between two canonical dumps, keyed by document or index entry. */
export function compareDumps(live: string, rebuilt: string): DumpDifference[] {
  const a = keyed(live);
  const b = keyed(rebuilt);
  const out: DumpDifference[] = [];
  if (a.checkpoint !== b.checkpoint) out.push({ kind: 'changed', key: 'checkpoint', live: a.checkpoint, rebuilt: b.checkpoint });
  for (const [key, value] of a.lines) {
    const other = b.lines.get(key);
    if (other === undefined) out.push({ kind: 'extra', key, live: value, rebuilt: null });
    else if (other !== value) out.push({ kind: 'changed', key, live: value, rebuilt: other });
  }
  for (const [key, value] of b.lines) if (!a.lines.has(key)) out.push({ kind: 'missing', key, live: null, rebuilt: value });
  return out.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
}

/**
 * Rebuilds every projection into a scratch namespace (a fresh in-memory read-model store unless one is given) up to
 * the live read model's own checkpoint, and compares the two canonical dumps. A live read model that is being
 * written meanwhile is caught up with: the rebuild continues to the new checkpoint and the comparison is repeated.
 */
export async function verifyReadModels(options: {
  events: Pick<EventStore, 'readAll'>;
  live: ReadModelStore;
  projections: readonly Projection[];
  scratch?: ReadModelStore;
  attempts?: number;
  sampleSize?: number;
}): Promise<VerifyResult> {
  const scratch = options.scratch ?? createMemoryReadModelStore();
  const attempts = options.attempts ?? 10;
  const sampleSize = options.sampleSize ?? 50;
  const results: ProjectionVerification[] = [];
  for (const projection of options.projections) {
    await scratch.drop(projection.name);
    let built = 0n;
    let result: ProjectionVerification | null = null;
    for (let attempt = 1; attempt <= attempts && !result; attempt++) {
      const checkpoint = await options.live.checkpoint(projection.name);
      if (checkpoint < built) {
        // The live model went back (dropped for a rebuild): start the scratch copy again too.
        await scratch.drop(projection.name);
        built = 0n;
      }
      await replayProjectionTo(options.events, scratch, projection, built, checkpoint);
      built = checkpoint;
      const liveDump = await options.live.dump(projection.name);
      const stable = (await options.live.checkpoint(projection.name)) === checkpoint;
      if (!stable && attempt < attempts) continue;
      const differences = compareDumps(liveDump, await scratch.dump(projection.name));
      result = {
        projection: projection.name,
        checkpoint: checkpoint.toString(),
        lines: liveDump.split('\n').length - 1,
        differences: differences.length,
        sample: differences.slice(0, sampleSize),
        unstable: !stable,
      };
    }
    await scratch.drop(projection.name);
    results.push(result!);
  }
  return { ok: results.every((r) => r.differences === 0 && !r.unstable), projections: results };
}

const clip = (text: string | null, max = 240) => (text === null ? '(none)' : text.length > max ? `${text.slice(0, max)}…` : text);

/** The verification as text: one line per projection, then each difference. */
export function formatVerification(result: VerifyResult): string {
  const out: string[] = [];
  for (const p of result.projections) {
    const state = p.unstable ? 'UNSTABLE (kept moving)' : p.differences === 0 ? 'ok' : `${p.differences} difference(s)`;
    out.push(`${p.projection} @ ${p.checkpoint}: ${p.lines} lines, ${state}`);
    for (const d of p.sample) {
      out.push(`  ${d.kind} ${d.key}`);
      if (d.live !== null) out.push(`    live:    ${clip(d.live)}`);
      if (d.rebuilt !== null) out.push(`    rebuilt: ${clip(d.rebuilt)}`);
    }
    if (p.differences > p.sample.length) out.push(`  … and ${p.differences - p.sample.length} more`);
  }
  out.push(result.ok ? 'verify: every read model equals its rebuild' : 'verify: DIFFERENCES FOUND');
  return out.join('\n');
}
