import { ENGINE_ACCESS_TOKEN_HEADER } from '@relaycast/contracts/constants';

/** The engine address the documentation's examples use. */
export const ENGINE_HOST = 'https://engine.example.com:8443';

/** A short request for places that show one call (the home page), without the full examples module. */
export const CONFERENCE_CURL = [
  `curl -X POST "${ENGINE_HOST}/api/conferences/create" \\`,
  `  -H "Content-Type: application/json" \\`,
  `  -H "${ENGINE_ACCESS_TOKEN_HEADER}: $RELAYCAST_ACCESS_TOKEN" \\`,
  `  -d '{"name":"Weekly editorial meeting","active":true}'`,
].join('\n');
