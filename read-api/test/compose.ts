import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ComposeService {
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
}

/** Compose's interpolation of `${VAR}`, `${VAR:-default}` and `${VAR:?error}` from the shell's variables. */
export function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{([A-Z0-9_]+)(?:(:-|:\?)([^}]*))?\}/g, (_all, name: string, op: string | undefined, arg: string | undefined) => {
    const set = vars[name];
    if (set !== undefined && set !== '') return set;
    if (op === ':?') throw new Error(`compose needs ${name}: ${arg}`);
    return op === ':-' ? (arg ?? '') : '';
  });
}

/** The bundle outputs the deploy starts (`node <dist>`) and the TypeScript entry points they are built from. */
export function bundleSources(): Map<string, string> {
  const map = new Map<string, string>();
  for (const [, src, dist] of readFileSync(join(ROOT, 'deploy/bundle.mjs'), 'utf8').matchAll(/\['([^']+\.ts)',\s*'([^']+\.js)'\]/g)) map.set(dist!, src!);
  for (const [src, dist] of JSON.parse(readFileSync(join(ROOT, 'deploy/bundle-entries.json'), 'utf8')) as [string, string][]) map.set(dist, src);
  return map;
}

/** deploy/compose.yaml's services, with YAML merge keys resolved. */
export function composeServices(): Record<string, ComposeService> {
  return (parse(readFileSync(join(ROOT, 'deploy/compose.yaml'), 'utf8'), { merge: true }) as { services: Record<string, ComposeService> }).services;
}
