import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '@relaycast/contracts';

/** Bytes of uploaded files under DATA_DIR/files, one file per id; facts about them are events. */
export interface FileStorage {
  save(bytes: Buffer): Promise<{ storageKey: string; sha256: string; size: number }>;
  open(storageKey: string): Promise<{ stream: Readable; size: number } | null>;
  remove(storageKey: string): Promise<void>;
}

/** A partial file this old belongs to an upload that crashed (one in progress is written within seconds). */
const STALE_PARTIAL_MS = 3_600_000;

export function createFileStorage(root: string): FileStorage {
  mkdirSync(root, { recursive: true });
  // Leftovers of uploads that crashed between writing and renaming: removed at start, never served, never kept.
  for (const name of readdirSync(root)) {
    if (!/^\.[A-Za-z0-9-]+\.partial$/.test(name)) continue;
    const path = join(root, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > STALE_PARTIAL_MS) rmSync(path, { force: true });
    } catch {
      // Gone already (another process cleaned it): nothing to do.
    }
  }
  const pathOf = (key: string) => {
    if (!/^[A-Za-z0-9-]+$/.test(key)) throw new AppError('VALIDATION_FAILED', 'storageKey is invalid');
    return join(root, key);
  };
  return {
    async save(bytes) {
      const storageKey = randomUUID();
      const tmp = join(root, `.${storageKey}.partial`);
      try {
        // Written aside and renamed, so a crash or a full disk never leaves a half file under a real key.
        await writeFile(tmp, bytes, { flag: 'wx' });
        await rename(tmp, pathOf(storageKey));
      } catch (error) {
        await rm(tmp, { force: true });
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOSPC' || code === 'EROFS' || code === 'EACCES' || code === 'EDQUOT') {
          throw new AppError('STORAGE_FULL', `File storage cannot accept the upload (${code}); nothing was saved`);
        }
        throw error;
      }
      return { storageKey, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
    },
    async open(storageKey) {
      try {
        const path = pathOf(storageKey);
        const { size } = await stat(path);
        return { stream: createReadStream(path), size };
      } catch {
        return null;
      }
    },
    async remove(storageKey) {
      await rm(pathOf(storageKey), { force: true });
    },
  };
}
