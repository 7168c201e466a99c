import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { messageOfProblems, problemsFromErrors, problemsOf } from '@relaycast/contracts';
import type { ErrorObject } from 'ajv';
import { BROWSER_SCHEMAS, validatorsSource } from '../../../scripts/validators-plugin.js';

type Compiled = { (data: unknown): boolean; errors?: ErrorObject[] | null };

/**
 * The browser's validators are ajv's own code compiled at build time (the CSP forbids compiling in the page):
 * they must accept and refuse exactly what the server's validator does, with the same message.
 */
describe('build-time validators (virtual:relaycast-validators)', () => {
  let dir: string;
  let compiled: Record<string, Compiled>;
  before(async () => {
    // Inside web/, so the generated imports resolve from node_modules as they do in the build.
    dir = mkdtempSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '.validators-'));
    const file = path.join(dir, 'validators.mjs');
    writeFileSync(file, validatorsSource());
    compiled = (await import(pathToFileURL(file).href)) as Record<string, Compiled>;
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const samples: [keyof typeof BROWSER_SCHEMAS, unknown][] = [
    ['UserForm', { givenName: 'Ada', familyName: 'Lovelace', email: 'ada@example.museum', role: 'ROLE_CUSTOMER' }],
    ['UserForm', { givenName: '', familyName: 'Lovelace', email: 'ada@example.com', role: 'ROLE_CUSTOMER' }],
    ['UserForm', { givenName: 'x'.repeat(256), familyName: 'L', email: 'ada@example.com', role: 'ROLE_CUSTOMER' }],
    ['UserForm', { givenName: 'Ada', familyName: 'L', email: 'not-an-address', role: 'ROLE_CUSTOMER' }],
    ['UserForm', { givenName: 'Ada', familyName: 'L', email: 'ada@example.com', role: 'ROLE_KING' }],
    ['UserForm', { familyName: 'L', extra: true }],
    ['SubscriptionCreate', { subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: 'u1', startDate: 'yesterday' }],
    ['SubscriptionCreate', { subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: 'u1', infrastructure_details: { data_center: 'IL-HA', ram: 256 } }],
    ['SubscriptionRevise', { user_id: 'u1', paypalSubscriptionID: 'RCS-1', quantity: 0 }],
    ['CaptureChangePaymentMethod', { user_id: 'u1', paypalOrderID: 'O', paypalSubscriptionID: 'R', quantity: 1 }],
    ['EntryCreate', { entry_type: 'TEMPLATE', template: [{ property_i18n: 'name', defaultValue: 'Awesome template', dataType: 'STRING', formEntityType: 'TEXT' }] }],
    ['EntryCreate', { entry_type: 'MATERIAL', template: [], url: 'no-slash' }],
    ['BillingDetails', { name: 'Ada Lovelace', company: 'Analytical Engines Ltd', address: '12 St James’s Square\nLondon', country: 'GB', vatNumber: 'GB123456789' }],
    ['BillingDetails', { name: 'Иван Петров', address: 'Москва', country: 'UK' }],
    ['BillingDetails', { name: '', address: '', country: 'RU', vatNumber: 'ru 77' }],
  ];

  it('accept and refuse what the server does, with the server’s message', () => {
    for (const [name, data] of samples) {
      const fn = compiled[name]!;
      const ok = fn(data);
      const server = problemsOf(BROWSER_SCHEMAS[name], data);
      expect(ok, `${name} ${JSON.stringify(data)}`).to.equal(server.length === 0);
      if (!ok) {
        expect(messageOfProblems(problemsFromErrors(fn.errors ?? []))).to.equal(messageOfProblems(server));
      }
    }
  });
});

