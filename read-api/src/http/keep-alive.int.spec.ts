import { expect } from 'chai';
import { connect } from 'node:net';
import { startTestServer, type TestServer } from '../../test/harness.js';

/**
 * Behind a proxy that keeps upstream connections for 60 s (nginx, ingress-nginx, a cloud load balancer), the server
 * must not close an idle connection first: with Node's default 5 s a proxy reuses a connection the server is closing
 * and a POST sent on it is answered 502. A connection left idle 6 s still answers its next request.
 */
describe('idle keep-alive connections outlive a proxy’s reuse (KEEP_ALIVE_TIMEOUT_MS)', function () {
  this.timeout(30_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.close());

  it('a connection idle for 6 s (Node’s default closes at 5 s) answers the next request on the same socket', async () => {
    const { port } = new URL(server.baseUrl);
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    let closed = false;
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('close', () => (closed = true));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const ask = () => socket.write(`GET /health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
    ask();
    for (let i = 0; i < 100 && !received.includes('{"status":"ok"}'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(received).to.match(/^HTTP\/1\.1 200/);
    expect(received).to.match(/keep-alive: timeout=65/i);
    await new Promise((r) => setTimeout(r, 6000));
    expect(closed, 'the server kept the idle connection').to.equal(false);
    received = '';
    ask();
    for (let i = 0; i < 100 && !received.includes('{"status":"ok"}'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(received).to.match(/^HTTP\/1\.1 200/);
    socket.destroy();
  });
});
