import { expect } from 'chai';
import { startTestServer, type ApiClient, type TestServer } from './harness.js';
import { paypalEnv, startPayPalStandIn, type PayPalStandIn } from './paypal-standin/server.js';

/**
 * For a describe block: the real API on a test billing clock starting at `start`, with the PayPal stand-in and the
 * scheduler off (it runs only when the administrator advances the clock, so every step is deterministic).
 * The fields are filled in `before`.
 */
export function useClockServer(start: string, env: Record<string, string> = {}) {
  const ctx = {} as {
    paypal: PayPalStandIn;
    server: TestServer;
    admin: ApiClient;
    /** The administrator's view of a subscription. */
    view(id: string): Promise<any>;
    /** Moves the clock (`{ days }`, `{ to }`…) and runs what fell due. */
    advance(body: { days?: number; to?: string }): Promise<{ now: string; ran: number }>;
  };
  before(async () => {
    ctx.paypal = await startPayPalStandIn();
    ctx.server = await startTestServer({ env: { ...paypalEnv(ctx.paypal), BILLING_CLOCK: 'test', BILLING_CLOCK_START: start, SCHEDULER: 'off', ...env } });
    ctx.admin = await ctx.server.admin();
  });
  after(async () => {
    await ctx.server?.close();
    await ctx.paypal?.close();
  });
  ctx.view = async (id) => (await ctx.admin.post('/subscriptions/findOne', { id })).body.data;
  ctx.advance = async (body) => {
    const res = await ctx.admin.post('/admin/clock/advance', body);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.data as { now: string; ran: number };
  };
  return ctx;
}
