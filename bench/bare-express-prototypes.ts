// A second baseline for bench/api.ts: the same bare Express app as bench/bare-express.mjs, on the HTTP server the
// read-api uses (requests and responses born with express's prototypes, read-api/src/http/server.ts). The ratio
// against it is the cost of the read-api's own per-request work alone, with the framework's floor the same.
import express from 'express';
import { listen } from '../read-api/src/http/server.js';

const payload = process.env.BARE_PAYLOAD ?? '{"data":[]}';
const app = express();
// No ETag, like the read-api's JSON answers: hashing the page for every answer is work the real route does not do.
app.set('etag', false);
app.post('/bare', express.json(), (_req, res) => {
  res.type('application/json').send(payload);
});
const server = await listen(app, Number(process.env.PORT || 0), '127.0.0.1');
const address = server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
