import { expect } from 'chai';
import { parsePurchaseQuery } from './signInQuery.js';

const q = (s: string) => parsePurchaseQuery(new URLSearchParams(s));

describe('/auth/sign-in query', () => {
  it('reads the constructor plan', () => {
    expect(q('infrastructure=selfhosted&plan=constructor')).to.deep.equal({ infrastructure: 'selfhosted', plan: 'constructor', subscriptionType: 'SUBSCRIPTION_MONTH' });
  });

  it('reads the builder’s modules when the button carried them: 25 streams and 10 restreams', () => {
    expect(q('infrastructure=selfhosted&plan=constructor&streams=25&restream=10')?.modules).to.deep.equal({ streams: 25, restream: 10, recordings: 0, vodViewers: 50, ppvViewers: 5, conferenceRooms: 0 });
  });

  it("accepts the seed's mounthly spelling and monthly alike, plus free and annual", () => {
    expect(q('infrastructure=selfhosted&plan=unlimited&period=mounthly')?.subscriptionType).to.equal('SUBSCRIPTION_MONTH');
    expect(q('infrastructure=selfhosted&plan=unlimited&period=monthly')?.subscriptionType).to.equal('SUBSCRIPTION_MONTH');
    expect(q('infrastructure=selfhosted&plan=unlimited&period=free')?.subscriptionType).to.equal('SUBSCRIPTION_FREE');
    expect(q('infrastructure=selfhosted&plan=unlimited&period=annual')?.subscriptionType).to.equal('SUBSCRIPTION_YEAR');
  });

  it('rejects unknown plans, infrastructures and a missing unlimited period', () => {
    expect(q('infrastructure=selfhosted&plan=gold')).to.equal(null);
    expect(q('infrastructure=mars&plan=constructor')).to.equal(null);
    expect(q('infrastructure=selfhosted&plan=unlimited')).to.equal(null);
    expect(q('infrastructure=selfhosted&plan=unlimited&period=weekly')).to.equal(null);
    expect(q('')).to.equal(null);
  });
});
