import { openSqlite } from '@relaycast/billing-core';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Redis } from 'ioredis';
import { COOKIE_MAX_AGE_SECONDS, UnavailableError } from '@relaycast/contracts';

/**
 * Sessions and local passwords. Sessions are opaque random tokens; only their SHA-256 is stored, so a leaked
 * store does not leak usable tokens. Credentials live here rather than in the event log: a password hash is a
 * secret, not a business fact, and must be replaceable and erasable.
 */
export interface Session {
  userId: string;
  createdAt: number;
  expiresAt: number;
}

export interface AuthStore {
  /** Keeps a session under its token (only the token's SHA-256 is stored). */
  saveSession(token: string, session: Session): Promise<void>;
  getSession(token: string, now?: number): Promise<Session | null>;
  revokeSession(token: string): Promise<void>;
  revokeUserSessions(userId: string): Promise<void>;
  setPassword(userId: string, passwordHash: string): Promise<void>;
  getPassword(userId: string): Promise<string | null>;
  /**
   * Compare-and-set: replaces the user's hash only while it is still `expectedHash` (the one the current password
   * was checked against). Two changes at once: one replaces it, the other finds it changed and gets false.
   */
  replacePassword(userId: string, expectedHash: string, passwordHash: string): Promise<boolean>;
  /** Forgets a user's local password (erasure). */
  deletePassword(userId: string): Promise<void>;
  close(): Promise<void>;
}

export const SESSION_MS = COOKIE_MAX_AGE_SECONDS * 1000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createSqliteAuthStore(path: string): AuthStore {
  mkdirSync(dirname(path), { recursive: true });
  // The scheduler and the notifier open this file too, maybe at the same moment: the busy timeout first, a busy open retried.
  const db = openSqlite(path, { wal: true }, (db) => db.exec(`
    CREATE TABLE IF NOT EXISTS sessions (token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id);
    CREATE TABLE IF NOT EXISTS credentials (user_id TEXT PRIMARY KEY, password_hash TEXT NOT NULL);
  `));
  const insert = db.prepare('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)');
  const select = db.prepare<[string], { user_id: string; created_at: number; expires_at: number }>('SELECT user_id, created_at, expires_at FROM sessions WHERE token_hash = ?');
  const remove = db.prepare('DELETE FROM sessions WHERE token_hash = ?');
  const removeUser = db.prepare('DELETE FROM sessions WHERE user_id = ?');
  const purge = db.prepare('DELETE FROM sessions WHERE expires_at <= ?');
  const upsertPassword = db.prepare('INSERT INTO credentials (user_id, password_hash) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET password_hash = excluded.password_hash');
  const selectPassword = db.prepare<[string], { password_hash: string }>('SELECT password_hash FROM credentials WHERE user_id = ?');
  const removePassword = db.prepare('DELETE FROM credentials WHERE user_id = ?');
  const swapPassword = db.prepare('UPDATE credentials SET password_hash = ? WHERE user_id = ? AND password_hash = ?');
  return {
    async saveSession(token, session) {
      purge.run(session.createdAt);
      insert.run(hashToken(token), session.userId, session.createdAt, session.expiresAt);
    },
    async getSession(token, now = Date.now()) {
      const row = select.get(hashToken(token));
      if (!row || row.expires_at <= now) return null;
      return { userId: row.user_id, createdAt: row.created_at, expiresAt: row.expires_at };
    },
    async revokeSession(token) {
      remove.run(hashToken(token));
    },
    async revokeUserSessions(userId) {
      removeUser.run(userId);
    },
    async setPassword(userId, passwordHash) {
      upsertPassword.run(userId, passwordHash);
    },
    async getPassword(userId) {
      return selectPassword.get(userId)?.password_hash ?? null;
    },
    async replacePassword(userId, expectedHash, passwordHash) {
      return swapPassword.run(passwordHash, userId, expectedHash).changes === 1;
    },
    async deletePassword(userId) {
      removePassword.run(userId);
    },
    async close() {
      db.close();
    },
  };
}

const SWAP_PASSWORD = "if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2]) return 1 end return 0";

/** Sessions shared by every read-api replica (deploy), expiring by Redis TTL. */
export function createRedisAuthStore(client: Redis, prefix = 'auth'): AuthStore {
  const sessionKey = (hash: string) => `${prefix}:session:${hash}`;
  const userKey = (userId: string) => `${prefix}:user-sessions:${userId}`;
  const passwordKey = (userId: string) => `${prefix}:password:${userId}`;
  const guard = <T>(p: Promise<T>) =>
    p.catch((e: unknown) => {
      throw new UnavailableError(`Sessions are unavailable (Redis: ${(e as Error).message})`);
    });
  return {
    async saveSession(token, session) {
      const hash = hashToken(token);
      const ttl = Math.max(1, session.expiresAt - session.createdAt);
      await guard(client.multi().set(sessionKey(hash), JSON.stringify(session), 'PX', ttl).sadd(userKey(session.userId), hash).pexpire(userKey(session.userId), ttl).exec());
    },
    async getSession(token, now = Date.now()) {
      const json = await guard(client.get(sessionKey(hashToken(token))));
      if (!json) return null;
      const session = JSON.parse(json) as Session;
      return session.expiresAt > now ? session : null;
    },
    async revokeSession(token) {
      await guard(client.del(sessionKey(hashToken(token))));
    },
    async revokeUserSessions(userId) {
      const hashes = await guard(client.smembers(userKey(userId)));
      if (hashes.length) await guard(client.del(...hashes.map(sessionKey), userKey(userId)));
    },
    async setPassword(userId, passwordHash) {
      await guard(client.set(passwordKey(userId), passwordHash));
    },
    async getPassword(userId) {
      return guard(client.get(passwordKey(userId)));
    },
    async replacePassword(userId, expectedHash, passwordHash) {
      // One script: Redis runs it atomically, so no other change lands between the comparison and the write.
      const swapped = await guard(client.eval(SWAP_PASSWORD, 1, passwordKey(userId), expectedHash, passwordHash));
      return swapped === 1;
    },
    async deletePassword(userId) {
      await guard(client.del(passwordKey(userId)));
    },
    async close() {},
  };
}
