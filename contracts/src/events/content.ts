import { Type, type Static } from '@sinclair/typebox';
import { ENTRY_TYPES } from '../constants/content.js';
import { Id, StringEnum } from '../schemas/common.js';
import { EntryStoredFields, TemplateParts } from '../schemas/entry.js';

const EntryBody = EntryStoredFields;

export const EntryCreated = Type.Object({ entryId: Id, entry_type: StringEnum(ENTRY_TYPES), ...EntryBody });
export type EntryCreated = Static<typeof EntryCreated>;
export const EntryUpdated = Type.Object(EntryBody);
export type EntryUpdated = Static<typeof EntryUpdated>;
export const EntryRemoved = Type.Object({});
export type EntryRemoved = Static<typeof EntryRemoved>;
/**
 * A section override's draft made public: visitors see `template` (the draft as it was when published) until the
 * next publication; later edits stay a draft.
 */
export const EntryPublished = Type.Object({ template: TemplateParts });
export type EntryPublished = Static<typeof EntryPublished>;

export const EntryEventSchemas = { EntryCreated, EntryUpdated, EntryRemoved, EntryPublished } as const;
export type EntryEvent =
  | { type: 'EntryCreated'; data: EntryCreated }
  | { type: 'EntryUpdated'; data: EntryUpdated }
  | { type: 'EntryRemoved'; data: EntryRemoved }
  | { type: 'EntryPublished'; data: EntryPublished };

export const FileUploaded = Type.Object({
  fileId: Id,
  originalName: Type.String({ minLength: 1, maxLength: 255 }),
  mimeType: Type.String({ maxLength: 128 }),
  size: Type.Integer({ minimum: 0 }),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  /** Where the bytes are, relative to the file storage root (DATA_DIR/files or a bucket). */
  storageKey: Type.String({ minLength: 1, maxLength: 512 }),
});
export type FileUploaded = Static<typeof FileUploaded>;
export const FileRemoved = Type.Object({});
export type FileRemoved = Static<typeof FileRemoved>;

export const FileEventSchemas = { FileUploaded, FileRemoved } as const;
export type FileEvent = { type: 'FileUploaded'; data: FileUploaded } | { type: 'FileRemoved'; data: FileRemoved };
