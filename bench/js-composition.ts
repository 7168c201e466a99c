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
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

const webDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../web');

/**
 * Why each part loads. React's runtime is the floor of any hydration; the second group loads only because the
 * whole page hydrates as one app (router, store, translation runtime, Markdown parser).
 */
export const GROUPS: { name: string; packages: readonly string[] }[] = [
  { name: 'React runtime (any hydration)', packages: ['react-dom', 'scheduler', 'react'] },
  { name: 'whole-app runtime (router, store, i18n, Markdown)', packages: ['react-router', '@reduxjs/toolkit', 'redux', 'react-redux', 'reselect', 'immer', 'redux-thunk', 'i18next', 'react-i18next', 'use-sync-external-store', 'marked'] },
];

export interface MappedBuild {
  dir: string;
  close(): void;
}

/** Builds web/ with hidden source maps into a temporary folder (about half a minute). */
export function buildWithSourceMaps(): MappedBuild {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaycast-maps-'));
  execFileSync('npx', ['vite', 'build', '--sourcemap', 'hidden', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'], { cwd: webDir, stdio: ['ignore', 'ignore', 'inherit'] });
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
  const own = [...source.matchAll(/(?:^|\/)(web\/src\/(?:features\/[^/]+|app)|contracts\/src|billing-core\/src)\//g)].at(-1);
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

/** Attributes the scripts a page loaded (`/assets/<name>.js` with their transferred sizes) to their owners. */
export function composition(build: MappedBuild, files: readonly { url: string; transferred: number }[]): { shares: Share[]; unattributed: string[] } {
  const totals = new Map<string, Share>();
  const unattributed: string[] = [];
  for (const file of files) {
    const local = path.join(build.dir, file.url.replace(/^\//, ''));
    if (!existsSync(local) || !existsSync(`${local}.map`)) {
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
export function groupTotals(shares: readonly Share[]): { name: string; served: number }[] {
  const grouped = GROUPS.map((g) => ({ name: g.name, served: shares.filter((s) => g.packages.includes(s.owner)).reduce((a, s) => a + s.served, 0) }));
  const inGroups = new Set(GROUPS.flatMap((g) => g.packages));
  grouped.push({ name: 'the site’s own code and other packages', served: shares.filter((s) => !inGroups.has(s.owner)).reduce((a, s) => a + s.served, 0) });
  return grouped;
}
