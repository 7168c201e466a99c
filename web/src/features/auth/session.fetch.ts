import { useState, useSyncExternalStore } from 'react';
import { COOKIE_NAMES } from '@relaycast/contracts/constants';
import { deleteCookie } from '../../app/shell/cookies.js';
import { useAppDispatch } from '../../app/shell/hooks.js';
import { postJson, type ApiExtraOptions } from '../../app/shell/http.js';
import { asSessionUser, type SessionUser } from '../../app/shell/sessionUser.js';
import type { Session, SignInCall, SignInResult } from './session.js';

/** undefined until getUser has answered; null when nobody is signed in (or the request failed). */
let user: SessionUser | null | undefined;
let request: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Asks who is signed in once, when the first component wants to know (seed §7 getUser). */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  request ??= postJson({ url: '/auth/google/getUser' }, { dispatch: () => undefined })
    .then((answer) => void (user = answer.error ? null : asSessionUser(answer.data)))
    .finally(() => listeners.forEach((l) => l()));
  return () => void listeners.delete(listener);
}

/** A call whose state the calling component keeps (a public page is one document: nothing else shares it). */
function useCall<B>(url: string, options?: ApiExtraOptions): SignInCall<B> {
  const dispatch = useAppDispatch();
  const [isLoading, setLoading] = useState(false);
  const call = async (body: B): Promise<SignInResult> => {
    setLoading(true);
    try {
      const answer = await postJson({ url, body }, { dispatch }, options);
      return answer.error ? { error: answer.error } : { data: asSessionUser(answer.data) };
    } finally {
      setLoading(false);
    }
  };
  return [call, { isLoading }] as const;
}

/**
 * The session on the public pages' islands: one request per call through the same postJson as RTK Query's base
 * query (the same toasts, the same errors), without RTK Query. Signing in or out loads a page, so who is signed in
 * is asked once per page.
 */
export const fetchSession: Session = {
  useSessionUser() {
    return useSyncExternalStore(
      subscribe,
      () => user ?? null,
      () => null,
    );
  },
  useSignOut() {
    const dispatch = useAppDispatch();
    return async () => {
      const answer = await postJson({ url: '/auth/google/logout' }, { dispatch });
      if (answer.error) return false;
      deleteCookie(COOKIE_NAMES.strategy);
      deleteCookie(COOKIE_NAMES.token);
      return true;
    };
  },
  useSignIn() {
    return useCall('/auth/local/signin');
  },
  useSignUp() {
    return useCall('/auth/local/register', { inlineErrors: true });
  },
};

/** Forgets who is signed in (tests start each page afresh). */
export function resetFetchSession(): void {
  user = undefined;
  request = null;
}
