import { expect } from 'chai';
import { ADMIN_VIEWS, adminPath, canOpen, menuFor } from './access.js';

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

  it('the finance role opens the finance area and one subscription’s details (the drill-down), nothing else', () => {
    expect(ADMIN_VIEWS.filter((v) => canOpen(v, 'ROLE_FINANCE'))).to.deep.equal([
      'subscriptions/purchase-details',
      'finance',
      'finance/recognition',
      'finance/reconciliation',
      'finance/documents',
      'finance/ledger',
      'finance/taxes',
    ]);
    expect(ADMIN_VIEWS.filter((v) => v.startsWith('finance') && canOpen(v, 'ROLE_CUSTOMER'))).to.deep.equal([]);
  });

  it('menus: Home, Subscriptions, Users, Templates, Materials, Site pages, Files, E-mail, Finance for administrators; Subscriptions for customers; Finance for the finance role', () => {
    expect(menuFor('ROLE_ADMIN').map((m) => m.area)).to.deep.equal(['home', 'subscriptions', 'users', 'templates', 'materials', 'pages', 'files', 'mail', 'finance']);
    expect(menuFor('ROLE_ADMIN')[8]!.views).to.deep.equal(['finance', 'finance/recognition', 'finance/reconciliation', 'finance/documents', 'finance/ledger', 'finance/taxes']);
    expect(menuFor('ROLE_FINANCE')).to.deep.equal([{ area: 'finance', views: ['finance', 'finance/recognition', 'finance/reconciliation', 'finance/documents', 'finance/ledger', 'finance/taxes'] }]);
    expect(menuFor('ROLE_ADMIN')[0]!.views).to.deep.equal(['home']);
    expect(menuFor('ROLE_ADMIN')[2]!.views).to.deep.equal(['users/list', 'users/create']);
    expect(menuFor('ROLE_ADMIN')[5]!.views).to.deep.equal(['pages']);
    expect(menuFor('ROLE_ADMIN')[6]!.views).to.deep.equal(['files']);
    expect(menuFor('ROLE_ADMIN')[7]!.views).to.deep.equal(['mail']);
    expect(menuFor('ROLE_CUSTOMER')).to.deep.equal([{ area: 'subscriptions', views: ['subscriptions/list'] }]);
    expect(menuFor('ROLE_USER')).to.deep.equal([]);
  });

  it('addresses: /admin for the home, /admin/<view> for the others', () => {
    expect(adminPath('home')).to.equal('/admin');
    expect(adminPath('files')).to.equal('/admin/files');
    expect(adminPath('users/list')).to.equal('/admin/users/list');
  });
});
