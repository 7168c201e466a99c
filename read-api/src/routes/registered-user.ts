import { registerUser, type NewUser } from '@relaycast/billing-core';
import type { CommandMetadata, UserView } from '@relaycast/contracts';
import type { Runtime } from '../runtime.js';

/** Registers a user (billing-core: the address claimed, then the registration) and answers the user as the read model has it. */
export async function registerAndRead(rt: Runtime, user: NewUser, metadata: CommandMetadata): Promise<UserView> {
  const userId = await registerUser(rt.paymentDeps, user, metadata);
  const view = await rt.readSide.queries.getUser(userId);
  if (!view) throw new Error(`user ${userId} was registered but is not readable yet`);
  return view;
}
