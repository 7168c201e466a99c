import type { ReactNode } from 'react';
import { lexInline, type InlineToken } from './inlineMarkdown.js';
import { AppLink } from '../../app/shell/ui/AppLink.js';

/**
 * Content texts (locale files, CMS entries) may carry inline Markdown: links, `code`, **strong**, *emphasis*,
 * ~~deleted~~. They are parsed by marked's lexer (inlineMarkdown.ts; no island renders them, so the public pages'
 * browser code never loads marked) and rendered as React elements: never as HTML (raw HTML in a text stays text), site links through AppLink
 * (the reader's language; client-side navigation in the app), other links in a new tab.
 */
function render(tokens: readonly InlineToken[] | undefined, keyPrefix = ''): ReactNode[] {
  return (tokens ?? []).map((token, i) => {
    const key = `${keyPrefix}${i}`;
    switch (token.type) {
      case 'link': {
        const href = String(token.href ?? '');
        const children = render(token.tokens, `${key}.`);
        if (href.startsWith('/')) {
          return (
            <AppLink key={key} to={href}>
              {children}
            </AppLink>
          );
        }
        if (!/^https?:\/\//i.test(href)) return <span key={key}>{children}</span>; // javascript:, data: and the like stay text
        return (
          <a key={key} href={href} rel="noopener noreferrer" target="_blank">
            {children}
          </a>
        );
      }
      case 'codespan':
        return <code key={key}>{token.text}</code>;
      case 'strong':
        return <strong key={key}>{render(token.tokens, `${key}.`)}</strong>;
      case 'em':
        return <em key={key}>{render(token.tokens, `${key}.`)}</em>;
      case 'del':
        return <del key={key}>{render(token.tokens, `${key}.`)}</del>;
      case 'br':
        return <br key={key} />;
      case 'text':
        return token.tokens ? render(token.tokens, `${key}.`) : token.text;
      default:
        // escape, html and anything else: the characters as written.
        return token.text !== undefined ? token.text : token.raw;
    }
  });
}

/** One line of content text with its inline Markdown rendered. */
export function Inline({ text }: { text: string }) {
  return <>{render(lexInline(text))}</>;
}
