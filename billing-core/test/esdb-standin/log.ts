/**
 * The stand-in's storage: one in-memory transaction log with EventStoreDB's write rules (IndexWriter.CheckCommit):
 * revisions from 0, -1 meaning "no stream"; each event of a write is its own self-committed record, so its commit
 * and prepare positions are equal and strictly increase; a write's result carries the position of its last event.
 */

export interface ProposedEvent {
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
}

export interface RecordedEvent extends ProposedEvent {
  streamId: string;
  revision: bigint;
  /** Commit position = prepare position (self-committed record). */
  position: bigint;
  /** .NET ticks (100 ns) since the Unix epoch, as the server reports "created". */
  created: bigint;
}

export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

export type WriteResult =
  /** Written, or an idempotent repeat: the revision and position of the batch's last event. */
  | { ok: true; revision: bigint; position: bigint | null }
  /** Wrong expected version; `current` is -1n when the stream does not exist. */
  | { ok: false; current: bigint };

export interface EventLog {
  write(streamId: string, expected: ExpectedRevision, events: readonly ProposedEvent[]): WriteResult;
  /** Events of one stream, in revision order (the live array: do not modify). */
  stream(streamId: string): readonly RecordedEvent[] | undefined;
  /** Every event in position order (the live array: do not modify). */
  all(): readonly RecordedEvent[];
  /** Calls `listener` synchronously for every event written from now on; returns the unsubscribe function. */
  onWrite(listener: (event: RecordedEvent) => void): () => void;
}

/** Bytes a record takes in the log: enough to make positions look like (and behave like) file offsets. */
const RECORD_OVERHEAD = 120n;

export function createEventLog(): EventLog {
  const all: RecordedEvent[] = [];
  const streams = new Map<string, RecordedEvent[]>();
  const byId = new Map<string, RecordedEvent>();
  const listeners = new Set<(event: RecordedEvent) => void>();
  // A fresh node's log starts with its epoch and chunk header records; the first event is not at 0.
  let nextPosition = 4096n;

  const lastRevision = (streamId: string) => BigInt((streams.get(streamId)?.length ?? 0) - 1);

  /** The events of this batch are already in the stream from `firstRevision` on: answer as the first write did. */
  function repeatOf(streamId: string, firstRevision: bigint, events: readonly ProposedEvent[]): WriteResult | 'mismatch' | 'corrupted' {
    const stream = streams.get(streamId) ?? [];
    for (const [i, event] of events.entries()) {
      const stored = stream[Number(firstRevision) + i];
      if (!stored || stored.id !== event.id) return i === 0 ? 'mismatch' : 'corrupted';
    }
    const last = stream[Number(firstRevision) + events.length - 1];
    return { ok: true, revision: last?.revision ?? -1n, position: last?.position ?? null };
  }

  /** With no revision to compare, a batch whose ids were all written to this stream is a repeat. */
  function repeatById(streamId: string, events: readonly ProposedEvent[]): WriteResult | 'new' | 'corrupted' {
    let last: RecordedEvent | undefined;
    for (const [i, event] of events.entries()) {
      const stored = byId.get(event.id);
      if (!stored || stored.streamId !== streamId) return i === 0 ? 'new' : 'corrupted';
      last = stored;
    }
    return last ? { ok: true, revision: last.revision, position: last.position } : 'new';
  }

  function append(streamId: string, events: readonly ProposedEvent[]): WriteResult {
    const stream = streams.get(streamId) ?? [];
    streams.set(streamId, stream);
    const created = BigInt(Date.now()) * 10_000n;
    const written = events.map((event): RecordedEvent => {
      const recorded = { ...event, streamId, revision: BigInt(stream.length), position: nextPosition, created };
      nextPosition += RECORD_OVERHEAD + BigInt(event.type.length + event.data.length + event.customMetadata.length);
      stream.push(recorded);
      all.push(recorded);
      byId.set(recorded.id, recorded);
      return recorded;
    });
    for (const event of written) for (const listener of listeners) listener(event);
    const last = stream[stream.length - 1];
    return { ok: true, revision: last?.revision ?? -1n, position: last?.position ?? null };
  }

  return {
    write(streamId, expected, events) {
      const current = lastRevision(streamId);
      const wrong: WriteResult = { ok: false, current };
      if (expected === 'stream_exists' && current < 0n) return wrong;
      if (expected === 'any' || expected === 'stream_exists') {
        const repeat = repeatById(streamId, events);
        if (repeat === 'corrupted') return wrong;
        return repeat === 'new' ? append(streamId, events) : repeat;
      }
      const expectedRevision = expected === 'no_stream' ? -1n : expected;
      if (expectedRevision > current) return wrong;
      if (expectedRevision < current) {
        if (events.length === 0) return wrong;
        const repeat = repeatOf(streamId, expectedRevision + 1n, events);
        return typeof repeat === 'string' ? wrong : repeat;
      }
      return append(streamId, events);
    },
    stream: (streamId) => streams.get(streamId),
    all: () => all,
    onWrite(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
