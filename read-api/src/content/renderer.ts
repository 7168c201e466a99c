import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from '../logger.js';

/** What web/src/entry-server.tsx exports for the server (the build keeps it in web/dist-server, beside web/dist). */
interface ServerEntry {
  renderDocument(url: string, template: string, texts: Record<string, unknown>): Promise<string>;
}

/**
 * Renders a public page with texts other than the built-in ones (published section overrides, or an administrator's
 * preview of drafts), with the same code and template that prerendered it: the HTML visitors get carries the
 * overrides, and its embedded texts are the same ones, so hydration matches and no default copy ever shows. Loaded
 * the first time a page needs it; pages without overrides are the prerendered files.
 */
export interface PageRenderer {
  available: boolean;
  render(url: string, texts: Record<string, unknown>): Promise<string>;
}

/** The server renderer of a build: `dist-server/` beside the served `dist/`. */
export function createPageRenderer(webDist: string, logger: Logger): PageRenderer {
  const dir = join(dirname(webDist), 'dist-server');
  const entryFile = join(dir, 'entry-server.js');
  const templateFile = join(dir, 'template.html');
  const available = existsSync(entryFile) && existsSync(templateFile);
  if (!available && existsSync(join(webDist, 'content.json'))) {
    logger.warn({ dir }, 'the web build has no server renderer (dist-server/): pages show their built-in texts, section overrides are not applied');
  }
  let loaded: Promise<{ entry: ServerEntry; template: string }> | null = null;
  return {
    available,
    async render(url, texts) {
      if (!available) throw new Error(`no server renderer in ${dir}`);
      loaded ??= (async () => {
        const started = Date.now();
        const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
        logger.info({ ms: Date.now() - started }, 'server renderer loaded (a page has section overrides)');
        return { entry, template: readFileSync(templateFile, 'utf8') };
      })();
      const { entry, template } = await loaded.catch((error: unknown) => {
        loaded = null;
        throw error;
      });
      return entry.renderDocument(url, template, texts);
    },
  };
}
