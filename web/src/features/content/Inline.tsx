import type { ReactNode } from 'react';
import { AppLink } from '../ui/AppLink.js';

const TOKEN = /`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*/g;

/**
 * Renders the small inline markup locale texts may use: `code`, [label](/path or https://…) and **bold**.
 * Everything else is text (never HTML), so locale files cannot inject markup.
 */
export function Inline({ text }: { text: string }) {
  const out: ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const m of text.matchAll(TOKEN)) {
    const index = m.index ?? 0;
    if (index > last) out.push(text.slice(last, index));
    const [, code, label, href, bold] = m;
    if (code !== undefined) out.push(<code key={key++}>{code}</code>);
    else if (label !== undefined && href !== undefined) {
      out.push(
        href.startsWith('/') ? (
          <AppLink key={key++} to={href}>
            {label}
          </AppLink>
        ) : (
          <a key={key++} href={href} rel="noopener noreferrer" target="_blank">
            {label}
          </a>
        ),
      );
    } else if (bold !== undefined) out.push(<strong key={key++}>{bold}</strong>);
    last = index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return <>{out}</>;
}
