import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every relative import of a module — static, type-only, re-exports and dynamic import() — resolved to a file. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)'(\.[^']+)'/gm)].map((m) => m[1]!);
  return specifiers.flatMap((spec) => {
    const base = path.resolve(path.dirname(file), spec.replace(/\.js$/, ''));
    const found = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((f) => existsSync(f));
    return found ? [found] : [];
  });
}

/** The modules reachable from an entry, each with its imports. */
function graphFrom(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const queue = [path.join(SRC, entry)];
  while (queue.length) {
    const file = queue.pop()!;
    if (graph.has(file)) continue;
    const deps = importsOf(file);
    graph.set(file, deps);
    queue.push(...deps);
  }
  return graph;
}

/** Every cycle (as the path that closes it), by depth-first search. */
function cyclesOf(graph: Map<string, string[]>): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const dep of graph.get(file) ?? []) {
      if (state.get(dep) === 'open') cycles.push([...stack.slice(stack.indexOf(dep)), dep].map((f) => path.relative(SRC, f)).join(' → '));
      else if (!state.has(dep)) visit(dep);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

/**
 * No import cycle anywhere in the app, type-only and dynamic imports included: a cycle between the route table
 * and the pages (35 modules through app/pages.ts) once broke hydration. Pages import their types from
 * app/pageTypes.ts, admin views theirs from admin/viewProps.ts, and links preload through app/preload.ts, so
 * nothing imports back into the table.
 */
describe('imports of the web app', () => {
  it('the cycle finder finds a cycle when there is one', () => {
    const a = path.join(SRC, 'a.ts');
    const b = path.join(SRC, 'b.ts');
    expect(cyclesOf(new Map([[a, [b]], [b, [a]]]))).to.deep.equal(['a.ts → b.ts → a.ts']);
  });

  for (const entry of ['main.tsx', 'entry-server.tsx']) {
    it(`have no cycle from ${entry}, whose graph reaches every page`, () => {
      const graph = graphFrom(entry);
      for (const page of ['features/home/HomePage.tsx', 'features/admin/AdminPage.tsx', 'features/admin/users/UserFormView.tsx', 'features/checkout/BuyLicencePage.tsx']) {
        expect(graph.has(path.join(SRC, page)), `${entry} reaches ${page}`).to.equal(true);
      }
      expect(cyclesOf(graph)).to.deep.equal([]);
    });
  }

  it('checkout and account borrow nothing from the admin feature', () => {
    const borrowed = [...graphFrom('main.tsx')].flatMap(([from, deps]) => {
      const name = path.relative(SRC, from);
      return /^features\/(checkout|account)\//.test(name) ? deps.map((d) => path.relative(SRC, d)).filter((d) => d.startsWith('features/admin/')).map((d) => `${name} → ${d}`) : [];
    });
    expect(borrowed).to.deep.equal([]);
  });
});
