/**
 * The part of i18next the public pages use (about 14 KB as served): the public build (vite.config.ts, mode
 * `public`) resolves `i18next` to this file. Texts come embedded in the page's HTML (the prerenderer or the server
 * put them there); there is no backend, no detection, no fallback language. Lookup follows the app's settings
 * (app/i18n.ts): `ns:key` or the namespaces in order, `.` between levels, `{{value}}` placeholders (not escaped:
 * React escapes), `count` choosing `key_<plural form>`, `defaultValue`, `returnObjects`, an empty text counting as
 * missing. public/i18next.spec.ts compares it with i18next on every text of the site.
 */
export type Resource = Record<string, Record<string, unknown>>;
export type ResourceLanguage = Record<string, unknown>;
export type TOptions = Record<string, unknown> & { ns?: string | readonly string[]; lng?: string; defaultValue?: unknown; returnObjects?: boolean; count?: number };
export type TFunction = (key: string | readonly string[], options?: TOptions | string) => string;

function deepFind(obj: unknown, key: string): unknown {
  if (obj === null || typeof obj !== 'object') return undefined;
  const record = obj as Record<string, unknown>;
  if (key in record) return record[key];
  const parts = key.split('.');
  // Like i18next: a key with dots may also be a flat key at a deeper level ("a.b.c" → a["b.c"]).
  for (let i = 1; i < parts.length; i++) {
    const head = parts.slice(0, i).join('.');
    if (head in record) {
      const found = deepFind(record[head], parts.slice(i).join('.'));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function interpolate(text: string, values: Record<string, unknown>): string {
  return text.replace(/\{\{(-?)\s*([^}]+?)\s*\}\}/g, (match, _raw: string, name: string) => {
    const value = name in values ? values[name] : deepFind(values, name);
    // As i18next: a placeholder without a value stays as written.
    return value === undefined || value === null ? match : String(value);
  });
}

interface Connector {
  load(languages: string[], namespaces: string[], callback: (err?: unknown) => void): void;
}
export interface BackendModule {
  type: 'backend';
  init?(): void;
  read(language: string, namespace: string, callback: (err: Error | null, data: unknown) => void): void;
}

export interface I18nInstance {
  language: string;
  services: { backendConnector?: Connector };
  use(module: unknown): I18nInstance;
  init(options: { lng?: string; resources?: Resource; defaultNS?: string }): Promise<TFunction>;
  t: TFunction;
  getFixedT(lng: string | null, ns?: string | readonly string[]): TFunction;
  getResourceBundle(lng: string, ns: string): unknown;
  hasResourceBundle(lng: string, ns: string): boolean;
  addResourceBundle(lng: string, ns: string, bundle: Record<string, unknown>): I18nInstance;
}
export type { I18nInstance as i18n };

function createInstance(): I18nInstance {
  let resources: Resource = {};
  let defaultNS = 'common';
  const lookup = (lng: string, namespaces: readonly string[], key: string): unknown => {
    const cut = key.indexOf(':');
    const [spaces, k] = cut > 0 ? [[key.slice(0, cut)], key.slice(cut + 1)] : [namespaces, key];
    for (const ns of spaces) {
      const found = deepFind(resources[lng]?.[ns], k);
      if (found !== undefined && found !== '') return found;
    }
    return undefined;
  };
  const fixed = (lng: string, ns: readonly string[]): TFunction => (key, raw) => {
    const options: TOptions = typeof raw === 'string' ? { defaultValue: raw } : (raw ?? {});
    const language = options.lng ?? lng;
    const namespaces = options.ns === undefined ? ns : typeof options.ns === 'string' ? [options.ns] : options.ns;
    for (const k of typeof key === 'string' ? [key] : key) {
      let found: unknown;
      if (typeof options.count === 'number') found = lookup(language, namespaces, `${k}_${new Intl.PluralRules(language).select(options.count)}`);
      found ??= lookup(language, namespaces, k);
      if (found === undefined) continue;
      if (typeof found === 'string') return interpolate(found, options);
      if (options.returnObjects) return found as string;
    }
    if (options.defaultValue !== undefined) return typeof options.defaultValue === 'string' ? interpolate(options.defaultValue, options) : (options.defaultValue as string);
    const first = typeof key === 'string' ? key : (key[0] ?? '');
    return first.includes(':') ? first.slice(first.indexOf(':') + 1) : first;
  };
  const instance: I18nInstance = {
    language: 'en',
    services: {},
    /** A backend (app/i18n.ts: the site's /locales files) loads namespaces a page did not embed. */
    use(module) {
      const backend = module as Partial<BackendModule> | null;
      if (backend?.type === 'backend' && backend.read) {
        const read = backend.read.bind(backend);
        instance.services.backendConnector = {
          load(languages, namespaces, callback) {
            const jobs = languages.flatMap((lng) =>
              namespaces.map(
                (ns) => new Promise<void>((done) => read(lng, ns, (err, data) => {
                  // A file that fails to load counts as empty (keys show), so nothing waits for it again.
                  instance.addResourceBundle(lng, ns, !err && data && typeof data === 'object' ? (data as Record<string, unknown>) : {});
                  done();
                })),
              ),
            );
            void Promise.all(jobs).then(() => callback());
          },
        };
      }
      return instance;
    },
    init(options) {
      resources = options.resources ?? {};
      instance.language = options.lng ?? 'en';
      defaultNS = options.defaultNS ?? defaultNS;
      instance.t = fixed(instance.language, [defaultNS]);
      return Promise.resolve(instance.t);
    },
    t: (key) => String(key),
    getFixedT(lng, ns) {
      return fixed(lng ?? instance.language, ns === undefined ? [defaultNS] : typeof ns === 'string' ? [ns] : ns);
    },
    getResourceBundle(lng, ns) {
      return resources[lng]?.[ns];
    },
    hasResourceBundle(lng, ns) {
      return resources[lng]?.[ns] !== undefined;
    },
    addResourceBundle(lng, ns, bundle) {
      resources = { ...resources, [lng]: { ...resources[lng], [ns]: bundle } };
      return instance;
    },
  };
  return instance;
}

const i18next = { createInstance };
export default i18next;
