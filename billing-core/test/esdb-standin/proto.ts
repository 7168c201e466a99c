import { createRequire } from 'node:module';

/**
 * The client's own generated gRPC code (protoc + grpc-tools, CommonJS). Loaded with `require` because its message
 * modules export through `goog.object.extend`, which Node's ESM named-export detection cannot see; the second
 * `require` is anchored in the client's folder so `google-protobuf` is the very copy its generated code uses.
 */
const require = createRequire(import.meta.url);
const generated = (name: string) => require.resolve(`@eventstore/db-client/generated/${name}`);
const requireFromClient = createRequire(generated('streams_pb.js'));

export const streamsGrpc: typeof import('@eventstore/db-client/generated/streams_grpc_pb.js') = require(generated('streams_grpc_pb.js'));
export const featuresGrpc: typeof import('@eventstore/db-client/generated/serverfeatures_grpc_pb.js') = require(generated('serverfeatures_grpc_pb.js'));
export const streamsPb: typeof import('@eventstore/db-client/generated/streams_pb.js') = require(generated('streams_pb.js'));
export const sharedPb: typeof import('@eventstore/db-client/generated/shared_pb.js') = require(generated('shared_pb.js'));
export const statusPb: typeof import('@eventstore/db-client/generated/status_pb.js') = require(generated('status_pb.js'));
export const codePb: typeof import('@eventstore/db-client/generated/code_pb.js') = require(generated('code_pb.js'));
export const featuresPb: typeof import('@eventstore/db-client/generated/serverfeatures_pb.js') = require(generated('serverfeatures_pb.js'));
export const emptyPb: typeof import('google-protobuf/google/protobuf/empty_pb.js') = requireFromClient('google-protobuf/google/protobuf/empty_pb.js');
export const anyPb: typeof import('google-protobuf/google/protobuf/any_pb.js') = requireFromClient('google-protobuf/google/protobuf/any_pb.js');

type UUID = InstanceType<typeof sharedPb.UUID>;
type StreamIdentifier = InstanceType<typeof sharedPb.StreamIdentifier>;

/** An event id from either wire form (the client sends strings; structured is two signed 64-bit halves). */
export function uuidToString(uuid: UUID | undefined): string {
  if (!uuid) throw new Error('event id missing');
  const structured = uuid.getStructured();
  if (!structured) return uuid.getString().toLowerCase();
  const most = BigInt.asUintN(64, BigInt(structured.getMostSignificantBits()));
  const least = BigInt.asUintN(64, BigInt(structured.getLeastSignificantBits()));
  const hex = ((most << 64n) | least).toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function uuidMessage(id: string, structured: boolean): UUID {
  const uuid = new sharedPb.UUID();
  if (!structured) return uuid.setString(id);
  const value = BigInt(`0x${id.replaceAll('-', '')}`);
  const halves = new sharedPb.UUID.Structured()
    .setMostSignificantBits(BigInt.asIntN(64, value >> 64n).toString())
    .setLeastSignificantBits(BigInt.asIntN(64, value & 0xffffffffffffffffn).toString());
  return uuid.setStructured(halves);
}

export function streamName(identifier: StreamIdentifier | undefined): string {
  if (!identifier) throw new Error('stream identifier missing');
  return Buffer.from(identifier.getStreamName_asU8()).toString('utf8');
}

export function streamIdentifier(name: string): StreamIdentifier {
  return new sharedPb.StreamIdentifier().setStreamName(Buffer.from(name, 'utf8'));
}
