/** The shape of article-like locale files (pages, tutorials, docs): see src/locales/<lang>/page-*.json. */
export interface FaqItem {
  q: string;
  a: string;
}
export interface StepItem {
  title: string;
  text: string;
  code?: string;
}
export type Block =
  | { p: string }
  | { ul: string[] }
  | { ol: string[] }
  | { h3: string }
  | { code: string; lang?: string; title?: string }
  | { note: string; tone?: 'tip' | 'warning' }
  | { table: { head: string[]; rows: string[][] } }
  | { faq: FaqItem[] }
  | { steps: StepItem[] }
  | { figure: string; alt: string; caption?: string }
  | { example: string }
  | { widget: string };

export interface ArticleSection {
  id: string;
  title: string;
  blocks: Block[];
}
export interface PageMeta {
  title: string;
  description: string;
}
export interface Hero {
  eyebrow?: string;
  title: string;
  lead: string;
}
export interface ArticleContent {
  meta: PageMeta;
  hero: Hero;
  /** e.g. "About 12 minutes · OBS Studio 28 or newer" or "Updated March 2026". */
  byline?: string;
  /** Show the reading time, counted from the page's texts as they are (overrides and added sections included). */
  readingTime?: boolean;
  sections: ArticleSection[];
  related?: { label: string; to: string }[];
}
