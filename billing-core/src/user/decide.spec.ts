import { expect } from 'chai';
import { ConflictError, ForbiddenError, NotFoundError, ResetLinkLimitError, ValidationError, VerificationLinkTooSoonError, validate, type UserEvent } from '@relaycast/contracts';
import { given, meta, NOW } from '../../test/given.js';
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

  it('edits the language of the account with the names, as one UserUpdated', () => {
    given(userDecider, [registered]).when({ type: 'UpdateUser', data: { givenName: 'Ada', familyName: 'King', language: 'ru' }, metadata: self }).then([
      { type: 'UserUpdated', data: { changes: { familyName: 'King', language: 'ru' }, previous: { familyName: 'Lovelace', language: undefined } } },
    ]);
  });

  it('records a password change by the user only (never by an administrator), and not for a removed user', () => {
    given(userDecider, [registered]).when({ type: 'RecordPasswordChange', data: {}, metadata: self }).then([
      { type: 'UserPasswordChanged', data: { at: '2026-11-23T10:00:00.000Z' } },
    ]);
    given(userDecider, [registered]).when({ type: 'RecordPasswordChange', data: {}, metadata: meta() }).thenThrows(ForbiddenError, /own password/);
    given(userDecider, [registered, { type: 'UserRemoved', data: {} }]).when({ type: 'RecordPasswordChange', data: {}, metadata: self }).thenThrows(NotFoundError);
    const changed = given(userDecider, [registered, { type: 'UserPasswordChanged', data: { at: '2026-11-23T10:00:00.000Z' } }]);
    expect(changed.state).to.include({ passwordChangedAt: '2026-11-23T10:00:00.000Z' });
  });

  it('signs a user out everywhere: the user themself or an administrator, nobody else', () => {
    given(userDecider, [registered]).when({ type: 'SignOutEverywhere', data: {}, metadata: self }).then([
      { type: 'UserSignedOutEverywhere', data: { at: '2026-11-23T10:00:00.000Z' } },
    ]);
    given(userDecider, [registered]).when({ type: 'SignOutEverywhere', data: {}, metadata: meta() }).then([
      { type: 'UserSignedOutEverywhere', data: { at: '2026-11-23T10:00:00.000Z' } },
    ]);
    given(userDecider, [registered]).when({ type: 'SignOutEverywhere', data: {}, metadata: meta({ actorId: 'user-2', actorRole: 'ROLE_CUSTOMER' }) }).thenThrows(ForbiddenError);
  });

  it('erases personal fields once; the state forgets them', () => {
    const erased: UserEvent = { type: 'UserErased', data: { reason: 'GDPR request #12' } };
    given(userDecider, [registered]).when({ type: 'EraseUser', data: { reason: 'GDPR request #12' }, metadata: meta() }).then([erased]);
    const g = given(userDecider, [registered, erased]);
    expect(g.state).to.include({ status: 'ERASED', email: '', givenName: '' });
    g.when({ type: 'EraseUser', data: { reason: 'again' }, metadata: meta() }).then([]);
  });

  it('an administrator never erases their own account (FORBIDDEN)', () => {
    const admin: UserEvent = { type: 'UserRegistered', data: { ...registered.data, userId: 'admin-1', email: 'admin@example.com', role: 'ROLE_ADMIN' } };
    given(userDecider, [admin]).when({ type: 'EraseUser', data: { reason: 'oops' }, metadata: meta() }).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
  });
});

