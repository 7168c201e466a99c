import { Lexer, type Token } from 'marked';

/** The parts of marked's inline tokens that Markdown.tsx renders. */
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

/** Lexes one line of inline Markdown. */
export function lexInline(text: string): InlineToken[] {
  return compact(Lexer.lexInline(text)) ?? [];
}
