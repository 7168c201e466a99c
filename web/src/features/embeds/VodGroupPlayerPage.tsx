import type { ReactNode } from 'react';
import { useCallback, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { VOD_GROUP_PLAYER_PATH } from '@relaycast/contracts/constants';
import { useT } from '../../app/shell/hooks.js';
import type { PageProps } from '../../app/shell/pageTypes.js';
import { streamUrlOf, useGetEmbedEntryQuery } from './embedApi.js';
import { HlsVideo } from './HlsVideo.js';

type PlayerState = 'loading' | 'ready' | 'offline';

function Message({ state, title, text, children }: { state: string; title: string; text: string; children?: ReactNode }) {
  return (
    <div className="embed-message" role="status" data-state={state}>
      <h1>{title}</h1>
      <p>{text}</p>
      {children}
    </div>
  );
}

/**
 * /vod-group-player/{id}?embedEnabled=true&playerEnabled=true (seed §2): an embeddable player for the VOD
 * entry's HLS stream. Clear messages when embedding is off, the entry or its stream URL is missing, or the
 * stream is offline.
 */
export default function VodGroupPlayerPage(_props: PageProps) {
  const { t } = useT('embed-player');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const enabled = params.get('embedEnabled') === 'true' && params.get('playerEnabled') === 'true';
  const { data, isLoading, isError } = useGetEmbedEntryQuery(`${VOD_GROUP_PLAYER_PATH}/${id}`, { skip: !enabled || !id });
  const [state, setState] = useState<PlayerState>('loading');
  const [attempt, setAttempt] = useState(0);
  const onOffline = useCallback(() => setState('offline'), []);
  const onReady = useCallback(() => setState('ready'), []);
  const src = streamUrlOf(data);
  const title = typeof data?.title === 'string' && data.title ? data.title : t('meta.title');

  let body: ReactNode;
  if (!enabled) body = <Message state="disabled" title={t('disabled.title')} text={t('disabled.text')} />;
  else if (isLoading) body = <Message state="loading" title={t('loading.title')} text={t('loading.text')} />;
  else if (isError || !src) body = <Message state="missing" title={t('missing.title')} text={t('missing.text', { id })} />;
  else
    body = (
      <>
        <HlsVideo key={attempt} src={src} title={title} onOffline={onOffline} onReady={onReady} />
        {state === 'offline' && (
          <Message state="offline" title={t('offline.title')} text={t('offline.text')}>
            <button
              type="button"
              className="btn btn-primary"
              data-tooltip={t('offline.retryTooltip')}
              onClick={() => {
                setState('loading');
                setAttempt((a) => a + 1);
              }}
            >
              {t('offline.retry')}
            </button>
          </Message>
        )}
        {state === 'ready' && <p className="sr-only" role="status" data-state="ready">{t('ready')}</p>}
      </>
    );
  return (
    <div className="embed" data-testid="vod-player" data-player-state={enabled && src ? state : undefined}>
      {body}
    </div>
  );
}
