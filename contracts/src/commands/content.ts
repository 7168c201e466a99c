import { Type, type Static } from '@sinclair/typebox';
import { ENTRY_TYPES } from '../constants/content.js';
import { Id, StringEnum } from '../schemas/common.js';
import { EntryStoredFields } from '../schemas/entry.js';
import { FileUploaded } from '../events/content.js';
import type { Command } from './metadata.js';

const STRICT = { additionalProperties: false } as const;

const EntryBody = EntryStoredFields;
export const CreateEntryData = Type.Object({ entryId: Id, entry_type: StringEnum(ENTRY_TYPES), ...EntryBody }, STRICT);
export const UpdateEntryData = Type.Object({ entry_type: StringEnum(ENTRY_TYPES), ...EntryBody }, STRICT);
export const RemoveEntryData = Type.Object({}, STRICT);
/** Publishes a section override's draft (its template as it is now). */
export const PublishEntryData = Type.Object({}, STRICT);

export const EntryCommandSchemas = {
  CreateEntry: CreateEntryData,
  UpdateEntry: UpdateEntryData,
  RemoveEntry: RemoveEntryData,
  PublishEntry: PublishEntryData,
} as const;
export type EntryCommand =
  | Command<'CreateEntry', Static<typeof CreateEntryData>>
  | Command<'UpdateEntry', Static<typeof UpdateEntryData>>
  | Command<'RemoveEntry', Static<typeof RemoveEntryData>>
  | Command<'PublishEntry', Static<typeof PublishEntryData>>;

export const RecordFileUploadData = Type.Object({ ...FileUploaded.properties }, STRICT);
export const RemoveFileData = Type.Object({}, STRICT);
export const FileCommandSchemas = { RecordFileUpload: RecordFileUploadData, RemoveFile: RemoveFileData } as const;
export type FileCommand =
  | Command<'RecordFileUpload', Static<typeof RecordFileUploadData>>
  | Command<'RemoveFile', Static<typeof RemoveFileData>>;
