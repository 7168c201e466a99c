import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';

/**
 * A file of DATA_DIR written once by whichever process comes first, read by the others: written whole under a name of
 * its own, then linked into place (link fails when the name exists), so no process ever reads it half written. Answers
 * the content in place, this process's or the first one's.
 */
export function keepOnce(path: string, make: () => string, mode = 0o600): string {
  if (existsSync(path)) return readFileSync(path, 'utf8');
  const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, make(), { mode, flag: 'wx' });
  try {
    linkSync(draft, path);
  } catch (error) {
    // Another process on the same DATA_DIR (the scheduler beside the server) put it there first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return readFileSync(path, 'utf8');
}

/**
 * The secret that signs session tokens and the OAuth state: SESSION_SECRET, or on a single server without it
 * one generated once and kept in DATA_DIR/session-secret (mode 0600), so sessions survive restarts.
 */
export function sessionSecret(config: Config): string {
  if (!config.sessionSecretGenerated) return config.sessionSecret;
  mkdirSync(config.dataDir, { recursive: true });
  return keepOnce(join(config.dataDir, 'session-secret'), () => randomBytes(32).toString('hex')).trim();
}
