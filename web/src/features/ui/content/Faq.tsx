import type { FaqItem } from './types.js';
import { Inline } from '../Markdown.js';

/** Questions and answers as native disclosure widgets (keyboard and screen-reader friendly, no script). */
export function Faq({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="faq" data-testid="faq">
      {items.map((item) => (
        <details key={item.q}>
          <summary>{item.q}</summary>
          <div>
            <Inline text={item.a} />
          </div>
        </details>
      ))}
    </div>
  );
}
