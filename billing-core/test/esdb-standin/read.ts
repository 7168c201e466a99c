import { randomUUID } from 'node:crypto';
import { status, type ServerWritableStream } from '@grpc/grpc-js';
import type { ReadReq, ReadResp } from '@eventstore/db-client/generated/streams_pb.js';
import type { EventLog, RecordedEvent } from './log.js';
import { streamIdentifier, streamName, streamsPb, uuidMessage } from './proto.js';

const { Options } = streamsPb.ReadReq;

type ReadCall = ServerWritableStream<ReadReq, ReadResp>;
type ReadOptions = NonNullable<ReturnType<ReadReq['getOptions']>>;

function toReadResp(event: RecordedEvent, structuredIds: boolean): ReadResp {
  const recorded = new streamsPb.ReadResp.ReadEvent.RecordedEvent()
    .setId(uuidMessage(event.id, structuredIds))
    .setStreamIdentifier(streamIdentifier(event.streamId))
    .setStreamRevision(event.revision.toString())
    .setCommitPosition(event.position.toString())
    .setPreparePosition(event.position.toString())
    .setCustomMetadata(event.customMetadata)
    .setData(event.data);
  recorded.getMetadataMap().set('type', event.type).set('content-type', event.contentType).set('created', event.created.toString());
  const read = new streamsPb.ReadResp.ReadEvent().setEvent(recorded).setCommitPosition(event.position.toString());
  return new streamsPb.ReadResp().setEvent(read);
}

/** The server-side filter of a $all read or subscription: on event type or stream name, by prefixes or a regex. */
function filterOf(options: ReadOptions): (event: RecordedEvent) => boolean {
  const filter = options.getFilter();
  if (!filter) return () => true;
  const onType = filter.hasEventType();
  const expression = onType ? filter.getEventType() : filter.getStreamIdentifier();
  const prefixes = expression?.getPrefixList() ?? [];
  const regex = expression?.getRegex() ? new RegExp(expression.getRegex()) : null;
  return (event) => {
    const value = onType ? event.type : event.streamId;
    if (prefixes.length) return prefixes.some((prefix) => value.startsWith(prefix));
    return regex ? regex.test(value) : true;
  };
}

/** A stream read: forwards from a revision (inclusive) or backwards from one (inclusive), at most `count`. */
function readStream(log: EventLog, options: ReadOptions, call: ReadCall, structuredIds: boolean): void {
  const streamOptions = options.getStream();
  const name = streamName(streamOptions?.getStreamIdentifier());
  const events = log.stream(name);
  if (!events) {
    const notFound = new streamsPb.ReadResp.StreamNotFound().setStreamIdentifier(streamIdentifier(name));
    call.write(new streamsPb.ReadResp().setStreamNotFound(notFound));
    return;
  }
  const forwards = options.getReadDirection() === Options.ReadDirection.FORWARDS;
  const last = BigInt(events.length - 1);
  const from = streamOptions?.hasRevision() ? BigInt(streamOptions.getRevision()) : streamOptions?.hasEnd() ? (forwards ? last + 1n : last) : 0n;
  const selected = forwards ? events.filter((e) => e.revision >= from) : events.filter((e) => e.revision <= from).reverse();
  for (const event of selected.slice(0, Number(options.getCount()))) call.write(toReadResp(event, structuredIds));
}

/**
 * Where a $all read starts. Forwards from a position includes the event recorded at it (the server compares
 * (commit, prepare) pairs, and a self-committed event sits at (p, p)); backwards from a position excludes it.
 */
function readAll(log: EventLog, options: ReadOptions, call: ReadCall, structuredIds: boolean): void {
  const all = options.getAll();
  const forwards = options.getReadDirection() === Options.ReadDirection.FORWARDS;
  const position = all?.getPosition();
  const at = position && { commit: BigInt(position.getCommitPosition()), prepare: BigInt(position.getPreparePosition()) };
  const matches = filterOf(options);
  let selected: RecordedEvent[];
  if (forwards) {
    const from = (e: RecordedEvent) => !at || e.position > at.commit || (e.position === at.commit && e.position >= at.prepare);
    selected = all?.hasEnd() ? [] : log.all().filter(from);
  } else {
    selected = all?.hasStart() ? [] : log.all().filter((e) => !at || e.position < at.commit).reverse();
  }
  for (const event of selected.filter(matches).slice(0, Number(options.getCount()))) call.write(toReadResp(event, structuredIds));
}

/**
 * A catch-up subscription to $all: confirmation, then every matching event strictly after the start position,
 * then "caught up" (and a checkpoint when filtered), then live events as they are written. The history is written
 * and the live listener registered in one synchronous step, so no write can fall between them.
 */
function subscribeToAll(log: EventLog, options: ReadOptions, call: ReadCall, structuredIds: boolean): () => void {
  const all = options.getAll();
  const position = all?.getPosition();
  const commit = position ? BigInt(position.getCommitPosition()) : -1n;
  const prepare = position ? BigInt(position.getPreparePosition()) : -1n;
  const history = log.all();
  const startAfter = all?.hasEnd() ? { commit: history.at(-1)?.position ?? -1n, prepare: history.at(-1)?.position ?? -1n } : { commit, prepare };
  const isAfterStart = (e: RecordedEvent) => e.position > startAfter.commit || (e.position === startAfter.commit && e.position > startAfter.prepare);
  const matches = filterOf(options);

  call.write(new streamsPb.ReadResp().setConfirmation(new streamsPb.ReadResp.SubscriptionConfirmation().setSubscriptionId(randomUUID())));
  for (const event of history) if (isAfterStart(event) && matches(event)) call.write(toReadResp(event, structuredIds));
  call.write(new streamsPb.ReadResp().setCaughtUp(new streamsPb.ReadResp.CaughtUp()));
  const head = history.at(-1)?.position;
  if (options.hasFilter() && head !== undefined) {
    const checkpoint = new streamsPb.ReadResp.Checkpoint().setCommitPosition(head.toString()).setPreparePosition(head.toString());
    call.write(new streamsPb.ReadResp().setCheckpoint(checkpoint));
  }
  return log.onWrite((event) => {
    if (matches(event)) call.write(toReadResp(event, structuredIds));
  });
}

/** Streams.Read: stream and $all reads in both directions, and catch-up subscriptions to $all. */
export function handleRead(log: EventLog, call: ReadCall): void {
  const options = call.request.getOptions();
  if (!options) {
    call.emit('error', { code: status.INVALID_ARGUMENT, details: 'Read options are required' });
    return;
  }
  const structuredIds = options.getUuidOption()?.hasStructured() ?? false;
  if (!options.hasSubscription()) {
    if (options.hasStream()) readStream(log, options, call, structuredIds);
    else readAll(log, options, call, structuredIds);
    call.end();
    return;
  }
  if (!options.hasAll()) {
    call.emit('error', { code: status.UNIMPLEMENTED, details: 'The stand-in implements subscriptions to $all only' });
    return;
  }
  const unsubscribe = subscribeToAll(log, options, call, structuredIds);
  call.on('cancelled', unsubscribe);
  call.on('close', unsubscribe);
  call.on('error', unsubscribe);
}
