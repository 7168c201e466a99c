import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';

/**
 * The secret that signs session tokens and the OAuth state: SESSION_SECRET, or on a single server without it
 * one generated once and kept in DATA_DIR/session-secret (mode 0600), so sessions survive restarts.
 */
export function sessionSecret(config: Config): string {
  if (!config.sessionSecretGenerated) return config.sessionSecret;
  const path = join(config.dataDir, 'session-secret');
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  try {
    writeFileSync(path, secret, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process on the same DATA_DIR (the scheduler beside the server) wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(path, 'utf8').trim();
    throw error;
  }
  return secret;
}