describe('user decider: billing details', () => {
  // GB123456789 has the UK's format but not its check digits (1·8 + 2·7 + … + 7·2 = 112; 112 + 89 = 201, neither ≡ 0
  // nor ≡ 55 mod 97): kept, and recorded as failing its check.
  const details = { name: 'Ada Lovelace', company: 'Analytical Engines Ltd', address: '12 St James’s Square\nLondon SW1Y 4JH', country: 'GB' as const, vatNumber: 'GB123456789' };
  const gbCheck = { vatNumber: 'GB123456789', country: 'GB' as const, offline: 'invalid' as const, checkedAt: NOW };
  it('records the details the customer or an administrator gives, with the VAT number\'s check; the same again records nothing; nobody else', () => {
    given(userDecider, [registered]).when({ type: 'ChangeBillingDetails', data: details, metadata: self }).then([{ type: 'BillingDetailsChanged', data: { billingDetails: details, vatNumberCheck: gbCheck } }]);
    given(userDecider, [registered]).when({ type: 'ChangeBillingDetails', data: details, metadata: meta() }).then([{ type: 'BillingDetailsChanged', data: { billingDetails: details, vatNumberCheck: gbCheck } }]);
    given(userDecider, [registered]).when({ type: 'ChangeBillingDetails', data: details, metadata: meta({ actorId: 'user-2', actorRole: 'ROLE_CUSTOMER' }) }).thenThrows(ForbiddenError);
    const set = given(userDecider, [registered, { type: 'BillingDetailsChanged', data: { billingDetails: details, vatNumberCheck: gbCheck } }]);
    expect(set.state).to.deep.include({ billingDetails: details, vatNumberCheck: gbCheck });
    set.when({ type: 'ChangeBillingDetails', data: details, metadata: self }).then([]);
  });
  it('without a VAT number: the details alone, and the check of a number given before is gone', () => {
    const { vatNumber: _none, ...noNumber } = details;
    const set = given(userDecider, [registered, { type: 'BillingDetailsChanged', data: { billingDetails: details, vatNumberCheck: gbCheck } }]);
    set.when({ type: 'ChangeBillingDetails', data: noNumber, metadata: self }).then([{ type: 'BillingDetailsChanged', data: { billingDetails: noNumber } }]);
    const after = given(userDecider, [registered, { type: 'BillingDetailsChanged', data: { billingDetails: details, vatNumberCheck: gbCheck } }, { type: 'BillingDetailsChanged', data: { billingDetails: noNumber } }]);
    expect((after.state as { vatNumberCheck?: unknown }).vatNumberCheck).to.equal(undefined);
  });
  it('a valid German number, written with spaces, is kept compact with its check (DE136695976: check digit 6, vat-number.spec.ts)', () => {
    const de = { name: 'Maschinen GmbH', address: 'Hauptstraße 1\n10115 Berlin', country: 'DE' as const, vatNumber: 'DE 136 695 976' };
    given(userDecider, [registered]).when({ type: 'ChangeBillingDetails', data: de, metadata: self }).then([
      { type: 'BillingDetailsChanged', data: { billingDetails: { ...de, vatNumber: 'DE136695976' }, vatNumberCheck: { vatNumber: 'DE136695976', country: 'DE', offline: 'valid', checkedAt: NOW } } },
    ]);
  });
  it('a number of another country, or not in the country\'s format, is refused naming vatNumber', () => {
    const refused = (vatNumber: string, message: RegExp) => {
      try {
        given(userDecider, [registered]).when({ type: 'ChangeBillingDetails', data: { ...details, country: 'DE', vatNumber }, metadata: self }).then([]);
      } catch (error) {
        expect(error).to.be.instanceOf(ValidationError);
        expect((error as ValidationError).problems.map((p) => p.field)).to.deep.equal(['vatNumber']);
        expect((error as ValidationError).message).to.match(message);
        return;
      }
      expect.fail(`${vatNumber} was accepted`);
    };
    refused('FR64443061841', /^vatNumber must start with DE/);
    refused('DE12345', /^vatNumber is not in the format of DE/);
  });
  it('VIES\'s answer is recorded with the check; the same answer again records nothing, another one is recorded', () => {
    const de = { name: 'Maschinen GmbH', address: 'Hauptstraße 1', country: 'DE' as const, vatNumber: 'DE136695976' };
    const check = { vatNumber: 'DE136695976', country: 'DE' as const, offline: 'valid' as const, checkedAt: NOW };
    const unavailable = { result: 'unavailable' as const, checkedAt: NOW };
    given(userDecider, [registered]).when({ type: 'ChangeBillingDetails', data: { ...de, vies: unavailable }, metadata: self }).then([
      { type: 'BillingDetailsChanged', data: { billingDetails: de, vatNumberCheck: { ...check, vies: unavailable } } },
    ]);
    const set = given(userDecider, [registered, { type: 'BillingDetailsChanged', data: { billingDetails: de, vatNumberCheck: { ...check, vies: unavailable } } }]);
    set.when({ type: 'ChangeBillingDetails', data: { ...de, vies: { result: 'unavailable', checkedAt: '2026-12-01T00:00:00.000Z' } }, metadata: self }).then([]);
    const valid = { result: 'valid' as const, checkedAt: '2026-12-01T00:00:00.000Z', requestIdentifier: 'WAPIAAAAYx1' };
    set.when({ type: 'ChangeBillingDetails', data: { ...de, vies: valid }, metadata: self }).then([{ type: 'BillingDetailsChanged', data: { billingDetails: de, vatNumberCheck: { ...check, vies: valid } } }]);
  });
  it('details recorded before numbers were checked get their check when given again', () => {
    const set = given(userDecider, [registered, { type: 'BillingDetailsChanged', data: { billingDetails: details } }]);
    set.when({ type: 'ChangeBillingDetails', data: details, metadata: self }).then([{ type: 'BillingDetailsChanged', data: { billingDetails: details, vatNumberCheck: gbCheck } }]);
  });
  it('refuses a country that is not an ISO code and names the field; an erased user has none and cannot get any', () => {
    // The handler checks the command's schema before decide: the message names the field.
    expect(() => validate(userDecider.commandSchemas.ChangeBillingDetails, { ...details, country: 'UK' })).to.throw(ValidationError, /country/);
    expect(() => validate(userDecider.commandSchemas.ChangeBillingDetails, { ...details, vatNumber: 'gb 123' })).to.throw(ValidationError, /vatNumber/);
    const erased = given(userDecider, [registered, { type: 'BillingDetailsChanged', data: { billingDetails: details, vatNumberCheck: gbCheck } }, { type: 'UserErased', data: { reason: 'GDPR' } }]);
    expect((erased.state as { billingDetails?: unknown }).billingDetails).to.equal(undefined);
    expect((erased.state as { vatNumberCheck?: unknown }).vatNumberCheck).to.equal(undefined);
    erased.when({ type: 'ChangeBillingDetails', data: details, metadata: meta() }).thenThrows(NotFoundError);
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

describe('user decider: verification, password reset, e-mail preferences (issue 25)', () => {
  const local: UserEvent = { type: 'UserRegistered', data: { ...registered.data, strategy: 'local', language: 'ru' } };
  const system = meta({ actorId: 'password-reset', actorRole: 'SYSTEM' });
  const at = (now: string) => meta({ actorId: 'password-reset', actorRole: 'SYSTEM', now });

  it('local sign-ups start unverified, Google sign-ups verified (also those recorded before the flag); the language is kept', () => {
    expect(given(userDecider, [local]).state).to.include({ emailVerified: false, language: 'ru', emailReminders: true });
    expect(given(userDecider, [registered]).state).to.include({ emailVerified: true });
  });

  it('verifies the current address once; a link for another address is refused naming the token; a new address is unverified again', () => {
    given(userDecider, [local]).when({ type: 'VerifyEmail', data: { email: 'ADA@example.photography' }, metadata: self }).then([
      { type: 'EmailVerified', data: { email: 'ada@example.photography', at: '2026-11-23T10:00:00.000Z' } },
    ]);
    const verified: UserEvent = { type: 'EmailVerified', data: { email: 'ada@example.photography', at: '2026-11-23T10:00:00.000Z' } };
    given(userDecider, [local, verified]).when({ type: 'VerifyEmail', data: { email: 'ada@example.photography' }, metadata: self }).then([]);
    given(userDecider, [local]).when({ type: 'VerifyEmail', data: { email: 'old@example.com' }, metadata: self }).thenThrows(ValidationError, /token/);
    const moved: UserEvent = { type: 'UserUpdated', data: { changes: { email: 'new@example.com' }, previous: { email: 'ada@example.photography' } } };
    expect(given(userDecider, [local, verified, moved]).state).to.include({ emailVerified: false, email: 'new@example.com' });
  });

  it('a verification link is asked for again only while unverified (409 naming email)', () => {
    given(userDecider, [local]).when({ type: 'RequestEmailVerification', data: {}, metadata: self }).then([
      { type: 'EmailVerificationRequested', data: { email: 'ada@example.photography', at: '2026-11-23T10:00:00.000Z' } },
    ]);
    given(userDecider, [registered]).when({ type: 'RequestEmailVerification', data: {}, metadata: self }).thenThrows(ConflictError, /verified already/);
  });

  it('a new verification link at most once a minute (VERIFICATION_LINK_TOO_SOON, naming email); the sign-up’s own link does not count', () => {
    const asked: UserEvent = { type: 'EmailVerificationRequested', data: { email: 'ada@example.photography', at: '2026-11-23T10:00:00.000Z' } };
    const selfAt = (now: string) => meta({ actorId: 'user-1', actorRole: 'ROLE_CUSTOMER', now });
    const refused = given(userDecider, [local, asked]).when({ type: 'RequestEmailVerification', data: {}, metadata: selfAt('2026-11-23T10:00:59.999Z') }).thenThrowsCode(VerificationLinkTooSoonError, 'VERIFICATION_LINK_TOO_SOON');
    expect(refused.details).to.deep.equal([{ field: 'email', message: 'was sent a link less than a minute ago', rule: 'tooSoon' }]);
    given(userDecider, [local, asked]).when({ type: 'RequestEmailVerification', data: {}, metadata: selfAt('2026-11-23T10:01:00.000Z') }).then([
      { type: 'EmailVerificationRequested', data: { email: 'ada@example.photography', at: '2026-11-23T10:01:00.000Z' } },
    ]);
  });

  it('reset links asked for by address: three an hour per account, the fourth refused (RESET_LINK_LIMIT); an administrator’s is not limited', () => {
    const asked = (id: string, at: string): UserEvent => ({ type: 'PasswordResetRequested', data: { requestId: id, expiresAt: '2026-11-23T12:00:00.000Z', at, by: 'USER' } });
    const three = [local, asked('r1', '2026-11-23T09:10:00.000Z'), asked('r2', '2026-11-23T09:20:00.000Z'), asked('r3', '2026-11-23T09:30:00.000Z')];
    const request = (now: string, metadata = meta({ actorId: 'password-reset', actorRole: 'SYSTEM', now })) => ({ type: 'RequestPasswordReset' as const, data: { requestId: 'r4', expiresAt: '2026-11-23T13:00:00.000Z' }, metadata });
    given(userDecider, three).when(request('2026-11-23T10:09:59.999Z')).thenThrowsCode(ResetLinkLimitError, 'RESET_LINK_LIMIT');
    // An hour after the first, it no longer counts: two in the last hour.
    given(userDecider, three).when(request('2026-11-23T10:10:00.000Z')).then([
      { type: 'PasswordResetRequested', data: { requestId: 'r4', expiresAt: '2026-11-23T13:00:00.000Z', at: '2026-11-23T10:10:00.000Z', by: 'USER' } },
    ]);
    given(userDecider, three).when(request('2026-11-23T10:00:00.000Z', meta({ now: '2026-11-23T10:00:00.000Z' }))).then([
      { type: 'PasswordResetRequested', data: { requestId: 'r4', expiresAt: '2026-11-23T13:00:00.000Z', at: '2026-11-23T10:00:00.000Z', by: 'ADMIN' } },
    ]);
  });

  it('a reset link: requested by the system (the user at the sign-in page) or an administrator; used once, before it expires', () => {
    const requested: UserEvent = { type: 'PasswordResetRequested', data: { requestId: 'r1', expiresAt: '2026-11-23T11:00:00.000Z', at: '2026-11-23T10:00:00.000Z', by: 'USER' } };
    given(userDecider, [local]).when({ type: 'RequestPasswordReset', data: { requestId: 'r1', expiresAt: '2026-11-23T11:00:00.000Z' }, metadata: system }).then([requested]);
    given(userDecider, [local]).when({ type: 'RequestPasswordReset', data: { requestId: 'r1', expiresAt: '2026-11-23T11:00:00.000Z' }, metadata: meta() }).then([{ ...requested, data: { ...requested.data, by: 'ADMIN' } } as UserEvent]);
    given(userDecider, [local]).when({ type: 'RequestPasswordReset', data: { requestId: 'r1', expiresAt: '2026-11-23T11:00:00.000Z' }, metadata: self }).thenThrows(ForbiddenError);
    given(userDecider, [local, requested]).when({ type: 'ResetPassword', data: { requestId: 'r1' }, metadata: at('2026-11-23T10:30:00.000Z') }).then([
      { type: 'PasswordReset', data: { requestId: 'r1', at: '2026-11-23T10:30:00.000Z' } },
    ]);
    const used: UserEvent = { type: 'PasswordReset', data: { requestId: 'r1', at: '2026-11-23T10:30:00.000Z' } };
    given(userDecider, [local, requested, used]).when({ type: 'ResetPassword', data: { requestId: 'r1' }, metadata: at('2026-11-23T10:31:00.000Z') }).thenThrows(ValidationError, /token was used already/);
    given(userDecider, [local, requested]).when({ type: 'ResetPassword', data: { requestId: 'r1' }, metadata: at('2026-11-23T11:00:00.000Z') }).thenThrows(ValidationError, /token has expired/);
    const changed: UserEvent = { type: 'UserPasswordChanged', data: { at: '2026-11-23T10:10:00.000Z' } };
    given(userDecider, [local, requested, changed]).when({ type: 'ResetPassword', data: { requestId: 'r1' }, metadata: at('2026-11-23T10:30:00.000Z') }).thenThrows(ValidationError, /later password change/);
    given(userDecider, [local, requested]).when({ type: 'ResetPassword', data: { requestId: 'r1' }, metadata: self }).thenThrows(ForbiddenError);
    given(userDecider, [local]).when({ type: 'ResetPassword', data: { requestId: 'nope' }, metadata: system }).thenThrows(ValidationError, /token/);
  });

  it('reminders off and on again (the user, the unsubscribe link acting as the user, an administrator); the same again records nothing', () => {
    given(userDecider, [local]).when({ type: 'SetEmailPreferences', data: { reminders: false, via: 'UNSUBSCRIBE_LINK' }, metadata: self }).then([
      { type: 'EmailPreferencesChanged', data: { reminders: false, via: 'UNSUBSCRIBE_LINK' } },
    ]);
    given(userDecider, [local]).when({ type: 'SetEmailPreferences', data: { reminders: true, via: 'PROFILE' }, metadata: self }).then([]);
    given(userDecider, [local]).when({ type: 'SetEmailPreferences', data: { reminders: false, via: 'PROFILE' }, metadata: meta({ actorId: 'user-2', actorRole: 'ROLE_CUSTOMER' }) }).thenThrows(ForbiddenError);
  });
});
