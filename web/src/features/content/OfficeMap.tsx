import { useEffect, useRef, useState } from 'react';
import { island } from '../ui/Island.js';

export interface Office {
  id: string;
  lat: number;
  lon: number;
}

/** An OpenStreetMap embed around a point (no API key, no cookies). */
export function osmEmbedUrl(lat: number, lon: number, span = 0.01): string {
  const bbox = [lon - span, lat - span / 2, lon + span, lat + span / 2].map((n) => n.toFixed(5)).join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${encodeURIComponent(bbox)}&layer=mapnik&marker=${lat},${lon}`;
}
export function osmLinkUrl(lat: number, lon: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}

/**
 * An embedded map that loads only when it scrolls near the viewport (or on request): until then a button
 * holds its place, so the about page costs no third-party requests on load.
 */
function OfficeMapView({ office, title, loadLabel, openLabel }: { office: Office; title: string; loadLabel: string; openLabel: string }) {
  const [load, setLoad] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || load || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setLoad(true);
          io.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [load]);
  return (
    <>
      <div className="office-map" ref={box} data-testid={`map-${office.id}`} data-loaded={load ? 'true' : 'false'}>
        {load ? (
          <iframe title={title} src={osmEmbedUrl(office.lat, office.lon)} loading="lazy" referrerPolicy="no-referrer" />
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => setLoad(true)}>
            {loadLabel}
          </button>
        )}
      </div>
      <p>
        <a href={osmLinkUrl(office.lat, office.lon)} target="_blank" rel="noopener noreferrer">
          {openLabel}
        </a>
      </p>
    </>
  );
}

/** An island (features/ui/Island.tsx): the browser hydrates it on its own. */
export const OfficeMap = island('office-map', OfficeMapView);
