import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The file a relative specifier names: a module (.ts, .tsx, index.ts), or a file named with its extension (.css, .json). */
function resolveImport(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  const exact = path.resolve(path.dirname(from), spec);
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), exact].find((f) => existsSync(f) && statSync(f).isFile()) ?? null;
}

/**
 * Every relative import of a module — static, type-only, re-exports, side-effect and dynamic import() — resolved
 * to a file; one that names no file is kept as the path it would have.
 */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.[^'"]+)\1/gm)].map((m) => m[2]!);
  return specifiers.map((spec) => resolveImport(file, spec) ?? path.resolve(path.dirname(file), spec));
}

const isModule = (file: string) => /\.tsx?$/.test(file);

/**
 * What a module runs: every specifier it imports (relative or a package) except whole `import type` / `export type`
 * statements, which the build erases; relative ones resolved to files.
 */
function runtimeImportsOf(file: string): { files: string[]; packages: string[] } {
  const text = readFileSync(file, 'utf8').replace(/^\s*(?:import|export)\s+type\s[^;]*?from\s+(['"])[^'"]+\1;?/gm, '');
  const specifiers = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)(['"])([^'"]+)\1/gm)].map((m) => m[2]!);
  const packageOf = (spec: string) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');
  return {
    files: specifiers.filter((spec) => spec.startsWith('.')).map((spec) => resolveImport(file, spec)).filter((f): f is string => f !== null && isModule(f)),
    packages: specifiers.filter((spec) => !spec.startsWith('.')).map(packageOf),
  };
}

/** The packages an entry's modules run (its lazily loaded chunks included), each with the first module that imports it. */
function packagesFrom(entry: string): { modules: Set<string>; packages: Map<string, string> } {
  const modules = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [path.join(SRC, entry)];
  while (queue.length) {
    const file = queue.pop()!;
    if (modules.has(file)) continue;
    modules.add(file);
    const { files, packages: used } = runtimeImportsOf(file);
    for (const name of used) if (!packages.has(name)) packages.set(name, path.relative(SRC, file));
    queue.push(...files);
  }
  return { modules, packages };
}

/** The libraries of the app's build that the public pages' islands do without (their seams' own implementations). */
const APP_LIBRARIES = ['react-router', 'i18next', 'react-i18next', 'react-redux', '@reduxjs/toolkit', 'immer', 'marked'];

/** The modules reachable from an entry, each with its imports. */
function graphFrom(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const queue = [path.join(SRC, entry)];
  while (queue.length) {
    const file = queue.pop()!;
    if (graph.has(file)) continue;
    const deps = importsOf(file).filter((f) => isModule(f) && existsSync(f));
    graph.set(file, deps);
    queue.push(...deps);
  }
  return graph;
}

/** Every cycle (as the path that closes it), by depth-first search; nodes are named by `name` (files: from src/). */
function cyclesOf(graph: Map<string, string[]>, name: (node: string) => string = (file) => path.relative(SRC, file)): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const dep of graph.get(node) ?? []) {
      if (state.get(dep) === 'open') cycles.push([...stack.slice(stack.indexOf(dep)), dep].map(name).join(' → '));
      else if (!state.has(dep)) visit(dep);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

/** The feature a path under src/ belongs to (features/<feature>/…), or null outside features/. */
function featureOf(file: string): string | null {
  return /^features\/([^/]+)\//.exec(file)?.[1] ?? null;
}

/** The shell: the bottom layer every feature builds on (store setup, API base, seams, layout, ui). */
const SHELL = 'app/shell/';
const isShell = (file: string) => file.startsWith(SHELL);

/** The features that build on the shared subscriptions feature (its API, summary, actions, history, PayPal button). */
const SUBSCRIPTION_AREAS = ['account', 'admin', 'checkout'];

/**
 * Where a file may import from (paths from src/), by layer, from the bottom up:
 *  - the shell (app/shell/) imports only the shell;
 *  - a feature (features/<f>/) its own feature, features/ui/ and the shell; account, admin and checkout also
 *    features/subscriptions/; ui/ and subscriptions/ build on ui/ and the shell only;
 *  - the composition (the rest of app/, public/, the entries) puts features together and may import anything.
 * A test (*.spec.ts(x)) may also use the test helpers (test/), the locale files it checks (locales/) and the build
 * scripts it tests (../scripts/). Nothing runs back up: the shell never imports a feature or the composition, a
 * feature never imports another one or the composition — where a page shows another feature's part, the
 * composition puts them together (app/composed/, the header).
 */
function mayImport(from: string, to: string): boolean {
  const feature = featureOf(from);
  if (feature === null && !isShell(from)) return true;
  const allowed = isShell(from) ? [SHELL] : ['features/ui/', SHELL, `features/${feature}/`];
  if (feature !== null && SUBSCRIPTION_AREAS.includes(feature)) allowed.push('features/subscriptions/');
  if (/\.spec\.tsx?$/.test(from)) allowed.push('test/', 'locales/', '../scripts/');
  return allowed.some((prefix) => to.startsWith(prefix));
}

/** Every import a rule forbids, as "from → to" (paths from src/). */
function forbiddenImports(imports: Map<string, string[]>): string[] {
  return [...imports].flatMap(([from, deps]) => deps.filter((to) => !mayImport(from, to)).map((to) => `${from} → ${to}`));
}

/** The graph of features (an edge where any file of one imports a file of another), and its cycles. */
function featureCycles(imports: Map<string, string[]>): string[] {
  const graph = new Map<string, string[]>();
  for (const [from, deps] of imports) {
    const feature = featureOf(from);
    if (feature === null) continue;
    const edges = graph.get(feature) ?? [];
    for (const to of deps.map(featureOf)) if (to !== null && to !== feature && !edges.includes(to)) edges.push(to);
    graph.set(feature, edges);
  }
  return cyclesOf(graph, (feature) => feature);
}

/** Every file under features/ and app/shell/ with its relative imports, as paths from src/. */
function layeredImports(): Map<string, string[]> {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      const file = path.join(dir, entry);
      return statSync(file).isDirectory() ? walk(file) : isModule(file) ? [file] : [];
    });
  return new Map([...walk(path.join(SRC, 'features')), ...walk(path.join(SRC, SHELL))].map((file) => [path.relative(SRC, file), importsOf(file).map((dep) => path.relative(SRC, dep))]));
}

/**
 * The web app's structure, in three layers. The shell (app/shell/: store setup, the API base, the seams — navigation,
 * texts, state —, layout and ui) is the bottom; features build on it (and on features/ui/, their shared UI), plus
 * features/subscriptions/ for account, admin and checkout; no feature imports another (the whole list of exceptions
 * is in the failure), so features form no cycle either. The composition (the rest of app/: the route table, the
 * pages put together in app/composed/, the header; public/: the islands) is the top and the only place that
 * imports features.
 *
 * And no import cycle anywhere in the app, type-only and dynamic imports included: a cycle between the route table
 * and the pages (35 modules through app/pages.ts) once broke hydration. Pages import their types from
 * app/shell/pageTypes.ts and admin views theirs from admin/viewProps.ts, so nothing imports back into the table.
 */
describe('imports of the web app', () => {
  it('the cycle finder finds a cycle when there is one', () => {
    const a = path.join(SRC, 'a.ts');
    const b = path.join(SRC, 'b.ts');
    expect(cyclesOf(new Map([[a, [b]], [b, [a]]]))).to.deep.equal(['a.ts → b.ts → a.ts']);
  });

  it('the structure checks find a forbidden import and a cycle of features when there are some', () => {
    const imports = new Map([
      ['features/content/Page.tsx', ['features/content/Blocks.tsx', 'features/ui/Faq.tsx', 'app/shell/hooks.ts', 'features/pricing/Section.tsx']],
      ['features/pricing/Section.tsx', ['features/content/Blocks.tsx', 'app/shell/format.ts']],
      ['features/admin/View.tsx', ['features/subscriptions/api.ts', 'features/account/List.tsx']],
      ['features/subscriptions/api.ts', ['app/shell/api.ts', 'features/account/labels.ts']],
      ['features/home/Home.tsx', ['features/subscriptions/api.ts']],
      ['features/ui/Header.tsx', ['features/auth/LoginForm.tsx']],
      ['features/account/List.spec.ts', ['test/render.tsx', 'locales/en/account.json']],
      ['features/account/List.tsx', ['test/render.tsx']],
      // A feature reaching up into the composition (the route table), and the shell reaching up at all.
      ['features/content/Links.tsx', ['app/pages.ts', 'app/shell/ui/AppLink.tsx']],
      ['app/shell/ui/Menu.tsx', ['app/shell/ui/icons.tsx', 'features/auth/AccountMenu.tsx', 'features/ui/forms.tsx', 'app/pages.ts', 'public/islands.ts']],
      ['app/shell/ui/uiSlice.spec.ts', ['test/render.tsx', 'app/shell/store.ts']],
      ['app/pages.ts', ['features/home/Home.tsx', 'app/shell/pageTypes.ts']],
      ['public/islands.ts', ['features/pricing/Calculator.tsx', 'app/Header.tsx']],
    ]);
    expect(forbiddenImports(imports)).to.deep.equal([
      'features/content/Page.tsx → features/pricing/Section.tsx',
      'features/pricing/Section.tsx → features/content/Blocks.tsx',
      'features/admin/View.tsx → features/account/List.tsx',
      'features/subscriptions/api.ts → features/account/labels.ts',
      'features/home/Home.tsx → features/subscriptions/api.ts',
      'features/ui/Header.tsx → features/auth/LoginForm.tsx',
      'features/account/List.tsx → test/render.tsx',
      'features/content/Links.tsx → app/pages.ts',
      'app/shell/ui/Menu.tsx → features/auth/AccountMenu.tsx',
      'app/shell/ui/Menu.tsx → features/ui/forms.tsx',
      'app/shell/ui/Menu.tsx → app/pages.ts',
      'app/shell/ui/Menu.tsx → public/islands.ts',
    ]);
    expect(featureCycles(imports)).to.deep.equal(['content → pricing → content']);
    expect(featureCycles(new Map([['features/a/x.ts', ['features/b/y.ts']], ['features/b/y.ts', ['features/c/z.ts']], ['features/c/z.ts', ['features/a/x.ts']]]))).to.deep.equal(['a → b → c → a']);
  });

  it('nothing runs back up: the shell imports only the shell; features themselves, ui/ and the shell (and account, admin and checkout the subscriptions feature)', () => {
    const forbidden = forbiddenImports(layeredImports());
    expect(forbidden, `imports outside the allowed ones:\n  ${forbidden.join('\n  ')}\n`).to.deep.equal([]);
  });

  it('features form no cycle', () => {
    expect(featureCycles(layeredImports())).to.deep.equal([]);
  });

  it('the public pages’ islands run none of the app’s libraries: from public/main.tsx (every island and what it loads later) no React Router, i18next, react-i18next, react-redux, Redux Toolkit or marked', () => {
    const islands = packagesFrom('public/main.tsx');
    const used = APP_LIBRARIES.filter((name) => islands.packages.has(name)).map((name) => `${name} (from ${islands.packages.get(name)})`);
    expect(used).to.deep.equal([]);
    for (const island of ['app/Header.tsx', 'features/pricing/Calculator.tsx', 'features/auth/LoginForm.tsx', 'features/auth/AccountMenu.tsx', 'app/shell/layout/ShellExtras.tsx']) {
      expect(islands.modules.has(path.join(SRC, island)), `public/main.tsx reaches ${island}`).to.equal(true);
    }
    // The check sees these libraries where they are: the app's entry runs each but immer (Redux Toolkit's own) and marked (the pages').
    const app = packagesFrom('main.tsx');
    expect(APP_LIBRARIES.filter((name) => app.packages.has(name))).to.deep.equal(['react-router', 'i18next', 'react-i18next', 'react-redux', '@reduxjs/toolkit', 'marked']);
  });

  for (const entry of ['main.tsx', 'public/main.tsx', 'entry-server.tsx']) {
    it(`have no cycle from ${entry}${entry === 'public/main.tsx' ? '' : ', whose graph reaches every page'}`, () => {
      const graph = graphFrom(entry);
      const pages = ['features/home/HomePage.tsx', 'app/composed/ProductPage.tsx', 'features/admin/AdminPage.tsx', 'features/admin/users/UserFormView.tsx', 'features/account/AccountSubscriptions.tsx', 'features/checkout/BuyLicencePage.tsx'];
      for (const page of entry === 'public/main.tsx' ? [] : pages) {
        expect(graph.has(path.join(SRC, page)), `${entry} reaches ${page}`).to.equal(true);
      }
      expect(cyclesOf(graph)).to.deep.equal([]);
    });
  }
});
