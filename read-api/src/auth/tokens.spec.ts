import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { createLinkSigner, createTokenCodec, createTokenSigner } from './tokens.js';

const SECRET = 'a-session-secret-of-this-deployment';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Tokens as the earlier formats wrote them (documented in legacy-tokens.ts), built here by hand. */
function oldSessionToken(claims: unknown, secret = SECRET): string {
  const payload = b64(claims);
  return `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url')}`;
}
function oldLinkToken(purpose: string, claims: unknown): string {
  const key = createHmac('sha256', SECRET).update('relaycast mail links v1').digest();
  const payload = b64(claims);
  return `${payload}.${createHmac('sha256', key).update(`${purpose}.${payload}`).digest('base64url')}`;
}

describe('one token format (JWT, HS256, audience = purpose); tokens of the earlier formats still accepted', () => {
  const sessions = createTokenSigner(SECRET);
  const links = createLinkSigner(SECRET);
  const NOW = Date.parse('2026-03-01T10:00:00.000Z');

  it('a session token is a JWT naming its purpose; it verifies to its claims until it expires (to the second)', async () => {
    const token = await sessions.issue('user-1', 'ROLE_CUSTOMER', NOW + 3_600_000);
    const [header, payload] = token.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>);
    expect(header).to.deep.equal({ alg: 'HS256' });
    expect(payload).to.include({ uid: 'user-1', role: 'ROLE_CUSTOMER', aud: 'session', exp: 1_772_362_800 });
    expect(await sessions.verify(token, NOW)).to.include({ uid: 'user-1', role: 'ROLE_CUSTOMER', exp: 1_772_362_800_000 });
    expect(await sessions.verify(token, NOW + 3_600_000)).to.equal(null);
  });

  it('a session token of the earlier format still signs its user in; forged, expired or another secret’s, it does not', async () => {
    const claims = { sid: 'sid-1', uid: 'user-1', role: 'ROLE_ADMIN', exp: NOW + 60_000 };
    expect(await sessions.verify(oldSessionToken(claims), NOW)).to.deep.equal(claims);
    expect(await sessions.verify(oldSessionToken({ ...claims, exp: NOW - 1 }), NOW)).to.equal(null);
    expect(await sessions.verify(oldSessionToken(claims, 'another secret'), NOW)).to.equal(null);
    expect(await sessions.verify(`${b64({ ...claims, role: 'ROLE_ADMIN' })}.${oldSessionToken(claims).split('.')[1]}x`, NOW)).to.equal(null);
  });

  it('a token is good for its purpose only: a session is no unsubscribe link, a reset link no session', async () => {
    const session = await sessions.issue('user-1', 'ROLE_CUSTOMER', NOW + 3_600_000);
    expect(await links.verify('unsubscribe', session)).to.equal(null);
    const reset = await links.sign('reset', { uid: 'user-1', rid: 'r1' });
    expect(await sessions.verify(reset, NOW)).to.equal(null);
    expect(await links.verify('verify', reset)).to.equal(null);
    expect(await links.verify('reset', reset)).to.deep.equal({ uid: 'user-1', rid: 'r1' });
  });

  it('a link renders the same token every time (a resend is byte-identical); a verification link keeps its end', async () => {
    const claims = { uid: 'user-1', email: 'ada@example.com', exp: '2026-03-08T10:00:00.000Z' };
    const first = await links.sign('verify', claims);
    expect(await links.sign('verify', claims)).to.equal(first);
    expect(await links.verify('verify', first)).to.deep.equal(claims);
    expect(await createLinkSigner('another secret').verify('verify', first)).to.equal(null);
  });

  it('links e-mailed in the earlier format still work, for their own purpose only', async () => {
    expect(await links.verify('unsubscribe', oldLinkToken('unsubscribe', { uid: 'user-1' }))).to.deep.equal({ uid: 'user-1' });
    expect(await links.verify('reset', oldLinkToken('reset', { uid: 'user-1', rid: 'r9' }))).to.deep.equal({ uid: 'user-1', rid: 'r9' });
    expect(await links.verify('verify', oldLinkToken('verify', { uid: 'user-1', email: 'a@b.c', exp: '2026-03-08T10:00:00.000Z' }))).to.deep.equal({ uid: 'user-1', email: 'a@b.c', exp: '2026-03-08T10:00:00.000Z' });
    expect(await links.verify('reset', oldLinkToken('unsubscribe', { uid: 'user-1' }))).to.equal(null);
  });

  it('refuses what is not a token: too long, a wrong algorithm (alg none), garbage', async () => {
    const codec = createTokenCodec(SECRET);
    expect(await codec.verify('session', 'x'.repeat(3000))).to.equal(null);
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${b64({ uid: 'user-1', aud: 'session' })}.`;
    expect(await codec.verify('session', unsigned)).to.equal(null);
    expect(await links.verify('unsubscribe', 'a.b.c')).to.equal(null);
  });
});
