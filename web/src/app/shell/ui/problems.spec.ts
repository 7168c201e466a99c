import { expect } from 'chai';
import { appT } from '../../../test/texts.js';
import { localeResources } from '../../../test/render.js';
import { fieldErrors, problemText, reasonText } from './problems.js';

/** Refusals worded from the server's field, rule and parameters, in each language (issue 16). */
describe('server refusals in the reader’s language', () => {
  const resources = localeResources();
  const t = (lang: 'en' | 'ru') => appT(lang, resources, 'common');

  it('names the field by its label and the rule with its limit, never the JSON path or the enum', () => {
    expect(problemText({ field: 'givenName', rule: 'maxLength', params: { limit: 255 } }, t('en'))).to.equal('First name must have at most 255 characters');
    expect(problemText({ field: 'givenName', rule: 'maxLength', params: { limit: 255 } }, t('ru'))).to.equal('Имя: должно содержать не больше 255 символов');
    expect(problemText({ field: 'template[1].property_i18n', rule: 'empty' }, t('en'))).to.equal('Property key must not be empty');
    expect(problemText({ field: 'role', rule: 'enum', params: { allowed: 'ROLE_USER, ROLE_ADMIN' } }, t('ru'))).to.equal('Роль: не входит в допустимые варианты');
  });

  it('says what a code means when no field is named, and how many more problems there are', () => {
    expect(reasonText({ code: 'RATE_LIMITED' }, t('ru'))).to.equal('Слишком много попыток; подождите несколько минут и попробуйте снова.');
    expect(reasonText({ code: 'SOMETHING_NEW' }, t('en'))).to.equal('Something went wrong; please try again.');
    expect(reasonText({ code: 'VALIDATION_FAILED', problems: [{ field: 'email', rule: 'email' }, { field: 'password', rule: 'required' }] }, t('en'))).to.equal('Email must be a valid email address (and 1 more)');
  });

  it('gives a form one worded error per field', () => {
    expect(fieldErrors([{ field: 'email', rule: 'taken' }, { field: 'email', rule: 'email' }, { field: 'password', rule: 'weakPassword' }], t('en'))).to.deep.equal({
      email: 'Email is already registered',
      password: 'Password is too easy to guess: use a longer phrase of unrelated words, or add numbers and symbols',
    });
  });
});
