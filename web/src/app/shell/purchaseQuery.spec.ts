import { expect } from 'chai';
import { builderModulesFromQuery, purchaseHref, purchaseQuery, queryNamesModules } from './purchaseQuery.js';

describe('the purchase query of buy buttons', () => {
  it("goes to /auth/sign-in with the seed's query values (mounthly spelling), or straight to the purchase when signed in", () => {
    expect(purchaseHref(purchaseQuery('constructor'), false)).to.equal('/auth/sign-in?infrastructure=selfhosted&plan=constructor');
    expect(purchaseHref(purchaseQuery('unlimited', 'free'), false)).to.equal('/auth/sign-in?infrastructure=selfhosted&plan=unlimited&period=free');
    expect(purchaseHref(purchaseQuery('unlimited', 'monthly'), false)).to.equal('/auth/sign-in?infrastructure=selfhosted&plan=unlimited&period=mounthly');
    expect(purchaseHref(purchaseQuery('unlimited', 'annual'), true)).to.equal('/user/buy-new-licence?infrastructure=selfhosted&plan=unlimited&period=annual');
  });

  it("carries the builder's modules that differ from its start: 25 streams and 10 restreams", () => {
    const query = purchaseQuery('constructor', { streams: 25, restream: 10, recordings: 0, vodViewers: 50, ppvViewers: 5, conferenceRooms: 0 });
    expect(query).to.equal('infrastructure=selfhosted&plan=constructor&streams=25&restream=10');
    expect(purchaseHref(query, true)).to.equal('/user/buy-new-licence?infrastructure=selfhosted&plan=constructor&streams=25&restream=10');
  });

  it('reads the modules back, each held to its range and step; absent ones start where the builder starts', () => {
    const params = new URLSearchParams('plan=constructor&streams=25&restream=10&vodViewers=120&conferenceRooms=999&ppvViewers=abc');
    expect(builderModulesFromQuery(params)).to.deep.equal({ streams: 25, restream: 10, recordings: 0, vodViewers: 100, ppvViewers: 5, conferenceRooms: 100 });
    expect(queryNamesModules(params)).to.equal(true);
    expect(queryNamesModules(new URLSearchParams('plan=constructor'))).to.equal(false);
    expect(builderModulesFromQuery(new URLSearchParams('streams=-4')).streams).to.equal(1);
  });
});
