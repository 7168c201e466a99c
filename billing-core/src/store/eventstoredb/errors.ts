import { CancelledError, WrongExpectedVersionError } from '@eventstore/db-client';
import { ConcurrencyError, UnavailableError } from '@relaycast/contracts';
import type { ExpectedVersion } from '../port.js';
import { toVersion } from './mapping.js';

/** gRPC status codes the client passes through (as `code`) when the server cannot be reached or does not answer. */
const UNAVAILABLE = 14;
const DEADLINE_EXCEEDED = 4;

const codeOf = (error: unknown): unknown => (typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined);

/** "esdb://user:secret@host:2113?tls=false" → "host:2113": what an error message may name. */
export function serverName(connectionString: string): string {
  return connectionString.replace(/^[a-z+]+:\/\//i, '').replace(/^[^@/]*@/, '').replace(/[/?].*$/, '');
}

/**
 * The store's errors from the client's: a version conflict is a ConcurrencyError with our version numbers; a
 * server that cannot be reached, did not answer in time or cut the call (the client reports a server-side cancel
 * as CancelledError, and reconnects on it) is an UnavailableError (503). Anything else passes unchanged.
 */
export function toStoreError(error: unknown, server: string, append?: { streamId: string; expectedVersion: ExpectedVersion }): unknown {
  if (append && error instanceof WrongExpectedVersionError) {
    return new ConcurrencyError(append.streamId, append.expectedVersion, toVersion(error.actualVersion));
  }
  const code = codeOf(error);
  const reason = error instanceof Error ? error.message : String(error);
  if (code === UNAVAILABLE) return new UnavailableError(`EventStoreDB at ${server} is unavailable (${reason})`);
  if (code === DEADLINE_EXCEEDED) return new UnavailableError(`EventStoreDB at ${server} did not answer in time (${reason})`);
  if (error instanceof CancelledError) return new UnavailableError(`EventStoreDB at ${server} cut the call (${reason})`);
  return error;
}
