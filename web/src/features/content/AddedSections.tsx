import type { AddedSection } from '../ui/content/materials.js';

/** The id of an added section on the page (its table-of-contents anchor). */
export const addedSectionId = (s: AddedSection) => `material-${s.id}`;

/**
 * Materials for a page that name no section of it, after the page's own sections: the server put them in the page's
 * texts (`cmsSections`, read-api/src/content) with their HTML sanitised, so they are in the prerendered-like HTML a
 * visitor gets and hydrate as they are.
 */
export function AddedSections({ sections }: { sections: readonly AddedSection[] }) {
  if (!sections.length) return null;
  return (
    <div data-source="cms">
      {sections.map((s) => (
        <section key={s.id} id={addedSectionId(s)}>
          {s.title && <h2>{s.title}</h2>}
          {s.description && <p className="lead">{s.description}</p>}
          {/* bodyHtml was sanitised with DOMPurify on the server (read-api/src/content/sanitize.ts). */}
          {s.bodyHtml && <div className="cms-body" dangerouslySetInnerHTML={{ __html: s.bodyHtml }} />}
        </section>
      ))}
    </div>
  );
}
