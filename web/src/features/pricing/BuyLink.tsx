import type { ReactNode } from 'react';
import { COOKIE_NAMES } from '@relaycast/contracts/constants';
import { readCookie } from '../../app/shell/cookies.js';
import { useMounted } from '../../app/shell/hooks.js';
import { AppLink } from '../../app/shell/ui/AppLink.js';
import { purchaseHref } from '../../app/shell/purchaseQuery.js';

/**
 * A buy button. Prerendered (and to a visitor who is not signed in) it leads to /auth/sign-in with the purchase
 * query (seed §2); once the page runs in a browser that signed in (the auth_strategy cookie), straight to the
 * purchase step with the same query — the sign-in page does the same if it is reached anyway, and the purchase step
 * sends a visitor whose session ended back to sign in, the choice kept.
 */
export function BuyLink({ query, className, testId, children }: { query: string; className: string; testId?: string; children: ReactNode }) {
  const mounted = useMounted();
  const signedIn = mounted && readCookie(COOKIE_NAMES.strategy) !== null;
  return (
    <AppLink className={className} to={purchaseHref(query, signedIn)} data-testid={testId} data-signed-in={signedIn ? 'true' : undefined}>
      {children}
    </AppLink>
  );
}
