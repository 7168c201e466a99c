import { status, type sendUnaryData, type ServerDuplexStream, type ServerReadableStream } from '@grpc/grpc-js';
import type { AppendReq, AppendResp, BatchAppendReq, BatchAppendResp } from '@eventstore/db-client/generated/streams_pb.js';
import type { EventLog, ExpectedRevision, ProposedEvent, WriteResult } from './log.js';
import { anyPb, codePb, emptyPb, sharedPb, statusPb, streamIdentifier, streamName, streamsPb, uuidToString } from './proto.js';

type Proposed = AppendReq.ProposedMessage | BatchAppendReq.ProposedMessage;

/** The server refuses a proposed event without the two metadata entries every client sends. */
function toProposed(message: Proposed): ProposedEvent {
  const metadata = message.getMetadataMap();
  const type = metadata.get('type');
  const contentType = metadata.get('content-type');
  if (type === undefined || contentType === undefined) throw new Error('Required metadata property missing: type and content-type');
  return { id: uuidToString(message.getId()), type, contentType, data: message.getData_asU8(), customMetadata: message.getCustomMetadata_asU8() };
}

function appendExpected(options: AppendReq.Options): ExpectedRevision {
  if (options.hasRevision()) return BigInt(options.getRevision());
  if (options.hasNoStream()) return 'no_stream';
  if (options.hasStreamExists()) return 'stream_exists';
  return 'any';
}

function batchExpected(options: BatchAppendReq.Options): ExpectedRevision {
  if (options.hasStreamPosition()) return BigInt(options.getStreamPosition());
  if (options.hasNoStream()) return 'no_stream';
  if (options.hasStreamExists()) return 'stream_exists';
  return 'any';
}

function appendResp(result: WriteResult, expected: ExpectedRevision): AppendResp {
  if (!result.ok) {
    const wrong = new streamsPb.AppendResp.WrongExpectedVersion();
    if (result.current < 0n) wrong.setCurrentNoStream(new sharedPb.Empty());
    else wrong.setCurrentRevision(result.current.toString());
    if (typeof expected === 'bigint') wrong.setExpectedRevision(expected.toString());
    else if (expected === 'no_stream') wrong.setExpectedNoStream(new sharedPb.Empty());
    else if (expected === 'stream_exists') wrong.setExpectedStreamExists(new sharedPb.Empty());
    else wrong.setExpectedAny(new sharedPb.Empty());
    return new streamsPb.AppendResp().setWrongExpectedVersion(wrong);
  }
  const success = new streamsPb.AppendResp.Success();
  if (result.revision < 0n) success.setNoStream(new sharedPb.Empty());
  else success.setCurrentRevision(result.revision.toString());
  if (result.position === null) success.setNoPosition(new sharedPb.Empty());
  else success.setPosition(new streamsPb.AppendResp.Position().setCommitPosition(result.position.toString()).setPreparePosition(result.position.toString()));
  return new streamsPb.AppendResp().setSuccess(success);
}

/** Streams.Append (client streaming): one options message, then the proposed events; one answer at the end. */
export function handleAppend(log: EventLog, call: ServerReadableStream<AppendReq, AppendResp>, callback: sendUnaryData<AppendResp>): void {
  let options: AppendReq.Options | undefined;
  const events: ProposedEvent[] = [];
  let failed: Error | null = null;
  call.on('data', (request: AppendReq) => {
    try {
      const proposed = request.getProposedMessage();
      if (request.hasOptions()) options = request.getOptions();
      else if (proposed && options) events.push(toProposed(proposed));
      else throw new Error('An append starts with its options');
    } catch (error) {
      failed ??= error instanceof Error ? error : new Error(String(error));
    }
  });
  call.on('end', () => {
    if (failed || !options) {
      callback({ code: status.INVALID_ARGUMENT, details: failed?.message ?? 'Append options missing' });
      return;
    }
    const expected = appendExpected(options);
    callback(null, appendResp(log.write(streamName(options.getStreamIdentifier()), expected, events), expected));
  });
}

function errorStatus(code: number, message: string, details: { serializeBinary(): Uint8Array }, typeName: string) {
  const any = new anyPb.Any();
  any.pack(details.serializeBinary(), typeName);
  return new statusPb.Status().setCode(code).setMessage(message).setDetails(any);
}

function batchResp(result: WriteResult, expected: ExpectedRevision): BatchAppendResp {
  const response = new streamsPb.BatchAppendResp();
  if (!result.ok) {
    const wrong = new sharedPb.WrongExpectedVersion();
    if (result.current < 0n) wrong.setCurrentNoStream(new emptyPb.Empty());
    else wrong.setCurrentStreamRevision(result.current.toString());
    if (typeof expected === 'bigint') wrong.setExpectedStreamPosition(expected.toString());
    else if (expected === 'no_stream') wrong.setExpectedNoStream(new emptyPb.Empty());
    else if (expected === 'stream_exists') wrong.setExpectedStreamExists(new emptyPb.Empty());
    else wrong.setExpectedAny(new emptyPb.Empty());
    return response.setError(errorStatus(codePb.Code.ALREADY_EXISTS, 'WrongExpectedVersion', wrong, 'event_store.client.WrongExpectedVersion'));
  }
  const success = new streamsPb.BatchAppendResp.Success();
  if (result.revision < 0n) success.setNoStream(new emptyPb.Empty());
  else success.setCurrentRevision(result.revision.toString());
  if (result.position === null) success.setNoPosition(new emptyPb.Empty());
  else success.setPosition(new sharedPb.AllStreamPosition().setCommitPosition(result.position.toString()).setPreparePosition(result.position.toString()));
  return response.setSuccess(success);
}

interface PendingBatch {
  streamId: string;
  expected: ExpectedRevision;
  events: ProposedEvent[];
}

/**
 * Streams.BatchAppend (bidirectional, one long-lived call per client): requests carry a correlation id, the first
 * one the options, the last one `is_final`; each finished batch gets one answer with the same correlation id.
 */
export function handleBatchAppend(log: EventLog, call: ServerDuplexStream<BatchAppendReq, BatchAppendResp>): void {
  const pending = new Map<string, PendingBatch>();
  call.on('data', (request: BatchAppendReq) => {
    const correlationId = request.getCorrelationId();
    const key = uuidToString(correlationId);
    const options = request.getOptions();
    let streamId = options ? streamName(options.getStreamIdentifier()) : (pending.get(key)?.streamId ?? '');
    try {
      if (options) pending.set(key, { streamId, expected: batchExpected(options), events: [] });
      const batch = pending.get(key);
      if (!batch) return;
      streamId = batch.streamId;
      batch.events.push(...request.getProposedMessagesList().map(toProposed));
      if (!request.getIsFinal()) return;
      pending.delete(key);
      const response = batchResp(log.write(batch.streamId, batch.expected, batch.events), batch.expected);
      call.write(response.setCorrelationId(correlationId).setStreamIdentifier(streamIdentifier(batch.streamId)));
    } catch (error) {
      pending.delete(key);
      const badRequest = new sharedPb.BadRequest().setMessage(error instanceof Error ? error.message : String(error));
      const response = new streamsPb.BatchAppendResp()
        .setError(errorStatus(codePb.Code.INVALID_ARGUMENT, 'BadRequest', badRequest, 'event_store.client.BadRequest'))
        .setCorrelationId(correlationId)
        .setStreamIdentifier(streamIdentifier(streamId));
      call.write(response);
    }
  });
  call.on('end', () => call.end());
}
