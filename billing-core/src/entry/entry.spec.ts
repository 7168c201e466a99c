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

  it('refuses a template whose drop-down or radio group offers no option, at create and at update', () => {
    const select = (items?: { label: string; value: string }[]) => ({ property_i18n: 'level', defaultValue: '', dataType: 'STRING' as const, formEntityType: 'SELECT' as const, ...(items ? { property_option_items: items } : {}) });
    given(entryDecider).when({ type: 'CreateEntry', data: { entryId: 'e1', entry_type: 'TEMPLATE', template: [template[0]!, select()] }, metadata: meta() }).thenThrows(ValidationError, /^template\[1\]\.property_option_items must offer at least one option$/);
    given(entryDecider).when({ type: 'CreateEntry', data: { entryId: 'e1', entry_type: 'TEMPLATE', template: [template[0]!, [select([])]] }, metadata: meta() }).thenThrows(ValidationError, /^template\[1\]\[0\]\.property_option_items/);
    given(entryDecider, [created]).when({ type: 'UpdateEntry', data: { entry_type: 'TEMPLATE', template: [{ ...select(), formEntityType: 'RADIO' }] }, metadata: meta() }).thenThrows(ValidationError, /^template\[0\]\.property_option_items/);
    const withOption = [template[0]!, select([{ label: 'One', value: 'one' }])];
    given(entryDecider).when({ type: 'CreateEntry', data: { entryId: 'e1', entry_type: 'TEMPLATE', template: withOption }, metadata: meta() }).then([
      { type: 'EntryCreated', data: { entryId: 'e1', entry_type: 'TEMPLATE', template: withOption } },
    ]);
  });

  it('section overrides: a draft until published, publication only of a change, created again after a revert', () => {
    const draft = [{ property_i18n: 'title', defaultValue: 'Connect your encoder over SRT', dataType: 'STRING' as const, formEntityType: 'TEXTAREA' as const }];
    const override: EntryEvent = { type: 'EntryCreated', data: { entryId: 's1', entry_type: 'MATERIAL', url: '/how-to-use', locale: 'en', section: 'sections/connect', template: draft } };
    given(entryDecider, [override]).when({ type: 'PublishEntry', data: {}, metadata: meta() }).then([{ type: 'EntryPublished', data: { template: draft } }]);
    given(entryDecider, [override, { type: 'EntryPublished', data: { template: draft } }]).when({ type: 'PublishEntry', data: {}, metadata: meta() }).then([]);
    given(entryDecider, [created]).when({ type: 'PublishEntry', data: {}, metadata: meta() }).thenThrows(ValidationError, /^section is missing/);
    given(entryDecider, [override]).when({ type: 'UpdateEntry', data: { entry_type: 'MATERIAL', section: 'hero', template: draft }, metadata: meta() }).thenThrows(ValidationError, /^section cannot change/);
    given(entryDecider, [override, { type: 'EntryRemoved', data: {} }]).when({ type: 'CreateEntry', data: override.data as never, metadata: meta() }).then([override]);
    given(entryDecider, [override, { type: 'EntryRemoved', data: {} }]).when({ type: 'PublishEntry', data: {}, metadata: meta() }).thenThrows(NotFoundError);
    given(entryDecider, [override]).when({ type: 'PublishEntry', data: {}, metadata: meta({ actorRole: 'ROLE_CUSTOMER' }) }).thenThrows(ForbiddenError);
  });

  it('records uploads and removals of files', () => {
    const uploaded = { fileId: 'f1', originalName: 'logo.png', mimeType: 'image/png', size: 10, sha256: 'a'.repeat(64), storageKey: 'f1' };
    given(fileDecider).when({ type: 'RecordFileUpload', data: uploaded, metadata: meta() }).then([{ type: 'FileUploaded', data: uploaded }]);
    given(fileDecider, [{ type: 'FileUploaded', data: uploaded }]).when({ type: 'RemoveFile', data: {}, metadata: meta() }).then([{ type: 'FileRemoved', data: {} }]);
    given(fileDecider).when({ type: 'RemoveFile', data: {}, metadata: meta() }).thenThrows(NotFoundError);
  });
});
