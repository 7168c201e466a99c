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
