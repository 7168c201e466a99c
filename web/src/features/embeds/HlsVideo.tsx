import { useEffect, useRef } from 'react';
import { VOD_DEFAULTS } from '@relaycast/contracts/constants';

/**
 * Plays an HLS stream: natively where the browser can (Safari, iOS), otherwise with hls.js, which is loaded
 * only here. A fatal error (no playlist, network down, stream not live) calls onOffline.
 */
export function HlsVideo({ src, title, onOffline, onReady }: { src: string; title: string; onOffline: () => void; onReady: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let destroyed = false;
    let destroy = () => {};
    const native = el.canPlayType('application/vnd.apple.mpegurl') !== '';
    void import('hls.js').then(({ default: Hls }) => {
      if (destroyed) return;
      if (!Hls.isSupported()) {
        if (!native) return onOffline();
        el.src = src;
        el.addEventListener('loadedmetadata', onReady, { once: true });
        el.addEventListener('error', onOffline, { once: true });
        return;
      }
      const hls = new Hls({ liveSyncDurationCount: VOD_DEFAULTS.live_sync_duration_count, manifestLoadingMaxRetry: 1 });
      hls.on(Hls.Events.MANIFEST_PARSED, () => onReady());
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) {
          hls.destroy();
          onOffline();
        }
      });
      hls.loadSource(src);
      hls.attachMedia(el);
      destroy = () => hls.destroy();
    });
    return () => {
      destroyed = true;
      destroy();
    };
  }, [src, onOffline, onReady]);
  return <video ref={video} controls playsInline muted autoPlay aria-label={title} data-testid="hls-video" />;
}
