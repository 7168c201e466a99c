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
    let s = toastsSlice.reducer(undefined, toastAdded('', 'error', { code: 'VALIDATION_FAILED', problems: [{ field: 'email', rule: 'email' }] }, '/admin/users/create'));
    s = toastsSlice.reducer(s, toastAdded('Saved', 'success', undefined, '/admin/users/list'));
    s = toastsSlice.reducer(s, toastAdded('', 'error', { code: 'VALIDATION_FAILED', problems: [{ field: 'email', rule: 'email' }] }, '/admin/users/create'));
    s = toastsSlice.reducer(s, toastAdded('', 'error', { code: 'VALIDATION_FAILED', problems: [{ field: 'password', rule: 'required' }] }, '/admin/users/create'));
    expect(s.items.map((t) => [t.message, t.reason?.problems?.[0]?.field ?? null])).to.deep.equal([
      ['Saved', null],
      ['', 'email'],
      ['', 'password'],
    ]);
  });

  it('a success dismisses the earlier errors of its page or form, and only those', () => {
    let s = toastsSlice.reducer(undefined, toastAdded('Accept the privacy policy', 'error', undefined, '/user/buy-new-licence'));
    s = toastsSlice.reducer(s, toastAdded('Error finding users', 'error', undefined, '/admin/users/list'));
    s = toastsSlice.reducer(s, toastAdded('Copied', 'info', undefined, '/user/buy-new-licence'));
    s = toastsSlice.reducer(s, toastAdded('Your subscription is live', 'success', undefined, '/user/buy-new-licence'));
    expect(s.items.map((t) => [t.message, t.kind])).to.deep.equal([
      ['Error finding users', 'error'],
      ['Copied', 'info'],
      ['Your subscription is live', 'success'],
    ]);
    // Named scopes: one form's success leaves another form's error on the same page.
    s = toastsSlice.reducer(undefined, toastAdded('Revision refused', 'error', undefined, 'revise'));
    s = toastsSlice.reducer(s, toastAdded('Paused', 'success', undefined, 'pause'));
    expect(s.items.map((t) => t.message)).to.deep.equal(['Revision refused', 'Paused']);
    s = toastsSlice.reducer(s, toastAdded('Revised', 'success', undefined, 'revise'));
    expect(s.items.map((t) => t.message)).to.deep.equal(['Paused', 'Revised']);
  });

  it('a toast raised without a scope belongs to the page it was raised on', () => {
    const s = toastsSlice.reducer(undefined, toastAdded('Saved', 'success'));
    // No browser in this test: no page.
    expect(s.items[0]?.scope).to.equal('');
  });

  it('defaults to info and keeps at most three, dropping the oldest', () => {
    expect(MAX_TOASTS).to.equal(3);
    let s = toastsSlice.reducer(undefined, toastAdded('one'));
    expect(s.items[0]?.kind).to.equal('info');
    for (const n of ['two', 'three', 'four', 'five']) s = toastsSlice.reducer(s, toastAdded(n));
    expect(s.items.map((t) => t.message)).to.deep.equal(['three', 'four', 'five']);
  });
});
