/** Built URLs of every locale file, keyed "<lang>/<ns>" (the files themselves are fetched on demand). */
const files = import.meta.glob<string>('../locales/*/*.json', { query: '?url', import: 'default', eager: true });

export const LOCALE_URLS: Record<string, string> = Object.fromEntries(
  Object.entries(files).map(([path, url]) => [path.replace('../locales/', '').replace(/\.json$/, ''), url]),
);
