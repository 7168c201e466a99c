import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useMounted, useLang } from '../../app/hooks.js';
import type { PageMaterial } from '../ui/content/materials.js';

const CmsLoader = lazy(() => import('./CmsLoader.js'));

/**
 * The built-in sections of a page, replaced by the CMS's materials for its URL when there are any (see
 * ui/content/materials.ts for the convention). The built-in content is what is prerendered and what stays when the CMS
 * has nothing or cannot be reached.
 */
export function CmsSections({ url, children }: { url: string; children: ReactNode }) {
  const { materials, loader } = useCmsMaterials(url);
  return (
    <>
      {loader}
      {materials ? <MaterialSections materials={materials} /> : children}
    </>
  );
}

/**
 * The CMS's materials for a page URL (null until some arrive, after hydration) and the loader element to render
 * once on the page; for pages whose other parts (a table of contents) follow the materials too.
 */
export function useCmsMaterials(url: string): { materials: PageMaterial[] | null; loader: ReactNode } {
  const [materials, setMaterials] = useState<PageMaterial[] | null>(null);
  return { materials, loader: <DeferredCmsLoader url={url} onMaterials={setMaterials} /> };
}

/** The id of a material's section on the page (its table-of-contents anchor). */
export const materialSectionId = (m: PageMaterial) => `material-${m.id}`;

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
        <section key={m.id} id={materialSectionId(m)}>
          {m.title && <h2>{m.title}</h2>}
          {m.description && <p className="lead">{m.description}</p>}
          {/* bodyHtml was sanitised with DOMPurify in CmsLoader before it reached state. */}
          {m.bodyHtml && <div className="cms-body" dangerouslySetInnerHTML={{ __html: m.bodyHtml }} />}
        </section>
      ))}
    </div>
  );
}
