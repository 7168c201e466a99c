import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import * as useCases from '../../../billing-core/src/use-cases.js';

/**
 * The structure, held by its imports:
 *
 * 1. A route is an adapter: it imports from billing-core only its public entry (`@relaycast/billing-core`, never a
 *    deep path, never a relative path into its sources), and only what billing-core/src/use-cases.ts offers adapters
 *    — use cases, the deciders whose commands it runs, and a few values. Types carry no rule and are free. A route
 *    importing a rule (a fold, a state predicate like `coveredUntil`, a money computation) fails here.
 * 2. No import runs back up inside read-api/src: nothing runtime.ts imports (directly or through other modules) imports
 *    runtime.ts, not even for a type — nor does any module of a folder it imports from (auth/, mail/, payments/…):
 *    a folder is below the runtime or above it, not both.
 */

const here = dirname(fileURLToPath(import.meta.url));
const src = normalize(join(here, '..'));
const offered = new Set(Object.keys(useCases));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

interface Import {
  from: string;
  typeOnly: boolean;
  names: { name: string; typeOnly: boolean }[];
}

/** The import and export-from declarations of a source file (comments left out). */
function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const out: Import[] = [];
  for (const m of text.matchAll(/\b(import|export)\s+(type\s+)?([\s\S]*?)\s+from\s+'([^']+)'/g)) {
    const clause = m[3]!;
    const typeOnly = m[2] !== undefined;
    const braces = /\{([\s\S]*)\}/.exec(clause)?.[1] ?? '';
    const names = braces
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean)
      .map((n) => ({ name: n.replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim(), typeOnly: typeOnly || /^type\s/.test(n) }));
    // A default or namespace import names the whole module: count it as one value import of '*'.
    if (!typeOnly && /^[\w$]+|\*\s+as/.test(clause.replace(/\{[\s\S]*\}/, '').trim())) names.push({ name: '*', typeOnly: false });
    out.push({ from: m[4]!, typeOnly, names });
  }
  return out;
}

const resolve = (file: string, spec: string) => normalize(join(dirname(file), spec)).replace(/\.js$/, '.ts');

describe('the structure, held by its imports', () => {
  const routes = sources(join(src, 'routes'));

  it('routes import billing-core through its public entry only', () => {
    const deep = routes.flatMap((file) =>
      importsOf(file)
        .filter((i) => i.from.startsWith('@relaycast/billing-core/') || (i.from.startsWith('.') && resolve(file, i.from).includes(`${normalize('/billing-core/')}`)))
        .map((i) => `${relative(src, file)} imports ${i.from}`),
    );
    expect(deep).to.deep.equal([]);
  });

  it('routes call billing-core’s use cases, never its rules: every value they import is on use-cases.ts', () => {
    const rules = routes.flatMap((file) =>
      importsOf(file)
        .filter((i) => i.from === '@relaycast/billing-core')
        .flatMap((i) => i.names.filter((n) => !n.typeOnly && !offered.has(n.name)).map((n) => `${relative(src, file)} imports ${n.name}`)),
    );
    expect(rules).to.deep.equal([]);
  });

  it('the check sees what it checks: a route importing a rule would be named', () => {
    // The routes do import billing-core (so the checks above read real imports)…
    expect(routes.flatMap((file) => importsOf(file).filter((i) => i.from === '@relaycast/billing-core')).length).to.be.greaterThan(15);
    // …and a rule such as coveredUntil is not on the list, while a use case is.
    expect(offered.has('coveredUntil')).to.equal(false);
    expect(offered.has('aggregate')).to.equal(false);
    expect(offered.has('reviseSubscription')).to.equal(true);
    const sample = importsOf(join(src, 'routes', 'subscriptions.ts')).find((i) => i.from === '@relaycast/billing-core')!;
    expect(sample.names.map((n) => n.name)).to.include('reviseSubscription');
  });

  it('no import runs back up inside read-api/src: nothing runtime.ts depends on imports runtime.ts', () => {
    const runtime = join(src, 'runtime.ts');
    const graph = new Map<string, string[]>();
    for (const file of sources(src)) graph.set(file, importsOf(file).filter((i) => i.from.startsWith('.')).map((i) => resolve(file, i.from).replace(/\.ts$/, '')));
    const known = (path: string) => [...graph.keys()].find((f) => f.replace(/\.tsx?$/, '') === path);
    const below = new Set<string>();
    const stack = [runtime];
    while (stack.length) {
      for (const dep of graph.get(stack.pop()!) ?? []) {
        const file = known(dep);
        if (file && !below.has(file)) {
          below.add(file);
          stack.push(file);
        }
      }
    }
    expect(below.size, 'runtime.ts imports modules of its own').to.be.greaterThan(10);
    const backUp = [...below].filter((file) => (graph.get(file) ?? []).includes(runtime.replace(/\.ts$/, ''))).map((file) => relative(src, file));
    expect(backUp).to.deep.equal([]);
    const folders = new Set([...below].map((file) => dirname(file)).filter((folder) => folder !== src));
    const folderBackUp = [...graph.keys()].filter((file) => folders.has(dirname(file)) && (graph.get(file) ?? []).includes(runtime.replace(/\.ts$/, ''))).map((file) => relative(src, file));
    expect(folderBackUp, 'modules in folders below runtime.ts that import it').to.deep.equal([]);
  });
});
