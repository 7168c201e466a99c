import { isDeepStrictEqual } from 'node:util';
import {
  ConflictError,
  EntryCommandSchemas,
  NotFoundError,
  ValidationError,
  streamIds,
  type EntryCommand,
  type EntryEvent,
  type EntryCreated,
} from '@relaycast/contracts';
import { requireAdmin, unreachable, type Decider } from '../decider.js';

/** A content entry: a form template, or a material filled in from one (seed §3). */
export type EntryState =
  | { status: 'NONE' }
  | ({ status: 'ACTIVE' | 'REMOVED' } & Omit<EntryCreated, 'entryId'> & { id: string });

function evolve(state: EntryState, event: EntryEvent): EntryState {
  switch (event.type) {
    case 'EntryCreated': {
      const { entryId, ...rest } = event.data;
      return { status: 'ACTIVE', id: entryId, ...rest };
    }
    case 'EntryUpdated':
      return state.status === 'NONE' ? state : { ...state, ...event.data };
    case 'EntryRemoved':
      return state.status === 'NONE' ? state : { ...state, status: 'REMOVED' };
  }
}

function decide(command: EntryCommand, state: EntryState): EntryEvent[] {
  requireAdmin(command.metadata, 'manage templates and materials');
  switch (command.type) {
    case 'CreateEntry':
      if (state.status !== 'NONE') throw new ConflictError(`Entry ${command.data.entryId} already exists`);
      return [{ type: 'EntryCreated', data: command.data }];
    case 'UpdateEntry': {
      if (state.status !== 'ACTIVE') throw new NotFoundError('Entry not found');
      const { entry_type, ...body } = command.data;
      if (entry_type !== state.entry_type) throw ValidationError.field('entry_type', `must stay ${state.entry_type}`);
      const current = { template: state.template, category: state.category, url: state.url, template_id: state.template_id, locale: state.locale };
      const next = { ...current, ...body };
      return isDeepStrictEqual(current, next) ? [] : [{ type: 'EntryUpdated', data: body }];
    }
    case 'RemoveEntry':
      if (state.status !== 'ACTIVE') throw new NotFoundError('Entry not found');
      return [{ type: 'EntryRemoved', data: {} }];
    default:
      return unreachable(command);
  }
}

export const entryDecider: Decider<EntryState, EntryCommand, EntryEvent> = {
  streamId: streamIds.entry,
  initialState: () => ({ status: 'NONE' }),
  evolve,
  decide,
  commandSchemas: EntryCommandSchemas,
};
