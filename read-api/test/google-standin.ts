import { OAuth2Server } from 'oauth2-mock-server';
import type { ApiClient } from './harness.js';

/** The userinfo Google answers (OpenID Connect field names). */
export interface GoogleUser {
  sub: string;
  name: string;
  given_name: string;
  family_name: string;
  email: string;
  email_verified: boolean;
  picture: string;
}

export const GOOGLE_CLIENT = { id: 'standin-google-client.apps.googleusercontent.com', secret: 'standin-google-secret' };

/**
 * Google's OAuth endpoints, played by oauth2-mock-server (a real OAuth 2.0 / OpenID Connect server) on loopback:
 * /authorize redirects back with a code, /token exchanges it, /userinfo answers with Google's field names (set in
 * its beforeUserinfo hook). It records what our server sent it, so tests can check the protocol, not just the
 * outcome.
 */
export interface GoogleStandIn {
  url: string;
  /** The next sign-ins are this Google account. */
  user: GoogleUser;
  /** The query of every /authorize request (client_id, redirect_uri, scope, state…). */
  authorizeRequests: URLSearchParams[];
  /** The body of every /token request. */
  tokenRequests: Record<string, string>[];
  /** Authorization headers of /userinfo requests. */
  userinfoAuthorizations: string[];
  /** The environment pointing the app at this stand-in. */
  env(publicUrl: string): Record<string, string>;
  close(): Promise<void>;
}

export async function startGoogleStandIn(): Promise<GoogleStandIn> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const url = server.issuer.url!.replace(/\/$/, '');
  const standin: GoogleStandIn = {
    url,
    user: {
      sub: '104815162342',
      name: 'Grace Hopper',
      given_name: 'Grace',
      family_name: 'Hopper',
      email: 'grace.hopper@example.com',
      email_verified: true,
      picture: 'https://lh3.googleusercontent.com/a/grace=s96-c',
    },
    authorizeRequests: [],
    tokenRequests: [],
    userinfoAuthorizations: [],
    env: (publicUrl) => ({
      PUBLIC_URL: publicUrl,
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
      GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
      GOOGLE_AUTHORIZATION_URL: `${url}/authorize`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_USERINFO_URL: `${url}/userinfo`,
    }),
    close: () => server.stop(),
  };
  server.service.on('beforeAuthorizeRedirect', (_redirect: unknown, req: { url?: string }) => {
    standin.authorizeRequests.push(new URL(req.url ?? '/', url).searchParams);
  });
  server.service.on('beforeResponse', (_response: unknown, req: { body?: Record<string, string> }) => {
    standin.tokenRequests.push({ ...req.body });
  });
  server.service.on('beforeUserinfo', (response: { body: unknown; statusCode: number }, req: { headers: Record<string, string | undefined> }) => {
    standin.userinfoAuthorizations.push(req.headers.authorization ?? '');
    response.body = { ...standin.user };
  });
  return standin;
}

/**
 * What a browser does from our /auth/google link: our redirect to Google, Google's redirect back with a code, our
 * callback. Returns each hop; the client keeps the cookies our server sets, like a browser.
 */
export async function signInWithGoogle(client: ApiClient, startPath: string) {
  const start = await client.get(startPath);
  if (start.status !== 302) throw new Error(`/auth/google answered ${start.status}`);
  const authorize = new URL(start.headers.get('location')!);
  const atGoogle = await fetch(authorize, { redirect: 'manual' });
  const callbackUrl = atGoogle.headers.get('location');
  if (atGoogle.status !== 302 || !callbackUrl) throw new Error(`the provider answered ${atGoogle.status}`);
  const callback = new URL(callbackUrl);
  const done = await client.get(`${callback.pathname}${callback.search}`);
  return { start, authorize, callback, done, location: done.headers.get('location') };
}
