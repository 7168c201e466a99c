import { expect } from 'chai';
import { emailDecider, emailStreamKey } from '@relaycast/billing-core';
import { ConflictError } from '@relaycast/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { registerAndRead as registerUser } from '../routes/registered-user.js';
import { ensureAdmin } from '../admin-bootstrap.js';

/**
 * Issue 14, item 9: an address claimed by a registration still in progress (its user has no events yet) was treated
 * as abandoned and taken over, so two registrations at once — two replicas bootstrapping the administrator — made
 * two users with one address.
 */
describe('one user per e-mail address, even at once', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  const meta = () => ({ now: new Date().toISOString(), actorId: 'system', actorRole: 'SYSTEM' as const, correlationId: 'test', causationId: null });

  it('does not take over an address another registration claimed a moment ago (its user not written yet)', async () => {
    const email = 'in-progress@example.com';
    await server.rt.handler.handle(emailDecider, emailStreamKey(email), { type: 'ClaimEmail', data: { userId: 'user-registering' }, metadata: meta() });
    let refused: unknown = null;
    try {
      await registerUser(server.rt, { email, givenName: 'Second', familyName: 'Comer', role: 'ROLE_CUSTOMER', strategy: 'local' }, meta());
    } catch (error) {
      refused = error;
    }
    expect(refused).to.be.instanceOf(ConflictError);
  });

  it('takes over an address whose registration was abandoned long ago', async () => {
    const email = 'abandoned@example.com';
    const longAgo = { ...meta(), now: new Date(Date.now() - 3_600_000).toISOString() };
    await server.rt.handler.handle(emailDecider, emailStreamKey(email), { type: 'ClaimEmail', data: { userId: 'user-never-written' }, metadata: longAgo });
    const user = await registerUser(server.rt, { email, givenName: 'Later', familyName: 'Comer', role: 'ROLE_CUSTOMER', strategy: 'local' }, meta());
    expect(user.email).to.equal(email);
  });

  it('five bootstraps of the administrator at once make one administrator', async () => {
    const fresh = await startTestServer();
    try {
      // A store whose administrator has not been created yet (the harness created its own): replicas starting together.
      fresh.rt.config.adminEmail = 'race-admin@example.com';
      await Promise.all([1, 2, 3, 4, 5].map(() => ensureAdmin(fresh.rt)));
      const all = await fresh.rt.events.readAll();
      const registered = all.filter((e) => e.type === 'UserRegistered' && (e.data as { email: string }).email === 'race-admin@example.com');
      expect(registered).to.have.length(1);
    } finally {
      await fresh.close();
    }
  });
});
