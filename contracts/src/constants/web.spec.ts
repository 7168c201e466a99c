import { expect } from 'chai';
import { landingAfterSignIn } from './web.js';

describe('landingAfterSignIn: where the browser goes after signing in', () => {
  it('administrators land on the admin home, in the language they signed in from', () => {
    expect(landingAfterSignIn('/', 'ROLE_ADMIN')).to.equal('/admin');
    expect(landingAfterSignIn('/pricing?period=annual', 'ROLE_ADMIN')).to.equal('/admin');
    expect(landingAfterSignIn('/user/buy-new-licence', 'ROLE_ADMIN')).to.equal('/admin');
    expect(landingAfterSignIn('/ru', 'ROLE_ADMIN')).to.equal('/ru/admin');
    expect(landingAfterSignIn('/ru/about#team', 'ROLE_ADMIN')).to.equal('/ru/admin');
    expect(landingAfterSignIn('/russia-streaming', 'ROLE_ADMIN')).to.equal('/admin');
  });

  it('an administrator on the way into the admin area, or in the middle of a purchase, goes on there', () => {
    expect(landingAfterSignIn('/admin/users/list', 'ROLE_ADMIN')).to.equal('/admin/users/list');
    expect(landingAfterSignIn('/ru/admin/files', 'ROLE_ADMIN')).to.equal('/ru/admin/files');
    expect(landingAfterSignIn('/user/buy-new-licence?infrastructure=selfhosted&plan=constructor', 'ROLE_ADMIN')).to.equal('/user/buy-new-licence?infrastructure=selfhosted&plan=constructor');
    expect(landingAfterSignIn('/ru/user/buy-new-licence?plan=unlimited&period=annual', 'ROLE_ADMIN')).to.equal('/ru/user/buy-new-licence?plan=unlimited&period=annual');
  });

  it('the finance role lands on the finance area, or goes on into the admin area; never to a purchase', () => {
    expect(landingAfterSignIn('/', 'ROLE_FINANCE')).to.equal('/admin/finance');
    expect(landingAfterSignIn('/ru/pricing', 'ROLE_FINANCE')).to.equal('/ru/admin/finance');
    expect(landingAfterSignIn('/admin', 'ROLE_FINANCE')).to.equal('/admin/finance');
    expect(landingAfterSignIn('/ru/admin', 'ROLE_FINANCE')).to.equal('/ru/admin/finance');
    expect(landingAfterSignIn('/admin/finance/reconciliation', 'ROLE_FINANCE')).to.equal('/admin/finance/reconciliation');
    expect(landingAfterSignIn('/admin/subscriptions/purchase-details?subscription=s1', 'ROLE_FINANCE')).to.equal('/admin/subscriptions/purchase-details?subscription=s1');
    expect(landingAfterSignIn('/user/buy-new-licence?plan=unlimited', 'ROLE_FINANCE')).to.equal('/admin/finance');
  });

  it('customers and other users go back where they were', () => {
    expect(landingAfterSignIn('/', 'ROLE_CUSTOMER')).to.equal('/');
    expect(landingAfterSignIn('/ru/pricing', 'ROLE_CUSTOMER')).to.equal('/ru/pricing');
    expect(landingAfterSignIn('/user/buy-new-licence', 'ROLE_CUSTOMER')).to.equal('/user/buy-new-licence');
    expect(landingAfterSignIn('/about', 'ROLE_USER')).to.equal('/about');
  });
});
