import { expect } from 'chai';
import { MAX_TOASTS, toastAdded, toastDismissed, toastsSlice } from './toastsSlice.js';

describe('toastsSlice', () => {
  it('adds toasts with ids and kinds and dismisses them by id', () => {
    let s = toastsSlice.reducer(undefined, toastAdded('Copied', 'success'));
    s = toastsSlice.reducer(s, toastAdded('Error finding users', 'error'));
    expect(s.items.map((t) => [t.message, t.kind])).to.deep.equal([
      ['Copied', 'success'],
      ['Error finding users', 'error'],
    ]);
    expect(s.items[0]?.id).to.be.a('string').and.not.equal(s.items[1]?.id);
    s = toastsSlice.reducer(s, toastDismissed(s.items[0]?.id ?? ''));
    expect(s.items.map((t) => t.message)).to.deep.equal(['Error finding users']);
  });

  it('the same toast again replaces the earlier one instead of stacking', () => {
    let s = toastsSlice.reducer(undefined, toastAdded('', 'error', { code: 'VALIDATION_FAILED', problems: [{ field: 'email', rule: 'email' }] }));
    s = toastsSlice.reducer(s, toastAdded('Saved', 'success'));
    s = toastsSlice.reducer(s, toastAdded('', 'error', { code: 'VALIDATION_FAILED', problems: [{ field: 'email', rule: 'email' }] }));
    s = toastsSlice.reducer(s, toastAdded('', 'error', { code: 'VALIDATION_FAILED', problems: [{ field: 'password', rule: 'required' }] }));
    expect(s.items.map((t) => [t.message, t.reason?.problems?.[0]?.field ?? null])).to.deep.equal([
      ['Saved', null],
      ['', 'email'],
      ['', 'password'],
    ]);
  });

  it('defaults to info and keeps at most MAX_TOASTS, dropping the oldest', () => {
    let s = toastsSlice.reducer(undefined, toastAdded('one'));
    expect(s.items[0]?.kind).to.equal('info');
    for (let i = 2; i <= MAX_TOASTS + 2; i++) s = toastsSlice.reducer(s, toastAdded(`n${i}`));
    expect(s.items).to.have.length(MAX_TOASTS);
    expect(s.items.at(-1)?.message).to.equal(`n${MAX_TOASTS + 2}`);
    expect(s.items.some((t) => t.message === 'one')).to.equal(false);
  });
});
