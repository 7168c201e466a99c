import { createI18n } from '../app/i18n.js';
import type { Resources, TFunction } from '../app/shell/texts.js';

/** `t` as the app gives it (i18next with the app's settings, app/i18n.ts) over `resources`, in `lang`, for `ns`. */
export function appT(lang: 'en' | 'ru', resources: Resources, ns: string): TFunction {
  return createI18n(lang, resources).getFixedT(lang, ns);
}
