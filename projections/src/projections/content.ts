import { entityIdOf, type AnyEvent, type EntryView, type EventEnvelope, type FileView } from '@relaycast/contracts';
import { scoreOf, type Projection } from '../projection.js';
import type { UnitOfWork } from '../unit-of-work.js';

export const ENTRIES = 'entries';
export const entriesModel = {
  entry: 'entry',
  all: 'all',
  byType: (type: string) => `type:${type}`,
  byCategory: (category: string) => `category:${category}`,
  byUrl: (url: string) => `url:${url}`,
} as const;

function indexesOf(view: EntryView): string[] {
  return [
    entriesModel.all,
    entriesModel.byType(view.entry_type),
    ...(view.category ? [entriesModel.byCategory(view.category)] : []),
    ...(view.url ? [entriesModel.byUrl(view.url)] : []),
  ];
}

function reindex(uow: UnitOfWork, before: EntryView | null, after: EntryView | null): void {
  const old = before ? indexesOf(before) : [];
  const next = after ? indexesOf(after) : [];
  for (const index of old) if (!next.includes(index)) uow.unindex(index, before!._id);
  for (const index of next) if (!old.includes(index)) uow.index(index, after!._id, scoreOf(after!.createdAt));
}

/** Templates and materials: by type, by category (menus, API docs, tutorials…) and by the site URL they feed. */
export const entriesProjection: Projection = {
  name: ENTRIES,
  handles: new Set(['EntryCreated', 'EntryUpdated', 'EntryRemoved', 'EntryPublished']),
  async apply(raw: EventEnvelope, uow: UnitOfWork) {
    const event = raw as AnyEvent;
    const id = entityIdOf(event.streamId);
    const current = await uow.get<EntryView>(entriesModel.entry, id);
    switch (event.type) {
      case 'EntryCreated': {
        const { entryId, ...fields } = event.data;
        const view: EntryView = { _id: entryId, ...fields, version: event.version, createdAt: event.occurredAt, updatedAt: event.occurredAt };
        uow.put(entriesModel.entry, id, view);
        reindex(uow, null, view);
        return;
      }
      case 'EntryUpdated': {
        if (!current) return;
        const view: EntryView = { ...current, ...event.data, version: event.version, updatedAt: event.occurredAt };
        uow.put(entriesModel.entry, id, view);
        reindex(uow, current, view);
        return;
      }
      case 'EntryRemoved':
        if (!current) return;
        uow.delete(entriesModel.entry, id);
        reindex(uow, current, null);
        return;
      case 'EntryPublished':
        if (!current) return;
        uow.put(entriesModel.entry, id, { ...current, published: event.data.template, publishedAt: event.occurredAt, version: event.version, updatedAt: event.occurredAt });
        return;
    }
  },
};

export const FILES = 'files';
export const filesModel = { file: 'file', all: 'all' } as const;

/** Uploaded files, newest first. */
export const filesProjection: Projection = {
  name: FILES,
  handles: new Set(['FileUploaded', 'FileRemoved']),
  async apply(raw: EventEnvelope, uow: UnitOfWork) {
    const event = raw as AnyEvent;
    const id = entityIdOf(event.streamId);
    if (event.type === 'FileUploaded') {
      const { fileId, ...fields } = event.data;
      const view: FileView = {
        _id: fileId,
        ...fields,
        url: `/files/${fileId}/${encodeURIComponent(fields.originalName)}`,
        uploadedBy: event.metadata.actorId,
        createdAt: event.occurredAt,
        updatedAt: event.occurredAt,
      };
      uow.put(filesModel.file, id, view);
      uow.index(filesModel.all, id, scoreOf(event.occurredAt));
    } else if (event.type === 'FileRemoved') {
      uow.delete(filesModel.file, id);
      uow.unindex(filesModel.all, id);
    }
  },
};
