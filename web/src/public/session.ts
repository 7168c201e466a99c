import { useSyncExternalStore } from 'react';
import { COOKIE_NAMES } from '@relaycast/contracts/constants';
import { authHeaders, deleteCookie } from '../app/cookies.js';
import { asSessionUser, type SessionUser } from '../app/sessionUser.js';

/**
 * features/auth/session.ts on the public pages (vite.config.ts, mode `public`): the header's account menu learns
 * who is signed in with one request (seed §7 getUser), and signs out with another, without RTK Query. A public page
 * is one document: signing in or out loads a page, so nothing here needs to be told of a change.
 */
function post(url: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...authHeaders() },
    body: '{}',
  });
}

/** undefined until the answer is in; null when nobody is signed in (or the request failed). */
let user: SessionUser | null | undefined;
let request: Promise<void> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  request ??= post('/auth/google/getUser')
    .then((res) => (res.ok ? (res.json() as Promise<{ data?: unknown }>) : null))
    .then(
      (body) => void (user = asSessionUser(body?.data)),
      () => void (user = null),
    )
    .finally(() => listeners.forEach((l) => l()));
  return () => void listeners.delete(listener);
}

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(
    subscribe,
    () => user ?? null,
    () => null,
  );
}

async function signOut(): Promise<boolean> {
  try {
    const res = await post('/auth/google/logout');
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok || typeof body !== 'object' || body === null || 'error' in body) return false;
  } catch {
    return false;
  }
  deleteCookie(COOKIE_NAMES.strategy);
  deleteCookie(COOKIE_NAMES.token);
  return true;
}

export function useSignOut(): () => Promise<boolean> {
  return signOut;
}
