import { useId, useState } from 'react';
import { useT } from '../../../app/shell/hooks.js';
import { CodeBlock } from '../../ui/content/CodeBlock.js';
import { EXAMPLES } from './examples.js';
import { island } from '../../ui/Island.js';

/** A documented request: method and path, then its samples (JSON body, cURL, JavaScript) as tabs. */
function RequestExampleView({ id }: { id: string }) {
  const { t } = useT('common');
  const example = EXAMPLES[id];
  const [tab, setTab] = useState(0);
  const ids = useId();
  if (!example) return null;
  const sample = example.samples[tab] ?? example.samples[0];
  return (
    <div className="request-example" data-example={id}>
      <p>
        <span className="badge">{example.method}</span> <code>{example.path}</code>
      </p>
      {example.samples.length > 1 && (
        <div className="tabs" role="tablist" aria-label={t('examples.tabs')}>
          {example.samples.map((s, i) => (
            <button
              key={s.label}
              type="button"
              role="tab"
              id={`${ids}-tab-${i}`}
              aria-selected={i === tab}
              aria-controls={`${ids}-panel`}
              onClick={() => setTab(i)}
            >
              {s.label}
            </button>
          ))}
        </div>
      )}
      {sample && (
        <div id={`${ids}-panel`} role={example.samples.length > 1 ? 'tabpanel' : undefined} aria-labelledby={example.samples.length > 1 ? `${ids}-tab-${tab}` : undefined}>
          <CodeBlock code={sample.code} lang={sample.lang} title={`${sample.label} · ${example.method} ${example.path}`} />
        </div>
      )}
    </div>
  );
}

/** An island (features/ui/Island.tsx): the browser hydrates it on its own. */
export const RequestExample = island('request-example', RequestExampleView);
