/**
 * A subscription's name as people read it. Untouched names carry the server's default, "Subscription 2026-11-24"
 * (the seed's English default, stored as data); a Russian reader sees it as «Подписка от 24 нояб. 2026 г.». A name
 * someone typed is shown as typed.
 */
const DEFAULT_NAME = /^Subscription (\d{4}-\d{2}-\d{2})$/;

export function subscriptionName(name: string, lang: string, t: (key: string, options?: Record<string, unknown>) => string): string {
  const match = DEFAULT_NAME.exec(name);
  if (!match || lang === 'en') return name;
  const date = new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${match[1]}T00:00:00Z`));
  return t('subscriptionName', { ns: 'common', date });
}
