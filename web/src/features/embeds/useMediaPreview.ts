import { useCallback, useEffect, useRef, useState } from 'react';

export type PreviewState = 'idle' | 'requesting' | 'live' | 'denied' | 'no-device' | 'unsupported' | 'error';

/** Maps getUserMedia failures to what the visitor can do about them. */
export function previewErrorState(error: unknown): PreviewState {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'no-device';
  return 'error';
}

/** Camera and microphone preview with a live microphone level (0…1). Stops all tracks on unmount. */
export function useMediaPreview() {
  const [state, setState] = useState<PreviewState>('idle');
  const [level, setLevel] = useState(0);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const cleanup = useRef<() => void>(() => {});

  const stop = useCallback(() => {
    cleanup.current();
    cleanup.current = () => {};
    setStream(null);
    setLevel(0);
    setState('idle');
  }, []);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unsupported');
      return;
    }
    setState('requesting');
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      let raf = 0;
      let ctx: AudioContext | null = null;
      if (media.getAudioTracks().length > 0 && typeof AudioContext !== 'undefined') {
        ctx = new AudioContext();
        const analyser = ctx.createAnalyser();
        analyser.fftSize = 512;
        ctx.createMediaStreamSource(media).connect(analyser);
        const samples = new Uint8Array(analyser.fftSize);
        const tick = () => {
          analyser.getByteTimeDomainData(samples);
          let peak = 0;
          for (const s of samples) peak = Math.max(peak, Math.abs(s - 128) / 128);
          setLevel(peak);
          raf = requestAnimationFrame(tick);
        };
        tick();
      }
      cleanup.current = () => {
        cancelAnimationFrame(raf);
        void ctx?.close();
        media.getTracks().forEach((track) => track.stop());
      };
      setStream(media);
      setState('live');
    } catch (error) {
      setState(previewErrorState(error));
    }
  }, []);

  useEffect(() => () => cleanup.current(), []);
  return { state, level, stream, start, stop };
}
