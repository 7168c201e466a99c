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
