import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const load = createRequire(import.meta.url);

/**
 * better-sqlite3, in the version this Node can run. Version 12 (V8's own ObjectWrap) aborts the process on Node 24
 * when the garbage collector finalizes a statement (Node 24's ObjectWrap removes an environment cleanup hook there:
 * "Assertion failed: (env) != nullptr"); version 13 is built on Node-API 10, which Node has only from 22.14, and
 * crashes on Node 20. So: 13 (installed as the optional dependency `better-sqlite3-napi`, which npm skips on Node 20)
 * wherever Node-API 10 is there, 12 otherwise. The two have the same API.
 */
export const SqliteDatabase: typeof BetterSqlite3 =
  Number(process.versions.napi ?? 0) >= 10 ? (load('better-sqlite3-napi') as typeof BetterSqlite3) : (load('better-sqlite3') as typeof BetterSqlite3);

export type SqliteDatabase = BetterSqlite3.Database;
export type SqliteStatement<P extends unknown[] | {} = unknown[], R = unknown> = BetterSqlite3.Statement<P, R>;

/** How long a statement waits for another process's lock before SQLITE_BUSY (every handle, set when it opens). */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;
const OPEN_ATTEMPTS = 10;

const isBusy = (error: unknown) => /^SQLITE_(BUSY|LOCKED)/.test((error as { code?: string }).code ?? '');
const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Opens a SQLite file that other processes may open at the same moment (the read-api, the scheduler, the notifier
 * and the CLIs share DATA_DIR, and start in any order and at once). The busy timeout comes first, set by the open
 * itself before any statement; WAL is switched on only when the file is not in WAL already (the switch takes an
 * exclusive lock and can answer SQLITE_BUSY without waiting on the busy handler); `setup` (idempotent: CREATE … IF
 * NOT EXISTS) runs next. A SQLITE_BUSY anywhere in this is retried on a fresh handle, a bounded number of times with
 * a growing, jittered pause (about 4 s in all), and then thrown.
 */
export function openSqlite(path: string, options: { readonly?: boolean; fileMustExist?: boolean; wal?: boolean } = {}, setup?: (db: SqliteDatabase) => void): SqliteDatabase {
  for (let attempt = 1; ; attempt++) {
    let db: SqliteDatabase | null = null;
    try {
      db = new SqliteDatabase(path, { readonly: options.readonly ?? false, fileMustExist: options.fileMustExist ?? false, timeout: SQLITE_BUSY_TIMEOUT_MS });
      db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
      if (options.wal && !options.readonly && String(db.pragma('journal_mode', { simple: true })).toLowerCase() !== 'wal') db.pragma('journal_mode = WAL');
      setup?.(db);
      return db;
    } catch (error) {
      db?.close();
      if (!isBusy(error) || attempt >= OPEN_ATTEMPTS) throw error;
      sleepSync(Math.min(1000, 20 * 2 ** attempt) * (0.5 + Math.random() / 2));
    }
  }
}
