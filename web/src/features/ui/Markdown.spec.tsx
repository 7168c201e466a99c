import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import { Inline } from './Markdown.js';

describe('Inline Markdown (marked’s lexer, rendered as React elements)', () => {
  const html = (text: string) => renderToStaticMarkup(<Inline text={text} />);

  it('renders code, strong, emphasis and external links', () => {
    expect(html('The payload with `pay_per_view_settings`, **bold** and *em*')).to.equal('The payload with <code>pay_per_view_settings</code>, <strong>bold</strong> and <em>em</em>');
    expect(html('[docs](https://example.com/x)')).to.equal('<a href="https://example.com/x" rel="noopener noreferrer" target="_blank">docs</a>');
  });

  it('never renders HTML from a text, nor a script link', () => {
    expect(html('a <img src=x onerror=alert(1)> b')).to.equal('a &lt;img src=x onerror=alert(1)&gt; b');
    expect(html('[click](javascript:alert(1))')).to.equal('<span>click</span>');
    expect(html('`<b>` & 5 > 3')).to.equal('<code>&lt;b&gt;</code> &amp; 5 &gt; 3');
  });
});
