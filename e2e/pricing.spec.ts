/** Pricing variants, purchase buttons, the calculator's three rules and the analytics conversion event. */
import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import { estimateCalculator, initialCalculatorState } from '@relaycast/billing-core/pricing';
import { collectErrors, startHarness, visit, type Harness } from './support/site.js';

/** The deployment's cloud marketplace listing (a run-time setting of the server). */
const MARKETPLACE = 'https://marketplace.cloud.test/listing/relaycast';

const field = (page: Page, name: string) => page.locator(`[data-testid="calculator"] [name="${name}"]`);
async function setNumber(page: Page, name: string, value: number) {
  await field(page, name).fill(String(value));
  await field(page, name).press('Tab');
}
const value = async (page: Page, name: string) => Number(await field(page, name).inputValue());

describe('pricing and the calculator', function () {
  let h: Harness;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  before(async () => {
    h = await startHarness({ CLOUD_MARKETPLACE_URL: MARKETPLACE });
  });
  after(async () => h?.close());
  beforeEach(async () => {
    context = await h.context();
    page = await context.newPage();
    errors = collectErrors(page);
    await visit(page, '/pricing');
  });
  afterEach(async () => {
    await context.close();
    expect(errors).to.deep.equal([]);
  });

  it("the calculator starts from the seed's defaults", async () => {
    const d = initialCalculatorState();
    for (const name of ['publishers', 'viewers', 'recordings', 'reStreams', 'hours'] as const) expect(await value(page, name)).to.equal(d[name]);
    expect(await field(page, 'videoMode').inputValue()).to.equal('2');
    expect(await field(page, 'transcode').isChecked()).to.equal(false);
    expect(await field(page, 'provider').inputValue()).to.equal('none');
    expect(await page.getByTestId('calc-transfer').textContent()).to.equal('$0.00');
    const estimate = estimateCalculator(d);
    expect(await page.getByTestId('calc-units').textContent()).to.equal(String(estimate.unitQuantity));
  });

  it('rule 1: publishers below recordings lowers recordings; rule 2: recordings above publishers raises publishers', async () => {
    await setNumber(page, 'publishers', 6);
    await setNumber(page, 'recordings', 4);
    await setNumber(page, 'publishers', 2);
    expect([await value(page, 'publishers'), await value(page, 'recordings')]).to.deep.equal([2, 2]);
    await setNumber(page, 'recordings', 9);
    expect([await value(page, 'publishers'), await value(page, 'recordings')]).to.deep.equal([9, 9]);
  });

  it('rule 3: toggling transcode re-applies the re-stream value', async () => {
    await setNumber(page, 'reStreams', 16);
    expect(await value(page, 'reStreams')).to.equal(16);
    await field(page, 'transcode').check();
    expect(await value(page, 'reStreams')).to.equal(10);
    await field(page, 'transcode').uncheck();
    expect(await value(page, 'reStreams')).to.equal(10);
  });

  it('the estimate matches billing-core to the cent and, measuring accepted, the conversion event reaches the dataLayer', async () => {
    expect(await page.evaluate(() => window.dataLayer)).to.equal(undefined);
    // Measuring only with consent (refused: ui.spec.ts).
    await page.getByTestId('cookie-accept').click();
    await setNumber(page, 'publishers', 30);
    await setNumber(page, 'viewers', 2000);
    await field(page, 'provider').selectOption('aws');
    await setNumber(page, 'hours', 12);
    const state = { ...initialCalculatorState(), publishers: 30, viewers: 2000, hours: 12, provider: 'aws' as const };
    const expected = estimateCalculator({ ...state, dataTransferCostPerHour: 0 });
    expect(await page.getByTestId('calc-units').textContent()).to.equal(String(expected.unitQuantity));
    const cents = (s: string | null) => Math.round(Number((s ?? '').replace(/[$,]/g, '')) * 100);
    expect(cents(await page.getByTestId('calc-self-hosted').textContent())).to.equal(expected.selfHostedMonthlyCents);
    const transfer = cents(await page.getByTestId('calc-transfer').textContent());
    expect(transfer).to.be.greaterThan(0);
    expect(cents(await page.getByTestId('calc-cloud-total').textContent())).to.equal((expected.machines * 5 + transfer) * 12);
    await page.waitForFunction(() => (window.dataLayer ?? []).length > 0);
    const events = (await page.evaluate(() => window.dataLayer)) as { event: string; unitQuantity: number }[];
    expect(events.at(-1)).to.deep.include({ event: 'unit_quantity_calculated', unitQuantity: expected.unitQuantity });
  });

  it('unlimited plan: the slider defaults to per month; annual shows $59; purchase links carry plan and period', async () => {
    const unlimited = page.getByTestId('unlimited-pricing');
    const monthly = unlimited.getByRole('radio', { name: 'Per month' });
    expect(await monthly.getAttribute('aria-checked')).to.equal('true');
    expect(await unlimited.getByTestId('unlimited-price').textContent()).to.include('$79');
    expect(await unlimited.getByTestId('buy-unlimited').getAttribute('href')).to.equal('/auth/sign-in?infrastructure=selfhosted&plan=unlimited&period=mounthly');
    expect(await unlimited.locator('[data-plan="unlimited-free"] a').getAttribute('href')).to.equal('/auth/sign-in?infrastructure=selfhosted&plan=unlimited&period=free');
    await unlimited.getByRole('radio', { name: 'Per year' }).click();
    expect(await unlimited.getByTestId('unlimited-price').textContent()).to.include('$59');
    expect(await unlimited.textContent()).to.include('$708 a year');
    expect(await unlimited.getByTestId('buy-unlimited').getAttribute('href')).to.equal('/auth/sign-in?infrastructure=selfhosted&plan=unlimited&period=annual');
    const features = await unlimited.locator('[data-plan="unlimited-free"] [data-feature]').evaluateAll((els) => els.map((e) => e.getAttribute('data-feature')));
    expect(features).to.deep.equal(['publishers', 'viewers', 'restreaming', 'recording', 'vodViewers', 'ppvViewers', 'conferenceRooms', 'gpuCores', 'protocols']);
    expect(await unlimited.locator('[data-feature="protocols"]').first().textContent()).to.include('SRT, RTMP, HLS/m3u8');
  });

  it('the builder prices 24 streams and 3 re-streams at the seed\'s tiers; buying goes to /auth/sign-in with that configuration, which confirms it', async () => {
    const builder = page.getByTestId('builder-pricing');
    await builder.locator('[data-module="streams"] input[type="number"]').fill('24');
    await builder.locator('[data-module="restream"] input[type="range"]').fill('3');
    // Seed §9: units = limit / per-unit limit, the group's maximum: streams 24 (recordings 0) + re-streams 3; the 50
    // VOD and 5 PPV viewers are the free allowance → 27 units. Graduated tiers: 20 × $5 + 7 × $4 = $128 a month.
    expect(await builder.getByTestId('builder-units').textContent()).to.equal('27');
    expect(await builder.getByTestId('builder-total').textContent()).to.equal('$128');
    await builder.getByTestId('buy-constructor').click();
    await page.waitForURL('**/auth/sign-in?infrastructure=selfhosted&plan=constructor&streams=24&restream=3');
    const summary = page.getByTestId('purchase-summary');
    await summary.waitFor();
    expect(await summary.getAttribute('data-plan')).to.equal('constructor');
    expect(await summary.textContent()).to.equal(
      'You chose the self-hosted builder licence: 27 units, $128 a month (Publishing streams: 24, Restreams: 3, VOD viewers: 50, Pay-per-view viewers: 5). The next step starts from this configuration.',
    );
    expect(await page.locator('a.btn-google').getAttribute('href')).to.equal(
      `/auth/google?returnTo=${encodeURIComponent('/user/buy-new-licence?infrastructure=selfhosted&plan=constructor&streams=24&restream=3')}`,
    );
  });

  it('the builder\'s summary says how the units add up: 12 streams and 3 recordings share units (the larger, 12), 2 restreams add 2: 14', async () => {
    const builder = page.getByTestId('builder-pricing');
    await builder.locator('[data-module="streams"] input[type="number"]').fill('12');
    await builder.locator('[data-module="recordings"] input[type="number"]').fill('3');
    await builder.locator('[data-module="restream"] input[type="number"]').fill('2');
    expect(await builder.getByTestId('builder-units').textContent()).to.equal('14');
    expect(await builder.getByTestId('builder-breakdown').locator('li').allTextContents()).to.deep.equal([
      'Publishing streams (12) and recordings (3) share units, the larger counts: 12',
      'Restreams (2): 2',
    ]);
  });

  it("the sign-in page accepts the seed's mounthly spelling and monthly alike, and flags unknown plans", async () => {
    for (const period of ['mounthly', 'monthly']) {
      await visit(page, `/auth/sign-in?infrastructure=selfhosted&plan=unlimited&period=${period}`);
      const summary = page.getByTestId('purchase-summary');
      await summary.waitFor();
      expect(await summary.getAttribute('data-subscription-type')).to.equal('SUBSCRIPTION_MONTH');
      expect(await summary.textContent()).to.include('$79');
    }
    await visit(page, '/auth/sign-in?infrastructure=selfhosted&plan=platinum');
    await page.getByTestId('purchase-invalid').waitFor();
  });

  it('the calculator does not steer to the dearer option: 2,000 viewers on the builder (40 units, $180) name unlimited at $79', async () => {
    await setNumber(page, 'viewers', 2000);
    expect(await page.getByTestId('calc-units').textContent()).to.equal('40');
    expect(await page.getByTestId('calc-self-hosted').textContent()).to.equal('$180');
    expect(await page.getByTestId('calc-cheaper').locator('p').textContent()).to.equal(
      'Unlimited costs less for this: $79 a month ($59 a month billed annually) instead of $180, with no limits.',
    );
    expect(await page.getByTestId('calc-cheaper-buy').getAttribute('href')).to.equal('/auth/sign-in?infrastructure=selfhosted&plan=unlimited&period=mounthly');
    // The calculator's buy button carries its configuration too.
    expect(await page.getByTestId('calc-buy').getAttribute('href')).to.equal('/auth/sign-in?infrastructure=selfhosted&plan=constructor&vodViewers=2000');
  });

  it('both cloud prices are labelled with what they price, and the page agrees that multi-streaming channels include 25 GB', async () => {
    const cloud = page.getByTestId('cloud-pricing');
    expect(await cloud.locator('.price').textContent()).to.equal('from $0.27 / hour');
    expect(await cloud.getByTestId('cloud-catalogue').textContent()).to.equal('The marketplace catalogue’s starting price for the Relaycast image.');
    expect(await cloud.getByTestId('cloud-machine').textContent()).to.equal(
      'Pay-as-you-go on the configuration page: from $0.05 an hour per machine, the rate the calculator below uses (traffic extra).',
    );
    expect(await cloud.textContent()).to.include('Multi-streaming channels include 25 GB of traffic.');
    expect(await page.locator('#cloud .prose').textContent()).to.include('Multi-streaming channels include 25 GB of traffic');
  });

  it('the cloud offer links to the external marketplace listing in a new tab', async () => {
    const link = page.getByTestId('cloud-pricing').getByTestId('cloud-marketplace');
    expect(await link.getAttribute('href')).to.equal(MARKETPLACE);
    expect(await link.getAttribute('target')).to.equal('_blank');
    expect(await link.getAttribute('rel')).to.include('noopener');
  });
});
