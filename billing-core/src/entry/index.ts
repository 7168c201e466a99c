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
  type TemplatePart,
} from '@relaycast/contracts';
import { requireAdmin, unreachable, type Decider } from '../decider.js';

/** A content entry: a form template, or a material filled in from one (seed §3). */
export type EntryState =
  | { status: 'NONE' }
  | ({ status: 'ACTIVE' | 'REMOVED' } & Omit<EntryCreated, 'entryId'> & { id: string; published?: TemplatePart[] });

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
    case 'EntryPublished':
      return state.status === 'NONE' ? state : { ...state, published: event.data.template };
  }
}

/** Control kinds a person picks a value of from the property's own options: without one, nothing can be picked. */
const KINDS_NEEDING_OPTIONS = new Set(['SELECT', 'RADIO']);

/** A template's drop-downs and radio groups each offer at least one option (the builder's form checks the same). */
function requireOptions(parts: readonly TemplatePart[]): void {
  parts.forEach((part, i) => {
    const properties = Array.isArray(part) ? part.map((p, j) => [`template[${i}][${j}]`, p] as const) : [[`template[${i}]`, part] as const];
    for (const [field, property] of properties) {
      if (KINDS_NEEDING_OPTIONS.has(property.formEntityType) && !property.property_option_items?.length) {
        throw ValidationError.field(`${field}.property_option_items`, 'must offer at least one option', 'noOptions');
      }
    }
  });
}

function decide(command: EntryCommand, state: EntryState): EntryEvent[] {
  requireAdmin(command.metadata, 'manage templates and materials');
  switch (command.type) {
    case 'CreateEntry':
      // A removed entry may be created again under its id: a section override's id is its page, language and
      // section, and reverting a section removes it.
      if (state.status === 'ACTIVE') throw new ConflictError(`Entry ${command.data.entryId} already exists`);
      if (command.data.entry_type === 'TEMPLATE') requireOptions(command.data.template);
      return [{ type: 'EntryCreated', data: command.data }];
    case 'UpdateEntry': {
      if (state.status !== 'ACTIVE') throw new NotFoundError('Entry not found');
      const { entry_type, ...body } = command.data;
      if (entry_type !== state.entry_type) throw ValidationError.field('entry_type', `must stay ${state.entry_type}`);
      if (body.section !== undefined && body.section !== state.section) throw ValidationError.field('section', 'cannot change: revert this section and edit the other one');
      if (entry_type === 'TEMPLATE') requireOptions(body.template);
      const current = { template: state.template, category: state.category, url: state.url, template_id: state.template_id, locale: state.locale, section: state.section };
      const next = { ...current, ...body };
      return isDeepStrictEqual(current, next) ? [] : [{ type: 'EntryUpdated', data: body }];
    }
    case 'RemoveEntry':
      if (state.status !== 'ACTIVE') throw new NotFoundError('Entry not found');
      return [{ type: 'EntryRemoved', data: {} }];
    case 'PublishEntry':
      if (state.status !== 'ACTIVE') throw new NotFoundError('Entry not found');
      if (!state.section) throw ValidationError.field('section', 'is missing: only a section override has a draft to publish (other materials are public once saved)');
      return isDeepStrictEqual(state.template, state.published) ? [] : [{ type: 'EntryPublished', data: { template: state.template } }];
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
