/** Where "Sign in with Google" sends the browser (seed §7: the API base plus /auth/google). */
export function googleSignInUrl(returnTo: string): string {
  return `/auth/google?returnTo=${encodeURIComponent(returnTo)}`;
}
