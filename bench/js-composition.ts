/**
 * What the first-load JavaScript of a page is made of: each script's bytes attributed to the package (or the
 * site's own folder) they come from, through the source maps of a second build of the same sources.
 *
 * The served build has no source maps (they would be public). This module builds the client once more with
 * hidden maps into a temporary folder: the code, and so each file's hashed name, is the same; only the .map files
 * are added. Minified bytes are attributed exactly (each mapping segment to its source); the bytes as served are
 * estimated per file in proportion (compression does not split by source).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

const webDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../web');

/**
 * Why each part loads. React's runtime is the floor of any hydration (public pages hydrate their islands only);
 * Redux Toolkit, react-redux, the router, i18next and marked load only with the whole app (account, checkout, admin,
 * sign-in, embeds: spa.html) — public pages' islands run on the seams' island implementations of web/src/public/
 * (counted as the site's code) and on redux with its thunks (and reselect with the pricing code), in the store's group.
 */
export const GROUPS: { name: string; short: string; packages: readonly string[] }[] = [
  { name: 'React runtime (any hydration)', short: 'react', packages: ['react-dom', 'scheduler', 'react'] },
  { name: 'store (Redux Toolkit, immer, redux, react-redux, reselect)', short: 'rtk', packages: ['@reduxjs/toolkit', 'redux', 'react-redux', 'reselect', 'immer', 'redux-thunk', 'use-sync-external-store'] },
  { name: 'i18next + react-i18next', short: 'i18next', packages: ['i18next', 'react-i18next'] },
  { name: 'React Router', short: 'router', packages: ['react-router'] },
  { name: 'marked', short: 'marked', packages: ['marked'] },
];

export interface MappedBuild {
  dir: string;
  close(): void;
}

/** Builds web/ (the app's build and the public pages' build) with hidden source maps into a temporary folder. */
export function buildWithSourceMaps(): MappedBuild {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-maps-'));
  execFileSync('npx', ['vite', 'build', '--sourcemap', 'hidden', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'], { cwd: webDir, stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync('npx', ['vite', 'build', '--mode', 'public', '--sourcemap', 'hidden', '--outDir', dir, '--emptyOutDir', 'false', '--logLevel', 'error'], { cwd: webDir, stdio: ['ignore', 'ignore', 'inherit'] });
  return { dir, close: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The package a source belongs to: `react-dom`, `@reduxjs/toolkit`, or the site's own `web/src/features/ui`. */
export function ownerOf(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scope, name] = source.slice(modules + 'node_modules/'.length).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  // The workspaces' own sources, <workspace>/src/…: the last such folder in the path (a checkout inside a folder
  // named like a workspace must not claim everything).
  const own = [...source.matchAll(/(?:^|\/)(web\/src\/(?:features\/[^/]+|app\/shell|app|public)|contracts\/src|billing-core\/src)\//g)].at(-1);
  return own ? own[1]!.replace(/\/src$/, '') : 'other';
}

/** Minified bytes of one built file by owner (bytes no mapping covers count as "unmapped"). */
export function minifiedBytesByOwner(code: string, map: RawSourceMap): Map<string, number> {
  const consumer = new SourceMapConsumer(map);
  const lines = code.split('\n');
  const segments: { line: number; column: number; owner: string }[] = [];
  consumer.eachMapping((m) => segments.push({ line: m.generatedLine, column: m.generatedColumn, owner: m.source ? ownerOf(m.source) : 'unmapped' }), null, SourceMapConsumer.GENERATED_ORDER);
  const bytes = new Map<string, number>();
  const add = (owner: string, n: number) => n > 0 && bytes.set(owner, (bytes.get(owner) ?? 0) + n);
  let covered = 0;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    const next = segments[i + 1];
    const lineText = lines[s.line - 1] ?? '';
    // A segment runs to the next one on its line, or to the end of its line.
    const end = next && next.line === s.line ? next.column : lineText.length;
    const n = Buffer.byteLength(lineText.slice(s.column, end));
    add(s.owner, n);
    covered += n;
  }
  add('unmapped', Buffer.byteLength(code) - covered);
  return bytes;
}

export interface Share {
  owner: string;
  minified: number;
  /** Bytes as served, estimated: each file's transferred size split in proportion to its minified bytes. */
  served: number;
}

/**
 * The second build's copy of a served script: the same hashed name, or else (a chunk whose hash moved between the
 * two builds) the file with the same name before the hash whose size is nearest.
 */
function mappedFile(build: MappedBuild, url: string, transferred: number): string | null {
  const local = path.join(build.dir, url.replace(/^\//, ''));
  if (existsSync(local) && existsSync(`${local}.map`)) return local;
  const m = /^(.*\/)([^/]+)-[\w-]{8}\.js$/.exec(url.replace(/^\//, ''));
  if (!m) return null;
  const dir = path.join(build.dir, m[1]!);
  if (!existsSync(dir)) return null;
  const candidates = readdirSync(dir)
    .filter((f) => f.endsWith('.js') && f.startsWith(`${m[2]}-`) && f.length === m[2]!.length + 12 && existsSync(path.join(dir, `${f}.map`)))
    .map((f) => path.join(dir, f));
  // Compare Brotli sizes: the served bytes are Brotli too.
  const size = (f: string) => brotliCompressSync(readFileSync(f)).length;
  return candidates.sort((a, b) => Math.abs(size(a) - transferred) - Math.abs(size(b) - transferred))[0] ?? null;
}

/** Attributes the scripts a page loaded (`/assets/<name>.js` with their transferred sizes) to their owners. */
export function composition(build: MappedBuild, files: readonly { url: string; transferred: number }[]): { shares: Share[]; unattributed: string[] } {
  const totals = new Map<string, Share>();
  const unattributed: string[] = [];
  for (const file of files) {
    const local = mappedFile(build, file.url, file.transferred);
    if (!local) {
      unattributed.push(file.url);
      continue;
    }
    const bytes = minifiedBytesByOwner(readFileSync(local, 'utf8'), JSON.parse(readFileSync(`${local}.map`, 'utf8')) as RawSourceMap);
    const whole = [...bytes.values()].reduce((a, b) => a + b, 0);
    for (const [owner, n] of bytes) {
      const share = totals.get(owner) ?? { owner, minified: 0, served: 0 };
      share.minified += n;
      share.served += (file.transferred * n) / whole;
      totals.set(owner, share);
    }
  }
  return { shares: [...totals.values()].sort((a, b) => b.served - a.served), unattributed };
}

/** The page's bytes as served in each group of GROUPS, and the rest (the site's own code). */
export function groupTotals(shares: readonly Share[]): { name: string; short: string; served: number }[] {
  const grouped = GROUPS.map((g) => ({ name: g.name, short: g.short, served: shares.filter((s) => g.packages.includes(s.owner)).reduce((a, s) => a + s.served, 0) }));
  const inGroups = new Set(GROUPS.flatMap((g) => g.packages));
  grouped.push({ name: 'the site’s own code and other packages', short: 'site', served: shares.filter((s) => !inGroups.has(s.owner)).reduce((a, s) => a + s.served, 0) });
  return grouped;
}
