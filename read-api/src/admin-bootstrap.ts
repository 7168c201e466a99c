import { randomBytes } from 'node:crypto';
import { administratorId, userDecider } from '@relaycast/billing-core';
import { ConflictError } from '@relaycast/contracts';
import type { Runtime } from './runtime.js';
import { hashPassword } from './auth/passwords.js';
import { registerAndRead } from './routes/registered-user.js';

/**
 * The first administrator. On a fresh store, an account for ADMIN_EMAIL is registered (as the system), with
 * ADMIN_PASSWORD or a generated password printed once. When ADMIN_PASSWORD is set later, it resets the password.
 */
export async function ensureAdmin(rt: Runtime, attempt = 1): Promise<{ email: string; generatedPassword: string | null; created: boolean }> {
  const { adminEmail, adminPassword } = rt.config;
  const metadata = () => ({ now: new Date().toISOString(), actorId: 'system', actorRole: 'SYSTEM' as const, correlationId: 'bootstrap', causationId: null });
  const existing = await rt.readSide.queries.findUserByEmail(adminEmail);
  if (existing) {
    if (existing.role !== 'ROLE_ADMIN') await rt.execute(userDecider, existing._id, { type: 'ChangeUserRole', data: { role: 'ROLE_ADMIN' }, metadata: metadata() });
    if (adminPassword) await rt.auth.setPassword(existing._id, await hashPassword(adminPassword));
    else if (!(await rt.auth.getPassword(existing._id))) {
      const generated = randomBytes(12).toString('base64url');
      await rt.auth.setPassword(existing._id, await hashPassword(generated));
      return { email: adminEmail, generatedPassword: generated, created: false };
    }
    return { email: adminEmail, generatedPassword: null, created: false };
  }
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  let user;
  try {
    // The administrator's id derives from the address: replicas bootstrapping at once register the same user (one
    // stream, one registration), never two users with one address.
    user = await registerAndRead(rt, { userId: administratorId(adminEmail), email: adminEmail, givenName: 'Site', familyName: 'Administrator', role: 'ROLE_ADMIN', strategy: 'local' }, metadata());
  } catch (error) {
    // Another replica starting at the same moment registered the administrator first: use theirs.
    if (!(error instanceof ConflictError) || attempt >= 5) throw error;
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    await rt.readSide.waitFor(await rt.events.headPosition(), 10_000);
    return ensureAdmin(rt, attempt + 1);
  }
  await rt.auth.setPassword(user._id, await hashPassword(password));
  return { email: adminEmail, generatedPassword: adminPassword ? null : password, created: true };
}
