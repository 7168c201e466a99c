import { expect } from 'chai';
import type { BillingDetailsView } from '@relaycast/contracts';
import { billingBodyOf, sameAsSaved } from './billingBody.js';

const SAVED: NonNullable<BillingDetailsView> = { userId: 'u-1', updatedAt: '2026-03-01T00:00:00.000Z', name: 'Eva Muster', company: 'Muster GmbH', address: 'Hauptstraße 1\n10115 Berlin', country: 'DE', vatNumber: 'DE136695976' };

describe('the checkout’s billing details: what is sent, and when nothing needs sending', () => {
  it('trimmed, the VAT number in capitals (left out when empty), the saved company kept', () => {
    expect(billingBodyOf({ country: 'DE', vatNumber: ' de136695976 ', name: ' Eva Muster ', address: 'Hauptstraße 1\n10115 Berlin ' }, SAVED)).to.deep.equal({
      name: 'Eva Muster', company: 'Muster GmbH', address: 'Hauptstraße 1\n10115 Berlin', country: 'DE', vatNumber: 'DE136695976',
    });
    expect(billingBodyOf({ country: 'FR', vatNumber: '', name: 'Eva', address: 'Paris' }, undefined)).to.deep.equal({ name: 'Eva', address: 'Paris', country: 'FR' });
  });

  it('the saved details unchanged (the VAT number written with spaces) send nothing; another country does', () => {
    const same = billingBodyOf({ country: 'DE', vatNumber: 'DE 136 695 976', name: 'Eva Muster', address: 'Hauptstraße 1\n10115 Berlin' }, SAVED);
    expect(sameAsSaved(same, SAVED)).to.equal(true);
    expect(sameAsSaved({ ...same, country: 'AT' }, SAVED)).to.equal(false);
    expect(sameAsSaved(same, undefined)).to.equal(false);
  });
});
