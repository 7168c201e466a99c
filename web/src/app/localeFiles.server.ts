import type { Resource, ResourceLanguage } from 'i18next';

/** Every locale file, bundled into the prerender build: { en: { common: {...}, home: {...} }, ru: {...} }. */
const files = import.meta.glob<ResourceLanguage>('../locales/*/*.json', { import: 'default', eager: true });

export const ALL_RESOURCES: Resource = {};
for (const [path, data] of Object.entries(files)) {
  const match = /\.\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, lang, ns] = match;
  if (!lang || !ns) continue;
  const language = (ALL_RESOURCES[lang] ??= {});
  language[ns] = data;
}
