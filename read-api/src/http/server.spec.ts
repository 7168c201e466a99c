import { expect } from 'chai';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { listen } from './server.js';

describe('the HTTP server (requests born with express prototypes)', () => {
  let server: Server;
  let base: string;
  /** The prototypes requests and responses had when Node handed them over, before express saw them. */
  const born: { request: boolean; response: boolean }[] = [];
  const app = express();
  app.use(express.json());
  app.post('/echo', (req, res) => {
    res.cookie('seen', 'yes', { httpOnly: true, sameSite: 'lax' });
    res.status(201).json({
      header: req.get('x-probe'),
      path: req.path,
      query: req.query,
      body: req.body as unknown,
      hasApp: req.app === app,
    });
  });
  app.get('/stream', (_req, res) => {
    res.type('text/plain');
    res.write('one,');
    setTimeout(() => res.end('two'), 5);
  });

  before(async () => {
    server = await listen(app, 0, '127.0.0.1');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    server.prependListener('request', (req, res) => born.push({ request: Object.getPrototypeOf(req) === app.request, response: Object.getPrototypeOf(res) === app.response }));
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('hands express requests and responses born with express’s prototypes (nothing for express to swap), with everything express adds', async () => {
    const res = await fetch(`${base}/echo?x=1`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-probe': 'here' }, body: '{"a":[1,2]}' });
    expect(res.status).to.equal(201);
    expect(res.headers.get('set-cookie')).to.equal('seen=yes; Path=/; HttpOnly; SameSite=Lax');
    expect(born.at(-1)).to.deep.equal({ request: true, response: true });
    expect(await res.json()).to.deep.equal({
      header: 'here',
      path: '/echo',
      query: { x: '1' },
      body: { a: [1, 2] },
      hasApp: true,
    });
  });

  it('streams answers and serves many requests on one connection', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/stream`);
      expect(await res.text()).to.equal('one,two');
    }
  });

  it('refuses a port already taken instead of hanging', async () => {
    const port = (server.address() as AddressInfo).port;
    let error: unknown;
    try {
      await listen(app, port, '127.0.0.1');
    } catch (e) {
      error = e;
    }
    expect((error as NodeJS.ErrnoException | undefined)?.code).to.equal('EADDRINUSE');
  });
});
