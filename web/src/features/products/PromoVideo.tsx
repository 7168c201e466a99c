import { useState } from 'react';
import { useLang, useT } from '../../app/shell/hooks.js';
import { illustration } from '../../app/shell/illustrations.js';
import { PlayIcon } from '../../app/shell/ui/icons.js';
import { island } from '../ui/Island.js';

/**
 * A promo video that costs nothing until asked for: the poster is an image (lazy, sized), and the <video>
 * element is only created when the visitor presses play.
 */
function PromoVideoView({ slug, title, caption }: { slug: string; title: string; caption: string }) {
  const { t } = useT('common');
  const [playing, setPlaying] = useState(false);
  const poster = illustration(`/img/products/${slug}/poster.svg`, useLang());
  return (
    <figure className="figure">
      <div className="promo" data-testid="promo-video">
        {playing ? (
          <video controls autoPlay playsInline poster={poster} preload="metadata" aria-label={title}>
            <source src={`/media/${slug}.webm`} type="video/webm" />
          </video>
        ) : (
          <>
            <img src={poster} alt="" width="1280" height="720" loading="lazy" decoding="async" />
            <button type="button" className="promo-play" onClick={() => setPlaying(true)}>
              <span className="play-circle">
                <PlayIcon />
              </span>
              <span>
                {t('video.watch')}
                <span className="sr-only">: {title}</span>
              </span>
            </button>
          </>
        )}
      </div>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

/** An island (features/ui/Island.tsx): the browser hydrates it on its own. */
export const PromoVideo = island('promo-video', PromoVideoView);
