import { expect } from 'chai';
import { ANALYTICS_CONVERSION_EVENT } from '@relaycast/contracts/constants';
import { trackUnitQuantity } from './analytics.js';

describe('analytics conversion event', () => {
  it('pushes the unit quantity to an existing dataLayer (Google Tag Manager)', () => {
    const target = { dataLayer: [{ event: 'gtm.js' }] as unknown[] };
    const event = trackUnitQuantity(7, 3500, target);
    expect(target.dataLayer).to.have.length(2);
    expect(target.dataLayer[1]).to.deep.equal({ event: ANALYTICS_CONVERSION_EVENT, unitQuantity: 7, value: 35, currency: 'USD' });
    expect(event).to.deep.equal(target.dataLayer[1]);
  });

  it('creates the dataLayer when no analytics is configured, without throwing', () => {
    const target: { dataLayer?: unknown[] } = {};
    expect(() => trackUnitQuantity(1, 500, target)).not.to.throw();
    expect(target.dataLayer).to.deep.equal([{ event: 'unit_quantity_calculated', unitQuantity: 1, value: 5, currency: 'USD' }]);
  });

  it('is a no-op outside a browser and never throws on a broken dataLayer', () => {
    expect(trackUnitQuantity(1, 500)).to.equal(null);
    const frozen: { dataLayer?: unknown[] } = {};
    Object.defineProperty(frozen, 'dataLayer', { value: Object.freeze<unknown[]>([]), writable: false });
    expect(trackUnitQuantity(2, 1000, frozen)).to.equal(null);
  });
});
