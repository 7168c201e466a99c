import type { Runtime } from '../runtime.js';
import { loadCatalogue } from './catalogue.js';
import { createPageRenderer, type PageRenderer } from './renderer.js';
import { createSiteContent, type SiteContent } from './site-content.js';

export { overrideId, partsOfTexts, textsOfParts, langOfPath, type SiteContent } from './site-content.js';
export { CONTENT_LANGUAGES, type Catalogue, type CataloguePage, type ContentLanguage } from './catalogue.js';

const copies = new WeakMap<Runtime, { content: SiteContent; renderer: PageRenderer }>();

/** The site's copy of this process (catalogue of WEB_DIST, overrides from the read models) and its page renderer. */
export function siteCopyOf(rt: Runtime): { content: SiteContent; renderer: PageRenderer } {
  let copy = copies.get(rt);
  if (!copy) {
    copy = { content: createSiteContent(rt, loadCatalogue(rt.config.webDist, rt.logger)), renderer: createPageRenderer(rt.config.webDist, rt.logger) };
    copies.set(rt, copy);
  }
  return copy;
}
