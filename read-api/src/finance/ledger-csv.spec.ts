import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { ledgerCsv } from './ledger-csv.js';

describe('the ledger as CSV (ledger-csv.ts)', () => {
  it('one row per posting line, amounts in units with two decimals from integer cents; text a spreadsheet would run is neutralised, amounts are not', () => {
    const csv = ledgerCsv([
      {
        id: '000001772323200000-00000000000000000007', day: '2026-03-01', at: '2026-03-01T00:00:00.000Z', kind: 'event', eventType: 'OrderCaptured', eventId: '=HYPERLINK("x")',
        position: '7', subscriptionId: '-2+3', plan: '@plan', currency: 'USD',
        postings: [{ account: 'paypal-clearing', debit: 123456789, credit: 0 }, { account: '\tdeferred-revenue', debit: 0, credit: 5 }],
      },
      { id: 'recognition-2026-03-01|constructor|USD', day: '2026-03-01', at: '2026-03-01T23:59:59.999Z', kind: 'recognition', plan: 'constructor', currency: 'USD', postings: [{ account: 'deferred-revenue', debit: 1000, credit: 0 }] },
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).to.equal('day,time,entry_id,kind,event_type,event_id,position,subscription_id,plan,currency,account,debit,credit');
    expect(lines[1]).to.equal(`2026-03-01,2026-03-01T00:00:00.000Z,000001772323200000-00000000000000000007,event,OrderCaptured,"'=HYPERLINK(""x"")",7,'-2+3,'@plan,USD,paypal-clearing,1234567.89,0.00`);
    expect(lines[2]).to.equal(`2026-03-01,2026-03-01T00:00:00.000Z,000001772323200000-00000000000000000007,event,OrderCaptured,"'=HYPERLINK(""x"")",7,'-2+3,'@plan,USD,'\tdeferred-revenue,0.00,0.05`);
    expect(lines[3]).to.equal('2026-03-01,2026-03-01T23:59:59.999Z,recognition-2026-03-01|constructor|USD,recognition,,,,,constructor,USD,deferred-revenue,10.00,0.00');
    expect(lines[4]).to.equal('');
    expect(parse(csv, { columns: true })).to.have.length(3);
  });
});
