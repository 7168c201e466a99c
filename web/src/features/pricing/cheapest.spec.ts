import { expect } from 'chai';
import { cheapestPlan } from './cheapest.js';

describe('the cheapest plan that runs a configuration', () => {
  it('2,000 viewers (40 units, $180 a month on the builder): unlimited at $79', () => {
    expect(cheapestPlan([{ name: 'vodViewers', limit: 2000 }], 18000)).to.equal('unlimited');
  });
  it('25 streams and 10 restreams (35 units, $160 a month): unlimited at $79', () => {
    expect(cheapestPlan([{ name: 'streams', limit: 25 }, { name: 'restream', limit: 10 }], 16000)).to.equal('unlimited');
  });
  it('3 streams ($15 a month): the builder', () => {
    expect(cheapestPlan([{ name: 'streams', limit: 3 }, { name: 'vodViewers', limit: 50 }], 1500)).to.equal('builder');
  });
  it('$79 exactly: the builder that was configured', () => {
    expect(cheapestPlan([{ name: 'streams', limit: 16 }], 7900)).to.equal('builder');
  });
  it('1 stream, 1 restream, 50 VOD and 5 pay-per-view viewers, 5 rooms: the free plan', () => {
    const modules = [
      { name: 'streams', limit: 1 },
      { name: 'restream', limit: 1 },
      { name: 'recordings', limit: 1 },
      { name: 'vodViewers', limit: 50 },
      { name: 'ppvViewers', limit: 5 },
      { name: 'conferenceRooms', limit: 5 },
    ] as const;
    expect(cheapestPlan(modules, 1500)).to.equal('free');
    expect(cheapestPlan([...modules.slice(0, 5), { name: 'conferenceRooms', limit: 10 }], 2000)).to.equal('builder');
  });
});
