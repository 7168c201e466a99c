import { expect } from 'chai';
import type { EventEnvelope } from '@relaycast/contracts';
import { createFinanceFold } from './report.js';
import { parseCsv, reportToCsv } from './csv.js';

let position = 0n;
function event(streamId: string, type: string, occurredAt: string, data: Record<string, unknown>, demo: boolean): EventEnvelope {
  position++;
  return {
    id: `e${position}`,
    type,
    streamId,
    version: Number(position),
    position,
    occurredAt,
    data,
    metadata: { actorId: 'u1', actorRole: 'SYSTEM', correlationId: 'c', causationId: null, ...(demo ? { demo: true as const } : {}) },
  };
}

function subscription(id: string, demo: boolean, orderId: string, captureId: string, amount: number): EventEnvelope[] {
  const stream = `subscription-${id}`;
  return [
    event(stream, 'SubscriptionCreated', '2026-03-01T10:00:00.000Z', { subscriptionId: id, user_id: 'u1', plan: { plan_id: 'constructor' }, currency: 'USD', status: 'SUBSCRIPTION_STATUS_INITIAL' }, demo),
    event(stream, 'PaymentOrdered', '2026-03-01T10:00:01.000Z', { paypalOrderID: orderId, paypalSubscriptionID: 'RCS-X', amount, currency: 'USD', purpose: 'period' }, demo),
    event(stream, 'OrderCaptured', '2026-03-01T10:00:02.000Z', { paypalOrderID: orderId, paypalSubscriptionID: 'RCS-X', captureId, amount, currency: 'USD', quantity: 1, capturedAt: '2026-03-01T10:00:02.000Z', purpose: 'period' }, demo),
  ];
}

/** Demo payments (events marked `demo`, PAYMENTS=demo) moved no money: finance never counts them as real. */
describe('finance report: demo payments are kept apart from real money', () => {
  it('a demo capture is in its own row and in totals.demo, never in the real totals (JSON and CSV)', () => {
    const fold = createFinanceFold({ kind: 'head' });
    for (const e of [...subscription('real', false, 'ORD-REAL', 'CAP-REAL', 1000), ...subscription('demo', true, 'ORD-DEMO', 'CAP-DEMO', 500)]) fold.apply(e);
    // A refund of the demo capture: in the demo row too.
    fold.apply(event('subscription-demo', 'PaymentRefunded', '2026-03-02T10:00:00.000Z', { captureId: 'CAP-DEMO', refundId: 'REF-DEMO', amount: 200, currency: 'USD', refundedAt: '2026-03-02T10:00:00.000Z' }, true));
    const report = fold.result();

    expect(report.rows.map((r) => [r.subscriptionId, r.demo, r.captured, r.refunded])).to.deep.equal([
      ['demo', true, 500, 200],
      ['real', false, 1000, 0],
    ]);
    expect(report.totals.byCurrency).to.have.length(1);
    expect(report.totals.byCurrency[0]).to.include({ currency: 'USD', ordered: 1000, captured: 1000, refunded: 0, net: 1000, captures: 1, subscriptions: 1 });
    expect(report.totals.byPlan[0]).to.include({ planId: 'constructor', captured: 1000 });
    expect(report.totals.demo.byCurrency[0]).to.include({ currency: 'USD', ordered: 500, captured: 500, refunded: 200, net: 300, captures: 1, subscriptions: 1 });

    const [header, ...lines] = parseCsv(reportToCsv(report));
    const col = (name: string) => header!.indexOf(name);
    expect(col('demo')).to.equal(header!.length - 1);
    expect(lines.every((l) => l.length === header!.length)).to.equal(true);
    expect(lines.find((l) => l[0] === 'currency-total')![col('captured')]).to.equal('10.00');
    expect(lines.find((l) => l[0] === 'demo-currency-total')![col('captured')]).to.equal('5.00');
    expect(lines.filter((l) => l[0] === 'subscription').map((l) => [l[col('subscription_id')], l[col('demo')]])).to.deep.equal([
      ['demo', 'true'],
      ['real', 'false'],
    ]);
  });

  it('the same subscription paying for real after demo payments: two rows in one month, each in its totals', () => {
    const fold = createFinanceFold({ kind: 'head' });
    const [created, ordered, captured] = subscription('s1', true, 'ORD-1', 'CAP-1', 500);
    for (const e of [created!, ordered!, captured!]) fold.apply(e);
    fold.apply(event('subscription-s1', 'PaymentOrdered', '2026-03-20T10:00:00.000Z', { paypalOrderID: 'ORD-2', paypalSubscriptionID: 'RCS-X', amount: 700, currency: 'USD', purpose: 'period' }, false));
    const report = fold.result();
    expect(report.rows.map((r) => [r.period, r.demo, r.ordered, r.outstanding])).to.deep.equal([
      ['2026-03', false, 700, 700],
      ['2026-03', true, 500, 0],
    ]);
    expect(report.totals.byCurrency[0]).to.include({ ordered: 700, captured: 0, outstanding: 700 });
    expect(report.totals.demo.byCurrency[0]).to.include({ ordered: 500, captured: 500 });
  });
});
