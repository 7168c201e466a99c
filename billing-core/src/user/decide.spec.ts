import { expect } from 'chai';
import { ConflictError, ForbiddenError, NotFoundError, type UserEvent } from '@relaycast/contracts';
import { given, meta } from '../../test/given.js';
import { emailDecider } from '../email/index.js';
import { userDecider } from './index.js';

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'user-1', email: 'ada@example.photography', givenName: 'Ada', familyName: 'Lovelace', role: 'ROLE_CUSTOMER', strategy: 'google' },
};
const self = meta({ actorId: 'user-1', actorRole: 'ROLE_CUSTOMER' });

describe('user decider', () => {
  it('registers a customer on sign-up, and only administrators register other roles', () => {
    given(userDecider).when({ type: 'RegisterUser', data: registered.data, metadata: self }).then([registered]);
    given(userDecider)
      .when({ type: 'RegisterUser', data: { ...registered.data, role: 'ROLE_ADMIN' }, metadata: self })
      .thenThrows(ForbiddenError, /ROLE_ADMIN/);
    given(userDecider).when({ type: 'RegisterUser', data: { ...registered.data, role: 'ROLE_ADMIN' }, metadata: meta() }).thenEvents();
    given(userDecider, [registered]).when({ type: 'RegisterUser', data: registered.data, metadata: meta() }).thenThrows(ConflictError);
  });

  it('records sign-ins', () => {
    given(userDecider, [registered]).when({ type: 'RecordSignIn', data: { strategy: 'google' }, metadata: self }).then([
      { type: 'UserSignedIn', data: { strategy: 'google', at: self.now } },
    ]);
  });

  it('updates only what changed; users edit their own names, administrators anything', () => {
    given(userDecider, [registered]).when({ type: 'UpdateUser', data: { givenName: 'Augusta', familyName: 'Lovelace' }, metadata: self }).then([
      { type: 'UserUpdated', data: { changes: { givenName: 'Augusta' }, previous: { givenName: 'Ada' } } },
    ]);
    given(userDecider, [registered]).when({ type: 'UpdateUser', data: { email: 'new@example.com' }, metadata: self }).thenThrows(ForbiddenError);
    given(userDecider, [registered]).when({ type: 'UpdateUser', data: { givenName: 'X' }, metadata: meta({ actorId: 'user-2', actorRole: 'ROLE_CUSTOMER' }) }).thenThrows(ForbiddenError);
    expect(given(userDecider, [registered]).when({ type: 'UpdateUser', data: { email: 'new@example.com' }, metadata: meta() }).thenEvents()).to.have.length(1);
  });

  it('changes roles by administrators only, never their own', () => {
    given(userDecider, [registered]).when({ type: 'ChangeUserRole', data: { role: 'ROLE_ADMIN' }, metadata: meta() }).then([
      { type: 'UserRoleChanged', data: { from: 'ROLE_CUSTOMER', to: 'ROLE_ADMIN' } },
    ]);
    given(userDecider, [registered]).when({ type: 'ChangeUserRole', data: { role: 'ROLE_ADMIN' }, metadata: self }).thenThrows(ForbiddenError);
    given(userDecider, [registered]).when({ type: 'ChangeUserRole', data: { role: 'ROLE_USER' }, metadata: meta({ actorId: 'user-1' }) }).thenThrows(ForbiddenError, /own role/);
  });

  it('removes users (not oneself), after which they are not found', () => {
    const removed: UserEvent = { type: 'UserRemoved', data: {} };
    given(userDecider, [registered]).when({ type: 'RemoveUser', data: {}, metadata: meta() }).then([removed]);
    given(userDecider, [registered]).when({ type: 'RemoveUser', data: {}, metadata: meta({ actorId: 'user-1' }) }).thenThrows(ForbiddenError);
    given(userDecider, [registered, removed]).when({ type: 'RecordSignIn', data: { strategy: 'google' }, metadata: self }).thenThrows(NotFoundError);
  });

  it('erases personal fields once; the state forgets them', () => {
    const erased: UserEvent = { type: 'UserErased', data: { reason: 'GDPR request #12' } };
    given(userDecider, [registered]).when({ type: 'EraseUser', data: { reason: 'GDPR request #12' }, metadata: meta() }).then([erased]);
    const g = given(userDecider, [registered, erased]);
    expect(g.state).to.include({ status: 'ERASED', email: '', givenName: '' });
    g.when({ type: 'EraseUser', data: { reason: 'again' }, metadata: meta() }).then([]);
  });
});

describe('e-mail claims', () => {
  const claim = (userId: string, takeover?: boolean) => ({ type: 'ClaimEmail' as const, data: { userId, ...(takeover ? { takeover } : {}) }, metadata: meta() });
  it('lets one user claim an address; a second claim conflicts unless it takes over', () => {
    given(emailDecider).when(claim('u1')).then([{ type: 'EmailClaimed', data: { userId: 'u1' } }]);
    const claimed = [{ type: 'EmailClaimed' as const, data: { userId: 'u1' } }];
    given(emailDecider, claimed).when(claim('u1')).then([]);
    given(emailDecider, claimed).when(claim('u2')).thenThrows(ConflictError, /already registered/);
    given(emailDecider, claimed).when(claim('u2', true)).then([{ type: 'EmailClaimed', data: { userId: 'u2' } }]);
  });
  it('releases only the owner’s claim', () => {
    const claimed = [{ type: 'EmailClaimed' as const, data: { userId: 'u1' } }];
    given(emailDecider, claimed).when({ type: 'ReleaseEmail', data: { userId: 'u2' }, metadata: meta() }).then([]);
    given(emailDecider, claimed).when({ type: 'ReleaseEmail', data: { userId: 'u1' }, metadata: meta() }).then([{ type: 'EmailReleased', data: { userId: 'u1' } }]);
    given(emailDecider, [...claimed, { type: 'EmailReleased', data: { userId: 'u1' } }]).when(claim('u2')).then([{ type: 'EmailClaimed', data: { userId: 'u2' } }]);
  });
});
