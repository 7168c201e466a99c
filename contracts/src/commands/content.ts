import { Type, type Static } from '@sinclair/typebox';
import { ENTRY_CATEGORY_IDS, ENTRY_TYPES } from '../constants/content.js';
import { Id, StringEnum } from '../schemas/common.js';
import { SitePath, TemplateParts } from '../schemas/entry.js';
import { FileUploaded } from '../events/content.js';
import type { Command } from './metadata.js';

const EntryBody = {
  template: TemplateParts,
  category: Type.Optional(StringEnum(ENTRY_CATEGORY_IDS)),
  url: Type.Optional(SitePath),
  template_id: Type.Optional(Id),
  locale: Type.Optional(StringEnum(['en', 'ru'] as const)),
};
export const CreateEntryData = Type.Object({ entryId: Id, entry_type: StringEnum(ENTRY_TYPES), ...EntryBody });
export const UpdateEntryData = Type.Object({ entry_type: StringEnum(ENTRY_TYPES), ...EntryBody });
export const RemoveEntryData = Type.Object({});

export const EntryCommandSchemas = {
  CreateEntry: CreateEntryData,
  UpdateEntry: UpdateEntryData,
  RemoveEntry: RemoveEntryData,
} as const;
export type EntryCommand =
  | Command<'CreateEntry', Static<typeof CreateEntryData>>
  | Command<'UpdateEntry', Static<typeof UpdateEntryData>>
  | Command<'RemoveEntry', Static<typeof RemoveEntryData>>;

export const RecordFileUploadData = FileUploaded;
export const RemoveFileData = Type.Object({});
export const FileCommandSchemas = { RecordFileUpload: RecordFileUploadData, RemoveFile: RemoveFileData } as const;
export type FileCommand =
  | Command<'RecordFileUpload', Static<typeof RecordFileUploadData>>
  | Command<'RemoveFile', Static<typeof RemoveFileData>>;
