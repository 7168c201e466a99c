import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type EntryEvent } from '@relaycast/contracts';
import { given, meta } from '../../test/given.js';
import { entryDecider } from './index.js';
import { fileDecider } from '../file/index.js';

const template = [{ property_i18n: 'name', defaultValue: 'Awesome template', dataType: 'STRING' as const, formEntityType: 'TEXT' as const }];
const created: EntryEvent = { type: 'EntryCreated', data: { entryId: 'e1', entry_type: 'TEMPLATE', template } };

describe('entry and file deciders', () => {
  it('creates, updates only on change, and removes entries — administrators only', () => {
    given(entryDecider).when({ type: 'CreateEntry', data: created.data, metadata: meta() }).then([created]);
    given(entryDecider).when({ type: 'CreateEntry', data: created.data, metadata: meta({ actorRole: 'ROLE_CUSTOMER' }) }).thenThrows(ForbiddenError);
    given(entryDecider, [created]).when({ type: 'CreateEntry', data: created.data, metadata: meta() }).thenThrows(ConflictError);
    given(entryDecider, [created]).when({ type: 'UpdateEntry', data: { entry_type: 'TEMPLATE', template }, metadata: meta() }).then([]);
    const changed = [{ ...template[0]!, defaultValue: 'Renamed' }];
    given(entryDecider, [created]).when({ type: 'UpdateEntry', data: { entry_type: 'TEMPLATE', template: changed }, metadata: meta() }).then([
      { type: 'EntryUpdated', data: { template: changed } },
    ]);
    given(entryDecider, [created]).when({ type: 'UpdateEntry', data: { entry_type: 'MATERIAL', template }, metadata: meta() }).thenThrows(ValidationError, /entry_type/);
    given(entryDecider, [created, { type: 'EntryRemoved', data: {} }]).when({ type: 'RemoveEntry', data: {}, metadata: meta() }).thenThrows(NotFoundError);
  });

  it('records uploads and removals of files', () => {
    const uploaded = { fileId: 'f1', originalName: 'logo.png', mimeType: 'image/png', size: 10, sha256: 'a'.repeat(64), storageKey: 'f1' };
    given(fileDecider).when({ type: 'RecordFileUpload', data: uploaded, metadata: meta() }).then([{ type: 'FileUploaded', data: uploaded }]);
    given(fileDecider, [{ type: 'FileUploaded', data: uploaded }]).when({ type: 'RemoveFile', data: {}, metadata: meta() }).then([{ type: 'FileRemoved', data: {} }]);
    given(fileDecider).when({ type: 'RemoveFile', data: {}, metadata: meta() }).thenThrows(NotFoundError);
  });
});
