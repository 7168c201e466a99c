import i18next, { type TOptions } from 'i18next';
import { LANGUAGES, type Language } from '@relaycast/contracts';
import { FACT_LABELS, PHRASES, WORDS } from './mail.js';
import { PAGE_WORDS } from './pages.js';
import { DOCUMENT_WORDS } from './documents.js';

/**
 * The words the server itself says — e-mails (mail.ts), its own HTML pages (pages.ts), invoices and credit notes
 * (documents.ts) — through one i18next instance: EN and RU, plural forms by CLDR rules (`count`: 1 month / 2 months;
 * 1 месяц / 2 месяца / 5 месяцев), `{value}` placeholders (an e-mail's text is not HTML: nothing is escaped here; pages
 * escape what they insert), and `{value, stop}` ending a sentence with the value's own full stop when it has one. A
 * placeholder without a value is a bug: it throws, so a test finds it.
 */
const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  lng: 'en',
  supportedLngs: [...LANGUAGES],
  fallbackLng: false,
  ns: ['mail', 'phrases', 'facts', 'pages', 'documents'],
  defaultNS: 'phrases',
  resources: Object.fromEntries(LANGUAGES.map((lang) => [lang, { mail: WORDS[lang], phrases: PHRASES[lang], facts: FACT_LABELS[lang], pages: PAGE_WORDS[lang], documents: DOCUMENT_WORDS[lang] }])),
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  returnNull: false,
  missingInterpolationHandler: (text: string, match: RegExpExecArray) => {
    throw new Error(`server words: no value for ${match[0]} in "${text}"`);
  },
});
instance.services.formatter?.add('stop', (value: unknown) => {
  const text = String(value);
  return text.endsWith('.') ? text : `${text}.`;
});

/** Words in a language: `t('mail:verify-email.subject', values)`, `t('months', { count: 12 })` (phrases). */
export function wordsIn(lang: Language) {
  const t = instance.getFixedT(lang);
  return {
    lang,
    t(key: string, values: TOptions = {}): string {
      if (!instance.exists(key, { ...values, lng: lang })) throw new Error(`server words: no text ${key} in ${lang}`);
      return t(key, values) as string;
    },
    /** A list of texts (a message's paragraphs), each filled. */
    list(key: string, values: TOptions = {}): string[] {
      const texts = t(key, { ...values, returnObjects: true }) as unknown;
      if (!Array.isArray(texts)) throw new Error(`server words: no list ${key} in ${lang}`);
      return texts as string[];
    },
    has: (key: string) => instance.exists(key, { lng: lang }),
  };
}
export type Words = ReturnType<typeof wordsIn>;

const DEFAULT_SUBSCRIPTION_NAME = /^Subscription (\d{4}-\d{2}-\d{2})$/;

/** A subscription's name in a language: the default one ("Subscription 2026-03-08") worded; a name the customer gave as given. */
export function subscriptionNameIn(name: string, lang: Language): string {
  const match = DEFAULT_SUBSCRIPTION_NAME.exec(name);
  if (!match || lang === 'en') return name;
  return `Подписка от ${new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${match[1]}T00:00:00Z`))}`;
}
