/**
 * The one validator against the seed's section 5 rules, at the schema level (the HTTP tests check the same rules
 * through the API; these pin the schemas and the messages every boundary shares).
 */
import { expect } from 'chai';
import { CaptureOrder, SubscriptionCreate, SubscriptionRevise, UserForm, ValidationError, fieldPath, isValid, problemsOf, validate } from './index.js';

const user = { givenName: 'Ada', familyName: 'Lovelace', email: 'ada@example.com', role: 'ROLE_CUSTOMER' };

describe('contracts validator (seed §5)', () => {
  it('user form: names of 1–255 characters, an email with any TLD, a known role; extra fields allowed', () => {
    expect(isValid(UserForm, user)).to.equal(true);
    expect(isValid(UserForm, { ...user, email: 'ada@example.museum', nickname: 'extra is fine' })).to.equal(true);
    expect(isValid(UserForm, { ...user, givenName: 'x'.repeat(255) })).to.equal(true);
    expect(problemsOf(UserForm, { ...user, givenName: 'x'.repeat(256) })).to.deep.include({ field: 'givenName', message: 'must NOT have more than 255 characters', rule: 'maxLength', params: { limit: 255 } });
    expect(problemsOf(UserForm, { ...user, familyName: '' }).map((p) => p.field)).to.deep.equal(['familyName']);
    expect(problemsOf(UserForm, { ...user, email: 'not-an-email' }).map((p) => p.field)).to.deep.equal(['email']);
    expect(problemsOf(UserForm, { ...user, role: 'ROLE_ROOT' }).map((p) => p.field)).to.deep.equal(['role']);
  });

  it('names every missing required field, and validate() throws a 400 ValidationError naming the first', () => {
    const fields = problemsOf(UserForm, {}).map((p) => p.field).sort();
    expect(fields).to.deep.equal(['email', 'familyName', 'givenName', 'role']);
    try {
      validate(UserForm, { ...user, email: 42 });
      expect.fail('validate accepted a number as the email');
    } catch (error) {
      expect(error).to.be.instanceOf(ValidationError);
      expect((error as ValidationError).code).to.equal('VALIDATION_FAILED');
      expect((error as ValidationError).message).to.match(/^email /);
    }
  });

  it('quantity is a whole number of at least 1 (revise, captureOrder); strings are not coerced', () => {
    const revise = { user_id: 'u1', paypalSubscriptionID: 'RCS-1', quantity: 1 };
    expect(isValid(SubscriptionRevise, revise)).to.equal(true);
    for (const quantity of [0, -1, 1.5, '2', Number.NaN, null]) {
      expect(new Set(problemsOf(SubscriptionRevise, { ...revise, quantity }).map((p) => p.field)), String(quantity)).to.deep.equal(new Set(['quantity']));
    }
    expect(problemsOf(CaptureOrder, { user_id: 'u1', paypalSubscriptionID: 'RCS-1', quantity: 1 }).map((p) => p.field)).to.deep.equal(['paypalOrderID']);
  });

  it('subscription create needs a known type and status and the user id', () => {
    const create = { subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: 'u1' };
    expect(isValid(SubscriptionCreate, create)).to.equal(true);
    expect(problemsOf(SubscriptionCreate, { ...create, subscription_type: 'WEEKLY' }).map((p) => p.field)).to.deep.equal(['subscription_type']);
    expect(problemsOf(SubscriptionCreate, { ...create, status: undefined }).map((p) => p.field)).to.deep.equal(['status']);
  });
});

describe('fieldPath', () => {
  it('writes indexes in brackets and quotes keys that are not plain names', () => {
    expect(fieldPath(['modules', 0, 'limit'])).to.equal('modules[0].limit');
    expect(fieldPath([' ', 'prototype'])).to.equal('[" "].prototype');
    expect(fieldPath(['a b', 'c"d'])).to.equal('["a b"]["c\\"d"]');
    expect(fieldPath([])).to.equal('body');
  });
});
