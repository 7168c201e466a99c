// Baseline for bench/api.ts with Redis read models: a bare Express app answering one POST with the page it reads
// from Redis (one GET per request), with express.json() like the real routes.
import express from 'express';
import { Redis } from 'ioredis';

const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const app = express();
// No ETag, like the read-api's JSON answers: hashing the page for every answer is work the real route does not do.
app.set('etag', false);
app.post('/bare', express.json(), async (_req, res, next) => {
  try {
    res.type('application/json').send(await redis.get('bench:page'));
  } catch (error) {
    next(error);
  }
});
const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => {
  redis.disconnect();
  process.exit(0);
}));
