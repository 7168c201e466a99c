import { expect } from 'chai';
import { ADMIN_VIEWS, canOpen, menuFor } from './access.js';

describe('admin access (seed §2, §6 menu rules)', () => {
  it('administrators open every admin route; customers only the subscription views (not the create form); users none', () => {
    for (const view of ADMIN_VIEWS) expect(canOpen(view, 'ROLE_ADMIN'), view).to.equal(true);
    expect(ADMIN_VIEWS.filter((v) => canOpen(v, 'ROLE_CUSTOMER'))).to.deep.equal([
      'subscriptions/purchase-details',
      'subscriptions/change-payment-method',
      'subscriptions/list',
    ]);
    expect(ADMIN_VIEWS.filter((v) => canOpen(v, 'ROLE_USER'))).to.deep.equal([]);
  });

  it('menus: Subscriptions, Users, Templates, Materials for administrators; Subscriptions for customers', () => {
    expect(menuFor('ROLE_ADMIN').map((m) => m.area)).to.deep.equal(['subscriptions', 'users', 'templates', 'materials']);
    expect(menuFor('ROLE_ADMIN')[1]!.views).to.deep.equal(['users/list', 'users/create']);
    expect(menuFor('ROLE_CUSTOMER')).to.deep.equal([{ area: 'subscriptions', views: ['subscriptions/list'] }]);
    expect(menuFor('ROLE_USER')).to.deep.equal([]);
  });
});

import { ACCOUNT_PAGES } from '../../app/pages.js';
describe('admin routes in the route registry', () => {
  it('every seed admin route is a client-only page of the admin module, with its view', () => {
    const admin = ACCOUNT_PAGES.filter((p) => p.path.startsWith('/admin/'));
    expect(admin.map((p) => p.path)).to.deep.equal(ADMIN_VIEWS.map((v) => `/admin/${v}`));
    for (const p of admin) {
      expect(p.prerender).to.equal(false);
      expect(p.params.view).to.equal(p.path.slice('/admin/'.length));
    }
    expect(ACCOUNT_PAGES.find((p) => p.id === 'buy-licence')?.path).to.equal('/user/buy-new-licence');
  });
});
