import { expect } from 'chai';
import express from 'express';
import { pino } from 'pino';
import type { AddressInfo } from 'node:net';
import { createMetrics } from '../metrics.js';
import { requestLog } from './request-log.js';

/** Which requests leave an info line: not health checks, metrics scrapes or assets, wherever they are mounted. */
describe('request log', () => {
  it('keeps asset answers out of the info log, also from a router mounted at /assets; logs page answers', async () => {
    const lines: { url: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as { url: string }) });
    const app = express();
    app.use(requestLog(logger, createMetrics()));
    const assets = express.Router();
    assets.get('/index-abc.js', (_req, res) => void res.type('js').send('x'));
    app.use('/assets', assets);
    app.get('/health', (_req, res) => void res.send('ok'));
    app.get('/pricing', (_req, res) => void res.send('page'));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const path of ['/assets/index-abc.js', '/health', '/pricing']) expect((await fetch(base + path)).status, path).to.equal(200);
      await new Promise((r) => setTimeout(r, 20));
      expect(lines.map((l) => l.url)).to.deep.equal(['/pricing']);
    } finally {
      server.close();
    }
  });
});
