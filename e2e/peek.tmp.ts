import { launchBrowser, newSiteContext } from '/work/main/e2e/support/browser.ts';
import { startSite } from '/work/main/e2e/support/server.ts';
const site = await startSite();
const browser = await launchBrowser();
const ctx = await newSiteContext(browser, site.baseUrl);
const page = await ctx.newPage();
const logs: string[] = [];
page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
for (const p of (process.argv[2] ?? '/').split(',')) {
  await page.goto(p);
  await page.waitForSelector('html[data-hydrated]', { timeout: 10000 }).catch(() => logs.push('NOT HYDRATED ' + p));
  await page.waitForTimeout(300);
  const name = p.replace(/\W+/g, '_') || 'home';
  await page.screenshot({ path: `/tmp/shot${name}.png`, fullPage: process.argv[3] === 'full' });
  console.log(p, await page.title(), await page.evaluate(() => JSON.stringify(window.__recoverableErrors)));
}
console.log(logs.join('\n'));
await browser.close(); await site.close();
