// Baseline for bench/api.ts: a bare Express app answering one POST with a fixed JSON body of the same size as
// the real /subscriptions/findAll page, with express.json() like the real routes.
import express from 'express';

const payload = process.env.BARE_PAYLOAD ?? '{"data":[]}';
const app = express();
// No ETag, like the read-api's JSON answers: hashing the page for every answer is work the real route does not do.
app.set('etag', false);
app.post('/bare', express.json(), (_req, res) => {
  res.type('application/json').send(payload);
});
const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
