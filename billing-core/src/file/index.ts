import {
  ConflictError,
  FileCommandSchemas,
  NotFoundError,
  streamIds,
  type FileCommand,
  type FileEvent,
  type FileUploaded,
} from '@relaycast/contracts';
import { requireAdmin, unreachable, type Decider } from '../decider.js';

/** An uploaded file: its bytes live in file storage, its facts in the `file-<id>` stream. */
export type FileState = { status: 'NONE' } | ({ status: 'ACTIVE' | 'REMOVED' } & FileUploaded);

function evolve(state: FileState, event: FileEvent): FileState {
  switch (event.type) {
    case 'FileUploaded':
      return { status: 'ACTIVE', ...event.data };
    case 'FileRemoved':
      return state.status === 'NONE' ? state : { ...state, status: 'REMOVED' };
  }
}

function decide(command: FileCommand, state: FileState): FileEvent[] {
  requireAdmin(command.metadata, 'manage files');
  switch (command.type) {
    case 'RecordFileUpload':
      if (state.status !== 'NONE') throw new ConflictError(`File ${command.data.fileId} already exists`);
      return [{ type: 'FileUploaded', data: command.data }];
    case 'RemoveFile':
      if (state.status !== 'ACTIVE') throw new NotFoundError('File not found');
      return [{ type: 'FileRemoved', data: {} }];
    default:
      return unreachable(command);
  }
}

export const fileDecider: Decider<FileState, FileCommand, FileEvent> = {
  streamId: streamIds.file,
  initialState: () => ({ status: 'NONE' }),
  evolve,
  decide,
  commandSchemas: FileCommandSchemas,
};
