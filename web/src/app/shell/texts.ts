import type { Language } from '@relaycast/contracts/constants';
import { createSeam } from './seam.js';

/** The namespace every page has: header, footer, menus, cookie window, toasts. */
export const COMMON_NS = 'common';

/** Texts by language and namespace (the locale files' JSON; what a public page embeds as #i18n-data). */
export type Resources = Record<string, Record<string, Record<string, unknown>>>;

/** Values a text is written with: `{{name}}` placeholders, `count` (which also picks a plural form, `key_one`, `key_few`…), a default. */
export interface TextOptions {
  count?: number;
  /** Said when the key has no text (placeholders filled in too). */
  defaultValue?: string;
  /** The namespaces to look in instead of the component's. */
  ns?: string | readonly string[];
  [value: string]: unknown;
}

/**
 * A text by its key in the page's language: `a.b` one level in another, `ns:key` in that namespace, otherwise the
 * component's namespaces in order; given several keys, the first that has a text. A key with no text says itself.
 */
export type TFunction = (key: string | string[], options?: TextOptions) => string;

/**
 * Texts as the site's components use them — an interface of ours with two implementations: i18next with
 * react-i18next in the app's build (app/seams.tsx: namespaces load on demand, a component suspends until they are
 * there) and, on the public pages' islands, the texts the page embeds (public/texts.ts, looked up as i18next does
 * with the app's settings). public/texts.spec.tsx compares them on every text of the site.
 */
export interface Texts {
  /** `t` for these namespaces (the first is the default) in `lng`; the same function until they change. */
  useT(namespaces: readonly string[], lng: Language): TFunction;
  /** A whole namespace (structured content: sections, FAQs, feature lists); undefined if the page has none. */
  useNamespace(ns: string, lng: Language): unknown;
}

export const [TextsProvider, useTexts] = createSeam<Texts>('texts');
