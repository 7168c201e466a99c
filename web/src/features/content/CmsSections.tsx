import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useMounted, useLang } from '../../app/hooks.js';
import type { PageMaterial } from './materials.js';

const CmsLoader = lazy(() => import('./CmsLoader.js'));

/**
 * The built-in sections of a page, replaced by the CMS's materials for its URL when there are any (see
 * materials.ts for the convention). The built-in content is what is prerendered and what stays when the CMS
 * has nothing or cannot be reached.
 */
export function CmsSections({ url, children }: { url: string; children: ReactNode }) {
  const [materials, setMaterials] = useState<PageMaterial[] | null>(null);
  return (
    <>
      <DeferredCmsLoader url={url} onMaterials={setMaterials} />
      {materials ? <MaterialSections materials={materials} /> : children}
    </>
  );
}

/** Starts the CMS request after hydration; only this leaf re-renders when it mounts. */
function DeferredCmsLoader({ url, onMaterials }: { url: string; onMaterials: (m: PageMaterial[]) => void }) {
  const lang = useLang();
  const mounted = useMounted();
  return mounted ? (
    <Suspense fallback={null}>
      <CmsLoader url={url} lang={lang} onMaterials={onMaterials} />
    </Suspense>
  ) : null;
}

export function MaterialSections({ materials }: { materials: readonly PageMaterial[] }) {
  return (
    <div data-source="cms">
      {materials.map((m) => (
        <section key={m.id} id={`material-${m.id}`}>
          {m.title && <h2>{m.title}</h2>}
          {m.description && <p className="lead">{m.description}</p>}
          {/* bodyHtml was sanitised with DOMPurify in CmsLoader before it reached state. */}
          {m.bodyHtml && <div className="cms-body" dangerouslySetInnerHTML={{ __html: m.bodyHtml }} />}
        </section>
      ))}
    </div>
  );
}
