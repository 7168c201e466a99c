import { Lexer, type Token } from 'marked';

/** The parts of marked's inline tokens that Markdown.tsx renders (what pages embed for the public build). */
export interface InlineToken {
  type: string;
  text?: string;
  href?: string;
  raw?: string;
  tokens?: InlineToken[];
}

function compact(tokens: readonly Token[] | undefined): InlineToken[] | undefined {
  if (!tokens) return undefined;
  return tokens.map((token) => {
    const out: InlineToken = { type: token.type };
    if ('text' in token && typeof token.text === 'string') out.text = token.text;
    else out.raw = token.raw;
    if (token.type === 'link') out.href = String(token.href ?? '');
    const inner = 'tokens' in token ? compact(token.tokens) : undefined;
    if (inner) out.tokens = inner;
    return out;
  });
}

/** A text with no Markdown in it: one text token, the text itself (pages do not embed those). */
export function isPlain(text: string, tokens: readonly InlineToken[]): boolean {
  return tokens.length === 0 ? text === '' : tokens.length === 1 && tokens[0]!.type === 'text' && tokens[0]!.text === text && !tokens[0]!.tokens;
}

let collected: Map<string, InlineToken[]> | null = null;

/**
 * Lexes one line of inline Markdown. While the server renders a page (collectInlineMarkdown), the tokens of every
 * text that has Markdown in it are kept: the page embeds them, and the public pages' browser code renders from
 * them (public/inlineMarkdown.ts) instead of loading marked.
 */
export function lexInline(text: string): InlineToken[] {
  const tokens = compact(Lexer.lexInline(text)) ?? [];
  if (collected && !isPlain(text, tokens)) collected.set(text, tokens);
  return tokens;
}

/** Runs a synchronous render and returns what it lexed, keyed by text. */
export function collectInlineMarkdown<T>(render: () => T): [T, Record<string, InlineToken[]>] {
  collected = new Map();
  try {
    const result = render();
    return [result, Object.fromEntries(collected)];
  } finally {
    collected = null;
  }
}
