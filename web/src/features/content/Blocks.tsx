import type { ComponentType } from 'react';
import { useLang } from '../../app/shell/hooks.js';
import { illustration } from '../../app/shell/illustrations.js';
import { RequestExample } from './docs/RequestExample.js';
import { CodeBlock } from '../ui/content/CodeBlock.js';
import { Faq } from '../ui/content/Faq.js';
import { Inline } from '../ui/Markdown.js';
import type { Block } from '../ui/content/types.js';

/** Interactive pieces a page may place among its blocks with { "widget": "<name>" }. */
export type Widgets = Record<string, ComponentType>;

function BlockView({ block, widgets }: { block: Block; widgets?: Widgets }) {
  const lang = useLang();
  if ('p' in block) return <p><Inline text={block.p} /></p>;
  if ('h3' in block) return <h3>{block.h3}</h3>;
  if ('ul' in block)
    return (
      <ul>
        {block.ul.map((item) => (
          <li key={item}><Inline text={item} /></li>
        ))}
      </ul>
    );
  if ('ol' in block)
    return (
      <ol>
        {block.ol.map((item) => (
          <li key={item}><Inline text={item} /></li>
        ))}
      </ol>
    );
  if ('code' in block) return <CodeBlock code={block.code} lang={block.lang} title={block.title} />;
  if ('note' in block)
    return (
      <div className={`note${block.tone === 'warning' ? ' note-warning' : ''}`}>
        <Inline text={block.note} />
      </div>
    );
  if ('table' in block)
    return (
      // Wide tables scroll sideways on small screens; the region is focusable so keyboards can scroll it.
      <div className="table-wrap" tabIndex={0} role="region" aria-label={block.table.head.filter(Boolean).join(', ')}>
        <table>
          <thead>
            <tr>
              {block.table.head.map((h) => (
                <th key={h} scope="col">{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.table.rows.map((row) => (
              <tr key={row.join('|')}>
                {row.map((cell, i) => (
                  <td key={i}><Inline text={cell} /></td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  if ('faq' in block) return <Faq items={block.faq} />;
  if ('steps' in block)
    return (
      <ol className="steps">
        {block.steps.map((step) => (
          <li key={step.title}>
            <h3>{step.title}</h3>
            <p><Inline text={step.text} /></p>
            {step.code && <CodeBlock code={step.code} lang="bash" />}
          </li>
        ))}
      </ol>
    );
  if ('figure' in block)
    return (
      <figure className="figure">
        {/* The picture carries words: Russian pages show its Russian version (app/shell/illustrations.ts). */}
        <img src={illustration(block.figure, lang)} alt={block.alt} loading="lazy" decoding="async" width="960" height="540" />
        {block.caption && <figcaption>{block.caption}</figcaption>}
      </figure>
    );
  if ('example' in block) return <RequestExample id={block.example} />;
  if ('widget' in block) {
    const Widget = widgets?.[block.widget];
    return Widget ? <Widget /> : null;
  }
  return null;
}

export function Blocks({ blocks, widgets }: { blocks: readonly Block[]; widgets?: Widgets }) {
  return (
    <>
      {blocks.map((block, i) => (
        <BlockView key={i} block={block} widgets={widgets} />
      ))}
    </>
  );
}
