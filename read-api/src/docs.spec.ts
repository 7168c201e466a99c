import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

/**
 * What the docs say that can be checked mechanically: the environment variables. Every variable the product reads
 * (its processes: read-api, projections, billing-core) is named in the README or docs/, and every environment-variable
 * name the docs give exists: read by the product or by a tool (tests, benches), or else a name of something in the
 * code (an error code, a status, a constant) — a name that exists nowhere (a variable no code reads) fails.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const PRODUCT = ['billing-core/src', 'projections/src', 'read-api/src', 'contracts/src'];
const TOOLS = ['bench', 'e2e', 'read-api/test', 'billing-core/test', 'projections/test', 'deploy', 'web/scripts', 'web/vite.config.ts'];
const CODE = [...PRODUCT, ...TOOLS, 'web/src'];
/** Set by the platform, not by whoever runs the product: npm sets INIT_CWD for a script. */
const PLATFORM = new Set(['INIT_CWD']);

function filesUnder(path: string): string[] {
  const full = join(root, path);
  try {
    return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
      const child = join(path, entry.name);
      return entry.isDirectory() ? filesUnder(child) : /\.(ts|tsx|mjs|cjs|js)$/.test(entry.name) ? [child] : [];
    });
  } catch {
    return /\.(ts|mjs|js)$/.test(path) ? [path] : [];
  }
}

const read = (file: string) => readFileSync(join(root, file), 'utf8');
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
const ENV_READ = /(?:process\.env|\benv)(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g;

function envReads(paths: string[], { specs }: { specs: boolean }): Set<string> {
  const names = new Set<string>();
  for (const file of paths.flatMap(filesUnder)) {
    if (!specs && /\.spec\.tsx?$/.test(file)) continue;
    for (const m of withoutComments(read(file)).matchAll(ENV_READ)) names.add(m[1] ?? m[2]!);
  }
  return names;
}

const docs = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
/** Names the docs give in code spans (`NAME`, `NAME=value`, `NAME_*`): a word in capitals, digits and underscores. */
const named = new Map<string, string>();
for (const doc of docs) {
  for (const span of read(doc).matchAll(/`([^`\n]+)`/g)) {
    for (const m of span[1]!.matchAll(/(?<![\w.-])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?![\w.-])/g)) if (!named.has(m[1]!)) named.set(m[1]!, doc);
  }
}
const docText = docs.map(read).join('\n');

describe('the docs name the environment variables the code reads, and only those', () => {
  const product = envReads(PRODUCT, { specs: false });
  const anywhere = new Set([...product, ...envReads(TOOLS, { specs: true }), ...envReads(['billing-core/src', 'projections/src', 'read-api/src'], { specs: true })]);
  const self = relative(root, fileURLToPath(import.meta.url));
  const code = CODE.flatMap(filesUnder).filter((file) => file !== self).map((file) => withoutComments(read(file))).join('\n');

  it('every variable the product reads is named in the README or docs/', () => {
    expect(product.size, 'variables read by the product').to.be.greaterThan(50);
    const undocumented = [...product].filter((name) => !PLATFORM.has(name) && !new RegExp(`\`[^\`\\n]*\\b${name}\\b[^\`\\n]*\``).test(docText));
    expect(undocumented).to.deep.equal([]);
  });

  it('every variable-like name the docs give exists: read as a variable somewhere, or a name in the code', () => {
    expect(named.size).to.be.greaterThan(50);
    const unknown = [...named].filter(([name]) => !anywhere.has(name) && !new RegExp(`\\b${name}\\b`).test(code)).map(([name, doc]) => `${name} (${doc})`);
    expect(unknown).to.deep.equal([]);
  });

  it('the check catches a variable that exists nowhere (a documented REDIS_READ_URL no code reads)', () => {
    expect(anywhere.has('REDIS_READ_URL')).to.equal(false);
    expect(/\bREDIS_READ_URL\b/.test(code)).to.equal(false);
    expect(anywhere.has('SESSION_SECRET')).to.equal(true);
  });
});
