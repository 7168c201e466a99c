import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { CONFERENCE_ROOM_PATH } from '@relaycast/contracts/constants';
import { useT } from '../../app/shell/hooks.js';
import type { PageProps } from '../../app/shell/pageTypes.js';
import { AppLink } from '../../app/shell/ui/AppLink.js';
import { engineUrlOf, useGetEmbedEntryQuery } from './embedApi.js';
import { useMediaPreview } from './useMediaPreview.js';

/**
 * /conferences/{id} (seed §2): the room's lobby. Visitors check their camera and microphone here; the room
 * itself runs on the customer's Relaycast engine, so without a configured engine the page says so clearly.
 */
export default function ConferenceRoomPage(_props: PageProps) {
  const { t } = useT('embed-conference');
  const { id = '' } = useParams();
  const { data, isLoading } = useGetEmbedEntryQuery(`${CONFERENCE_ROOM_PATH}/${id}`, { skip: !id });
  const engine = engineUrlOf(data);
  const name = typeof data?.name === 'string' && data.name ? data.name : t('defaultName', { id });
  const preview = useMediaPreview();
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (video.current) video.current.srcObject = preview.stream;
  }, [preview.stream]);

  return (
    <div className="room" data-testid="conference-room">
      <p className="eyebrow">{t('eyebrow')}</p>
      <h1>{name}</h1>
      {isLoading ? (
        <p role="status">{t('checking')}</p>
      ) : engine ? (
        <p className="note" data-engine="configured">
          {t('ready')}
        </p>
      ) : (
        <div className="note note-warning" data-engine="missing" role="status">
          <strong>{t('noEngine.title')}</strong>
          <p>{t('noEngine.text')}</p>
          <AppLink to="/api-docs/video-conferencing-api">{t('noEngine.docs')}</AppLink>
        </div>
      )}
      <div className="room-preview">
        <div>
          <video ref={video} autoPlay muted playsInline aria-label={t('preview.video')} data-testid="camera-preview" />
        </div>
        <div className="card">
          <h2>{t('preview.title')}</h2>
          <p className="muted">{t('preview.text')}</p>
          <p data-testid="preview-state" data-state={preview.state} role="status">
            {t(`preview.states.${preview.state}`)}
          </p>
          <p id="mic-level-label">{t('preview.mic')}</p>
          <div className="meter" role="meter" tabIndex={0} data-tooltip={t('tooltips.mic')} aria-labelledby="mic-level-label" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(preview.level * 100)}>
            <span style={{ width: `${Math.round(preview.level * 100)}%` }} />
          </div>
          <p className="actions">
            {preview.state === 'live' ? (
              <button type="button" className="btn btn-outline" onClick={preview.stop} data-tooltip={t('tooltips.stop')}>
                {t('preview.stop')}
              </button>
            ) : (
              <button type="button" className="btn btn-primary" onClick={() => void preview.start()} disabled={preview.state === 'requesting'} data-tooltip={t('tooltips.start')}>
                {t('preview.start')}
              </button>
            )}
            {engine && (
              <a className="btn btn-primary" href={`${engine}${CONFERENCE_ROOM_PATH}/${encodeURIComponent(id)}`} aria-disabled={preview.state !== 'live'} data-tooltip={t('tooltips.join')}>
                {t('join')}
              </a>
            )}
          </p>
        </div>
      </div>
    </div>
  );
}
