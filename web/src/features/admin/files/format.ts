/** A size people read: bytes, KB or MB (1 decimal), in the page's language. */
export function fileSize(bytes: number, lang: string): string {
  const number = (n: number) => new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', { maximumFractionDigits: 1 }).format(n);
  if (bytes < 1024) return `${number(bytes)} ${lang === 'ru' ? 'Б' : 'B'}`;
  if (bytes < 1024 * 1024) return `${number(bytes / 1024)} ${lang === 'ru' ? 'КБ' : 'KB'}`;
  return `${number(bytes / 1024 / 1024)} ${lang === 'ru' ? 'МБ' : 'MB'}`;
}

/** What kind of file, as its usual extension says it: PNG, PDF, MP4, SVG (image/svg+xml), TXT (text/plain), MD (text/markdown). */
export function fileKind(mimeType: string): string {
  return (mimeType.split('/')[1] ?? mimeType).replace(/\+xml$/, '').replace(/^plain$/, 'TXT').replace(/^markdown$/, 'MD').toUpperCase();
}
