import { expect } from 'chai';
import { postJson } from './http.js';

/** A fetch that answers one refusal, as the read-api writes it. */
function refusing(status: number, code: string): typeof fetch {
  return (async () => new Response(JSON.stringify({ error: { code, message: 'refused', details: { billingCountry: 'DE', payerCountry: 'AT' } } }), { status, headers: { 'content-type': 'application/json' } })) as typeof fetch;
}

describe('postJson: which refusals are toasted', () => {
  const real = globalThis.fetch;
  const realWarn = console.warn;
  beforeEach(() => {
    console.warn = () => undefined;
  });
  afterEach(() => {
    globalThis.fetch = real;
    console.warn = realWarn;
  });

  it('a code the page answers itself (the payer-country question) is handed back without a toast; any other code is toasted', async () => {
    const toasts: unknown[] = [];
    const api = { dispatch: (a: unknown) => toasts.push(a) };
    globalThis.fetch = refusing(409, 'TAX_COUNTRY_CONFLICT');
    const asked = await postJson({ url: '/subscriptions/captureOrder' }, api, { errorToast: 'Error finding subscription', answeredCodes: ['TAX_COUNTRY_CONFLICT'] });
    expect(asked.error).to.include({ status: 409, code: 'TAX_COUNTRY_CONFLICT' });
    expect(asked.error?.details).to.deep.equal({ billingCountry: 'DE', payerCountry: 'AT' });
    expect(toasts).to.have.length(0);

    globalThis.fetch = refusing(409, 'INVALID_TRANSITION');
    const failed = await postJson({ url: '/subscriptions/captureOrder' }, api, { errorToast: 'Error finding subscription', answeredCodes: ['TAX_COUNTRY_CONFLICT'] });
    expect(failed.error?.code).to.equal('INVALID_TRANSITION');
    expect(toasts).to.have.length(1);
  });
});
