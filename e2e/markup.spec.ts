/**
 * Issue 16: no raw markup on any prerendered page, in either language. Content texts may carry Markdown (links,
 * code, emphasis); every place that shows them must render it. Scans the built HTML's visible text.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';

const DIST = fileURLToPath(new URL('../web/dist', import.meta.url));

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'assets' || name === 'img' ? [] : htmlFiles(full);
    return name.endsWith('.html') ? [full] : [];
  });
}

/** Markdown that was not rendered: [label](target), `code`, **bold**. */
const RAW_MARKUP = /\[[^\]\n]+\]\([^)\s]+\)|`[^`\n]+`|\*\*[^*\n]+\*\*/;

describe('prerendered pages show no raw markup (EN and RU)', () => {
  const files = htmlFiles(DIST);

  it('finds the prerendered pages of both languages', () => {
    expect(files.filter((f) => f.includes(`${path.sep}ru${path.sep}`)).length).to.be.greaterThan(20);
    expect(files.length).to.be.greaterThan(50);
  });

  it('no page text carries [links](…), `code` or **bold** as characters', () => {
    const found: string[] = [];
    for (const file of files) {
      const { document } = new JSDOM(readFileSync(file, 'utf8')).window;
      for (const s of document.querySelectorAll('script, style, noscript, template')) s.remove();
      // <code> and <pre> blocks show text as written (a shell command may contain backticks on purpose).
      for (const el of document.querySelectorAll('pre')) el.remove();
      const text = document.body?.textContent ?? '';
      const match = RAW_MARKUP.exec(text);
      if (match) found.push(`${path.relative(DIST, file)}: …${text.slice(Math.max(0, match.index - 40), match.index + match[0].length + 20).replace(/\s+/g, ' ')}…`);
    }
    expect(found, found.join('\n')).to.deep.equal([]);
  });
});
