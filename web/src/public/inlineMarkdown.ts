import type { InlineToken } from '../features/ui/inlineMarkdown.js';

/**
 * Inline Markdown on public pages without marked: the build resolves features/ui/inlineMarkdown.ts here. The
 * server lexed every text of the page that has Markdown in it and embedded the tokens (#md-data); any other text
 * is plain.
 */
let embedded: Record<string, InlineToken[]> | null = null;

function tokensOnPage(): Record<string, InlineToken[]> {
  if (embedded) return embedded;
  try {
    embedded = JSON.parse(document.getElementById('md-data')?.textContent || '{}') as Record<string, InlineToken[]>;
  } catch {
    embedded = {};
  }
  return embedded;
}

export function lexInline(text: string): InlineToken[] {
  return tokensOnPage()[text] ?? (text === '' ? [] : [{ type: 'text', text }]);
}
