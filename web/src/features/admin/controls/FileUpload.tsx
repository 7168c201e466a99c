import { useRef, useState } from 'react';
import { UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from '@relaycast/contracts/constants';
import { useT } from '../../../app/shell/hooks.js';
import { useRemoveFileMutation, uploadFile } from '../entriesApi.js';
import { dataOf, useToast } from '../../ui/forms.js';

/** The file id in a download URL (/files/<id>/<name>). */
export function fileIdOf(url: string): string | null {
  return /^\/files\/([^/]+)\//.exec(url)?.[1] ?? null;
}

/**
 * The FILE_UPLOAD control: picks a file, uploads it to /admin/files/upload with a progress bar, and holds the
 * file's download URL; "Remove" deletes the file (/admin/files/remove) and clears the value.
 */
export function FileUpload({ id, value, onChange, describedBy }: { id: string; value: string; onChange: (url: string) => void; describedBy?: string }) {
  const { t } = useT('admin');
  const toast = useToast();
  const [progress, setProgress] = useState<number | null>(null);
  const [removeFile, removing] = useRemoveFileMutation();
  const input = useRef<HTMLInputElement>(null);
  const name = value ? decodeURIComponent(value.split('/').pop() ?? value) : '';

  const onPick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      toast(t('files.tooLarge', { mb: UPLOAD_MAX_BYTES / 1024 / 1024 }), 'error');
      return;
    }
    setProgress(0);
    try {
      const uploaded = await uploadFile(file, setProgress).promise;
      onChange(uploaded.url);
      toast(t('files.uploaded', { name: uploaded.originalName }), 'success');
    } catch (error) {
      toast(`${t('files.uploadFailed')} ${error instanceof Error ? error.message : ''}`.trim(), 'error');
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const onRemove = async () => {
    const fileId = fileIdOf(value);
    if (fileId && !dataOf(await removeFile(fileId))) {
      toast(t('files.removeFailed'), 'error');
      return;
    }
    onChange('');
    toast(t('files.removed', { name }), 'success');
  };

  return (
    <div className="file-upload" data-testid="file-upload">
      {value ? (
        <div className="file-current">
          {/\.(png|jpe?g|gif|webp|svg)$/i.test(value) && <img src={value} alt="" className="file-thumb" width="64" height="64" />}
          <a href={value} target="_blank" rel="noreferrer" data-testid="file-link">
            {name}
          </a>
          <button type="button" className="btn btn-small btn-outline btn-danger" onClick={onRemove} disabled={removing.isLoading} data-testid="file-remove">
            {t('files.remove')}
          </button>
        </div>
      ) : (
        <input ref={input} id={id} type="file" accept={UPLOAD_MIME_TYPES.join(',')} onChange={(e) => void onPick(e.target.files?.[0])} aria-describedby={describedBy} disabled={progress !== null} data-testid="file-input" />
      )}
      {progress !== null && (
        <div className="file-progress" role="status">
          <progress max={1} value={progress} aria-label={t('files.progress')} data-testid="file-progress" />
          <span>{Math.round(progress * 100)}%</span>
        </div>
      )}
    </div>
  );
}
