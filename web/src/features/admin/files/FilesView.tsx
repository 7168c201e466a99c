import { useId, useRef, useState } from 'react';
import type { FileView } from '@relaycast/contracts';
import { UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { ConfirmButton, dataOf, formatDate, useDocumentTitle, useToast } from '../../ui/forms.js';
import { uploadFile, useGetFilesQuery, useRemoveFileMutation } from '../entriesApi.js';
import { DataTable, listTableProps, type Column } from '../ui/DataTable.js';
import { useListState } from '../ui/useListState.js';
import type { ViewProps } from '../viewProps.js';
import { fileKind, fileSize } from './format.js';
import './files.css';

/**
 * /admin/files: the uploaded files (images, documents and videos that materials and pages link to) — upload one,
 * open or copy its address, remove it (asks first, saying what removing does: the file is deleted for good and
 * what links to it breaks).
 */
export default function FilesView(_props: ViewProps) {
  const { t } = useT('admin');
  const lang = useLang();
  const toast = useToast();
  const ids = useId();
  useDocumentTitle(t('files.title'));
  const list = useListState({ sort: 'createdAt', order: 'desc' });
  const query = useGetFilesQuery(list.args);
  const [remove] = useRemoveFileMutation();
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const mb = UPLOAD_MAX_BYTES / 1024 / 1024;

  const onPick = async (file: File | undefined) => {
    if (!file) return;
    const reset = () => {
      setProgress(null);
      if (input.current) input.current.value = '';
    };
    if (file.size > UPLOAD_MAX_BYTES) {
      toast(t('files.tooLarge', { mb }), 'error');
      return reset();
    }
    setProgress(0);
    try {
      const uploaded = await uploadFile(file, setProgress).promise;
      toast(t('files.uploaded', { name: uploaded.originalName }), 'success');
      void query.refetch();
    } catch (error) {
      const code = (error as { code?: string }).code;
      toast(code === 'PAYLOAD_TOO_LARGE' ? t('files.tooLarge', { mb }) : code === 'UNSUPPORTED_MEDIA_TYPE' ? t('files.wrongType', { types: UPLOAD_MIME_TYPES.map(fileKind).join(', ') }) : t('files.uploadFailed'), 'error');
    } finally {
      reset();
    }
  };

  const columns: Column<FileView>[] = [
    {
      key: 'name',
      label: t('files.name'),
      sort: 'originalName',
      className: 'cell-text',
      render: (f) => (
        <a href={f.url} target="_blank" rel="noreferrer" data-testid="file-name">
          {f.originalName}
        </a>
      ),
    },
    { key: 'type', label: t('files.type'), sort: 'mimeType', render: (f) => fileKind(f.mimeType) },
    { key: 'size', label: t('files.size'), sort: 'size', className: 'num', render: (f) => fileSize(f.size, lang) },
    { key: 'createdAt', label: t('files.uploadedAt'), sort: 'createdAt', render: (f) => formatDate(f.createdAt, lang, true) },
    {
      key: 'actions',
      label: t('list.actions'),
      className: 'cell-actions',
      render: (f) => (
        <span className="row-actions">
          <button
            type="button"
            className="btn btn-small btn-outline"
            aria-label={t('files.copyOne', { name: f.originalName })}
            onClick={() => {
              void navigator.clipboard?.writeText(new URL(f.url, window.location.origin).href).then(
                () => toast(t('files.copied', { name: f.originalName }), 'success'),
                () => toast(t('files.copyFailed'), 'error'),
              );
            }}
          >
            {t('files.copy')}
          </button>
          <ConfirmButton
            label={t('files.remove')}
            question={t('files.removeQuestion', { name: f.originalName })}
            confirmLabel={t('files.removeConfirm')}
            testId="remove-file"
            onConfirm={async () => {
              if (dataOf(await remove(f._id))) toast(t('files.removed', { name: f.originalName }), 'success');
              else toast(t('files.removeFailed'), 'error');
            }}
          />
        </span>
      ),
    },
  ];

  return (
    <section data-testid="files-page">
      <div className="admin-head">
        <h1>{t('files.title')}</h1>
        <div className="file-upload-head">
          <input
            ref={input}
            id={`${ids}-upload`}
            className="sr-only"
            type="file"
            accept={UPLOAD_MIME_TYPES.join(',')}
            disabled={progress !== null}
            aria-describedby={`${ids}-upload-hint`}
            onChange={(e) => void onPick(e.target.files?.[0])}
            data-testid="files-upload"
          />
          {/* The button people see; the file field itself takes the focus (its ring is drawn on this label). */}
          <label className="btn btn-primary" htmlFor={`${ids}-upload`} aria-disabled={progress !== null}>
            {t('files.upload')}
          </label>
        </div>
      </div>
      <p id={`${ids}-upload-hint`} className="muted">
        {t('files.intro', { mb, types: UPLOAD_MIME_TYPES.map(fileKind).join(', ') })}
      </p>
      {progress !== null && (
        <div className="file-progress" role="status">
          <progress max={1} value={progress} aria-label={t('files.progress')} data-testid="files-progress" />
          <span>{Math.round(progress * 100)}%</span>
        </div>
      )}
      <DataTable
        caption={t('files.title')}
        columns={columns}
        {...listTableProps(query, list)}
        rowKey={(f) => f._id}
        empty={t('files.empty')}
        searchLabel={t('files.search')}
        testId="files-list"
      />
    </section>
  );
}
