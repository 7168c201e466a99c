import type { AnyEvent, EventEnvelope, UserView } from '@relaycast/contracts';
import { entityIdOf } from '@relaycast/contracts';
import { scoreOf, type Projection } from '../projection.js';
import type { UnitOfWork } from '../unit-of-work.js';

export const USERS = 'users';
/** Collections and indexes of the users read model. */
export const usersModel = {
  user: 'user',
  /** lower-cased e-mail → { userId } */
  email: 'email',
  /** subscription id → { userId }: which user a subscription's payment status belongs to */
  subscriptionOwner: 'subscriptionOwner',
  all: 'all',
  role: (role: string) => `role:${role}`,
} as const;

const HANDLES = new Set([
  'UserRegistered', 'UserSignedIn', 'UserUpdated', 'UserRoleChanged', 'UserRemoved', 'UserErased',
  'UserPasswordChanged', 'UserSignedOutEverywhere',
  'EmailVerificationRequested', 'EmailVerified', 'PasswordResetRequested', 'PasswordReset', 'EmailPreferencesChanged',
  'SubscriptionCreated', 'OrderCaptured', 'PaymentMethodChanged', 'SubscriptionCancelled',
]);

async function forget(uow: UnitOfWork, user: UserView): Promise<void> {
  uow.delete(usersModel.user, user._id);
  uow.delete(usersModel.email, user.email.toLowerCase());
  uow.unindex(usersModel.all, user._id);
  uow.unindex(usersModel.role(user.role), user._id);
}

/** Users list, user by id and by e-mail (seed §3 User, with PayPal status from the user's latest payment). */
export const usersProjection: Projection = {
  name: USERS,
  handles: HANDLES,
  async apply(raw: EventEnvelope, uow: UnitOfWork) {
    const event = raw as AnyEvent;
    const at = event.occurredAt;
    if (event.type === 'UserRegistered') {
      const { userId, ...fields } = event.data;
      // Google sign-ups arrive verified (those recorded before the flag too); local sign-ups verify by e-mail.
      const view: UserView = { _id: userId, ...fields, emailVerified: fields.emailVerified ?? fields.strategy === 'google', emailReminders: true, version: event.version, createdAt: at, updatedAt: at };
      uow.put(usersModel.user, userId, view);
      uow.put(usersModel.email, fields.email.toLowerCase(), { userId });
      uow.index(usersModel.all, userId, scoreOf(at));
      uow.index(usersModel.role(fields.role), userId, scoreOf(at));
      return;
    }
    if (event.type.startsWith('Subscription') || event.type === 'OrderCaptured' || event.type === 'PaymentMethodChanged') {
      const subscriptionId = entityIdOf(event.streamId);
      if (event.type === 'SubscriptionCreated') {
        uow.put(usersModel.subscriptionOwner, subscriptionId, { userId: event.data.user_id });
        return;
      }
      const owner = await uow.get<{ userId: string }>(usersModel.subscriptionOwner, subscriptionId);
      const user = owner && (await uow.get<UserView>(usersModel.user, owner.userId));
      if (!user) return;
      if (event.type === 'OrderCaptured' || event.type === 'PaymentMethodChanged') {
        uow.put(usersModel.user, user._id, { ...user, paypalSubscriptionID: event.data.paypalSubscriptionID, paypalSubscriptionStatus: 'ACTIVE', updatedAt: at });
      } else if (event.type === 'SubscriptionCancelled' && user.paypalSubscriptionID) {
        uow.put(usersModel.user, user._id, { ...user, paypalSubscriptionStatus: 'CANCELLED', updatedAt: at });
      }
      return;
    }
    const userId = entityIdOf(event.streamId);
    const user = await uow.get<UserView>(usersModel.user, userId);
    if (!user) return;
    const next: UserView = { ...user, version: event.version, updatedAt: at };
    switch (event.type) {
      case 'UserSignedIn':
        uow.put(usersModel.user, userId, { ...next, lastSignInAt: event.data.at });
        return;
      case 'UserUpdated': {
        const changes = event.data.changes as Partial<UserView>;
        const readdressed = changes.email !== undefined && changes.email.toLowerCase() !== user.email.toLowerCase();
        const updated = { ...next, ...changes, ...(readdressed ? { emailVerified: false } : {}) };
        if (changes.email !== undefined && changes.email.toLowerCase() !== user.email.toLowerCase()) {
          uow.delete(usersModel.email, user.email.toLowerCase());
          uow.put(usersModel.email, changes.email.toLowerCase(), { userId });
        }
        uow.put(usersModel.user, userId, updated);
        return;
      }
      case 'UserRoleChanged':
        uow.unindex(usersModel.role(user.role), userId);
        uow.index(usersModel.role(event.data.to), userId, scoreOf(user.createdAt));
        uow.put(usersModel.user, userId, { ...next, role: event.data.to });
        return;
      case 'UserRemoved':
      case 'UserErased':
        await forget(uow, user);
        return;
      case 'EmailVerified':
        uow.put(usersModel.user, userId, event.data.email.toLowerCase() === user.email.toLowerCase() ? { ...next, emailVerified: true } : next);
        return;
      case 'EmailPreferencesChanged':
        uow.put(usersModel.user, userId, { ...next, emailReminders: event.data.reminders });
        return;
      case 'EmailVerificationRequested':
      case 'PasswordResetRequested':
      case 'PasswordReset':
      case 'UserPasswordChanged':
      case 'UserSignedOutEverywhere':
        // Nothing shown changes; the version follows the stream's (an administrator's edit is checked against it).
        uow.put(usersModel.user, userId, next);
        return;
    }
  },
};
