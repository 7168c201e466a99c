import { expect } from 'chai';
import { ConfigError, loadConfig } from './config.js';

/** Issue 31, item 1: TRUST_PROXY is the number of proxies in front; `true` (trust whatever the client wrote) is refused. */
describe('configuration: TRUST_PROXY', () => {
  const trust = (value: string | undefined) => loadConfig({ DATA_DIR: '/tmp/relaycast-config-spec', ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;

  it('reads a hop count: unset, empty, "false" and "0" are none; "1" and "2" are one and two proxies', () => {
    expect([trust(undefined), trust(''), trust('false'), trust('0'), trust('1'), trust('2')]).to.deep.equal([0, 0, 0, 0, 1, 2]);
  });

  it('refuses "true" (Express would take the leftmost X-Forwarded-For, the client’s own), and anything that is not a count', () => {
    expect(() => trust('true')).to.throw(ConfigError, /TRUST_PROXY=true .*leftmost X-Forwarded-For.*TRUST_PROXY=1/);
    for (const value of ['yes', '-1', '1.5', '11', 'loopback']) expect(() => trust(value), value).to.throw(ConfigError, /TRUST_PROXY must be the number of proxies/);
  });
});

/** Issue 35: the seller's tax identity, checked at start; a bad value names its variable. */
describe('configuration: SELLER_COUNTRY, SELLER_VAT_NUMBER, TAX', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/relaycast-config-spec', ...env });

  it('unset: the seller is in Estonia and VAT is computed', () => {
    expect(load({}).tax).to.deep.equal({ country: 'EE', enabled: true });
  });
  it('a country and its VAT number (written with spaces: kept compact for tax, as written on invoices)', () => {
    const config = load({ SELLER_COUNTRY: 'EE', SELLER_VAT_NUMBER: 'EE 101 234 568' });
    expect(config.tax).to.deep.equal({ country: 'EE', vatNumber: 'EE101234568', enabled: true });
    expect(config.seller.vatNumber).to.equal('EE 101 234 568');
  });
  it('TAX=off turns tax off; another value is refused', () => {
    expect(load({ TAX: 'off' }).tax.enabled).to.equal(false);
    expect(() => load({ TAX: 'no' })).to.throw(ConfigError, /^TAX must be one of on, off/);
  });
  it('a country that is not an ISO 3166-1 alpha-2 code is refused, naming SELLER_COUNTRY', () => {
    expect(() => load({ SELLER_COUNTRY: 'Estonia' })).to.throw(ConfigError, /^SELLER_COUNTRY must be an ISO 3166-1 alpha-2/);
    expect(() => load({ SELLER_COUNTRY: 'XX' })).to.throw(ConfigError, /^SELLER_COUNTRY/);
  });
  it('a VAT number that fails its check digits, is malformed, or is another country\'s is refused, naming SELLER_VAT_NUMBER', () => {
    // EE101234568 is valid (weights 3,7,1,3,7,1,3,7 over 1,0,1,2,3,4,5,6 sum to 92: check digit 8).
    expect(() => load({ SELLER_VAT_NUMBER: 'EE101234567' })).to.throw(ConfigError, /^SELLER_VAT_NUMBER fails its check digits/);
    expect(() => load({ SELLER_VAT_NUMBER: 'EE1012' })).to.throw(ConfigError, /^SELLER_VAT_NUMBER is not in the format/);
    expect(() => load({ SELLER_VAT_NUMBER: 'DE136695976' })).to.throw(ConfigError, /^SELLER_VAT_NUMBER must start with EE/);
    expect(() => load({ SELLER_COUNTRY: 'CY', SELLER_VAT_NUMBER: 'EE101234568' })).to.throw(ConfigError, /^SELLER_VAT_NUMBER must start with CY/);
  });
});
