import type { UserView } from '@relaycast/contracts';

/** Who is calling, as the session middleware found out. */
export interface AuthContext {
  user: UserView | null;
  /** The session token, when the request carried a valid one. */
  token: string | null;
  /** Where the token came from: the httpOnly cookie (browsers) or the AUTH_TOKEN_VALUE header (API clients). */
  via: 'cookie' | 'header' | null;
  /** true while the session store or read models are unreachable and only the token's signature was checked. */
  degraded?: boolean;
}

declare module 'http' {
  interface IncomingMessage {
    /** Request id (pino-http), also the correlation id of every event the request causes. */
    id: string | number | object;
    auth: AuthContext;
  }
}
