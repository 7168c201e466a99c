import Database from 'better-sqlite3';
import { createHash, randomBytes } from 'node:crypto';
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
  createSession(userId: string, now?: number): Promise<{ token: string; session: Session }>;
  getSession(token: string, now?: number): Promise<Session | null>;
  revokeSession(token: string): Promise<void>;
  revokeUserSessions(userId: string): Promise<void>;
  setPassword(userId: string, passwordHash: string): Promise<void>;
  getPassword(userId: string): Promise<string | null>;
  close(): Promise<void>;
}

const SESSION_MS = COOKIE_MAX_AGE_SECONDS * 1000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export function createSqliteAuthStore(path: string): AuthStore {
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.exec(`
    CREATE TABLE IF NOT EXISTS sessions (token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id);
    CREATE TABLE IF NOT EXISTS credentials (user_id TEXT PRIMARY KEY, password_hash TEXT NOT NULL);
  `);
  const insert = db.prepare('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)');
  const select = db.prepare<[string], { user_id: string; created_at: number; expires_at: number }>('SELECT user_id, created_at, expires_at FROM sessions WHERE token_hash = ?');
  const remove = db.prepare('DELETE FROM sessions WHERE token_hash = ?');
  const removeUser = db.prepare('DELETE FROM sessions WHERE user_id = ?');
  const purge = db.prepare('DELETE FROM sessions WHERE expires_at <= ?');
  const upsertPassword = db.prepare('INSERT INTO credentials (user_id, password_hash) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET password_hash = excluded.password_hash');
  const selectPassword = db.prepare<[string], { password_hash: string }>('SELECT password_hash FROM credentials WHERE user_id = ?');
  return {
    async createSession(userId, now = Date.now()) {
      purge.run(now);
      const token = newToken();
      const session = { userId, createdAt: now, expiresAt: now + SESSION_MS };
      insert.run(hashToken(token), userId, session.createdAt, session.expiresAt);
      return { token, session };
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
    async close() {
      db.close();
    },
  };
}

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
    async createSession(userId, now = Date.now()) {
      const token = newToken();
      const hash = hashToken(token);
      const session = { userId, createdAt: now, expiresAt: now + SESSION_MS };
      await guard(client.multi().set(sessionKey(hash), JSON.stringify(session), 'PX', SESSION_MS).sadd(userKey(userId), hash).pexpire(userKey(userId), SESSION_MS).exec());
      return { token, session };
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
    async close() {},
  };
}
