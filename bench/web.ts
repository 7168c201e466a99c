/**
 * Web bench: first-load JavaScript of every public page, both languages (as transferred: Chromium accepts Brotli,
 * and the server sends the build's Brotli files; also each file at gzip -9), with what each page's scripts are made
 * of, and Lighthouse 12 scores (performance, accessibility, best practices, SEO) for two public pages, against
 * Debian's Chromium.
 *
 *   npm run build -w web && npx tsx bench/web.ts        (or: npm run bench -w web)
 *   LH_RUNS=0 skips Lighthouse; BENCH_PAGES=/,/pricing measures only those pages (default: every prerendered one).
 *
 * Runs the real built server (read-api/dist/server.js serving web/dist, compressed as in production) unless
 * E2E_BASE_URL is set. A page's first load is every script it fetches until it is hydrated and the network is
 * idle, plus what the shell loads after hydration (cookie window, tooltip, toasts); the home and a product page are
 * also measured signed in (the `auth_strategy` cookie: the account menu and the session-aware buy buttons).
 * Each page's scripts are attributed to the packages they come from (bench/js-composition.ts).
 * Budget: first-load JS ≤ 85 KB as served; Lighthouse performance ≥ 98, accessibility and SEO ≥ 95. Exits non-zero
 * only on errors; the figures are printed for the report (set BENCH_STRICT=1 to fail on a missed budget).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/browser.js';
import { startSite } from '../e2e/support/site.js';
import { buildWithSourceMaps, composition, groupTotals } from './js-composition.js';

const routesFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../web/dist/routes.json');
/** Every prerendered public page, both languages (or BENCH_PAGES). */
const PAGES: string[] = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',') : (JSON.parse(readFileSync(routesFile, 'utf8')) as { prerendered: string[] }).prerendered;
const LIGHTHOUSE_PAGES = ['/', '/products/multi-streaming'];
/** Lighthouse runs per page (the median is reported: scores move with the machine's load). */
const RUNS = Math.max(0, Number(process.env.LH_RUNS ?? 3));
const BUDGET = { jsKb: 85, performance: 98, accessibility: 95, seo: 95 };

interface JsLoad {
  files: { url: string; transferred: number; gzip9: number }[];
  transferredKb: number;
  gzip9Kb: number;
}

/** Every script the page fetches while loading and hydrating (entry, chunks, lazy chunks, the shell's extras). */
async function firstLoadJs(browser: Browser, baseUrl: string, path: string, signedIn = false): Promise<JsLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    if (signedIn) await context.addCookies([{ name: 'auth_strategy', value: 'local', url: baseUrl }]);
    const page = await context.newPage();
    const scripts: Promise<{ url: string; transferred: number; gzip9: number }>[] = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && !res.url().endsWith('.js')) return;
      scripts.push(
        (async () => {
          const [body, sizes] = await Promise.all([res.body(), res.request().sizes()]);
          return { url: new URL(res.url()).pathname, transferred: sizes.responseBodySize, gzip9: gzipSync(body, { level: 9 }).length };
        })(),
      );
    });
    await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(scripts);
    const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
    return {
      files,
      transferredKb: kb(files.reduce((s, f) => s + f.transferred, 0)),
      gzip9Kb: kb(files.reduce((s, f) => s + f.gzip9, 0)),
    };
  } finally {
    await context.close();
  }
}

async function lighthouseScores(url: string): Promise<Record<string, number>> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits, runtimeError, runWarnings } = result.lhr;
    // A run Lighthouse could not complete (no paint seen, page hung…) says why instead of scoring 0 silently.
    if (runtimeError) console.log(`    run failed: ${runtimeError.code} ${runtimeError.message}`);
    if (runWarnings.length) console.log(`    run warnings: ${runWarnings.join(' | ')}`);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const a11yIds = new Set((categories.accessibility?.auditRefs ?? []).filter((r) => r.weight > 0).map((r) => r.id));
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && (a.scoreDisplayMode === 'binary' || a11yIds.has(a.id)))
      .map((a) => a.id);
    if (failing.length) console.log(`    failing audits: ${failing.join(', ')}`);
    const metric = (id: string) => audits[id]?.displayValue ?? '';
    console.log(`    FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    };
  } finally {
    chrome.kill();
  }
}

const site = await startSite();
// The same sources built again with hidden source maps: what each first-load script is made of.
const mapped = buildWithSourceMaps();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
let missed = false;
try {
  console.log(`web bench against ${site.baseUrl}`);
  console.log(`\nFirst-load JS, KB as served (Brotli 11 from the build), ${PAGES.length} public pages; composition estimated per file in proportion to minified bytes:`);
  const kb = (n: number) => (n / 1024).toFixed(1).padStart(6);
  const short = (n: number) => (n / 1024).toFixed(1);
  const rows: { path: string; kb: number }[] = [];
  const measure = async (path: string, signedIn: boolean, detailed: boolean) => {
    const js = await firstLoadJs(browser, site.baseUrl, path, signedIn);
    const { shares, unattributed } = composition(mapped, js.files);
    const groups = groupTotals(shares);
    const label = `${path}${signedIn ? ' (signed in)' : ''}`;
    console.log(`  ${label.padEnd(44)} ${String(js.transferredKb).padStart(6)} KB (${js.files.length} files, ${js.gzip9Kb} KB at gzip -9)  ${groups.map((g) => `${g.short} ${short(g.served)}`).join(' · ')}`);
    if (detailed) {
      for (const f of js.files.sort((a, b) => b.transferred - a.transferred)) console.log(`      ${kb(f.transferred)} KB  ${f.url}`);
      console.log('    made of (KB as served, estimated; minified KB):');
      for (const s of shares.filter((x) => x.served >= 256)) console.log(`      ${kb(s.served)} KB  ${s.owner.padEnd(34)} ${kb(s.minified)} KB minified`);
      for (const g of groups) console.log(`    ${kb(g.served)} KB  ${g.name}`);
    }
    if (unattributed.length) console.log(`    not attributed (no map in the second build): ${unattributed.join(', ')}`);
    rows.push({ path: label, kb: js.transferredKb });
    if (js.transferredKb > BUDGET.jsKb) missed = true;
  };
  for (const path of PAGES) await measure(path, false, path === '/' || path === '/products/multi-streaming');
  for (const path of ['/', '/products/multi-streaming']) await measure(path, true, false);
  const sorted = [...rows].sort((a, b) => b.kb - a.kb);
  console.log(`\n  largest: ${sorted.slice(0, 3).map((r) => `${r.path} ${r.kb} KB`).join(', ')}; smallest: ${sorted.at(-1)?.path} ${sorted.at(-1)?.kb} KB; over ${BUDGET.jsKb} KB: ${sorted.filter((r) => r.kb > BUDGET.jsKb).length} of ${rows.length}`);

  if (RUNS > 0) {
    console.log('\nLighthouse 12 (mobile, simulated throttling):');
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    for (const path of LIGHTHOUSE_PAGES) {
      console.log(`  ${path} (${RUNS} run${RUNS > 1 ? 's' : ''})`);
      const runs: Record<string, number>[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await lighthouseScores(site.baseUrl + path));
      const m = (k: string) => median(runs.map((r) => r[k] ?? 0));
      console.log(`    runs: ${runs.map((r) => `${r.performance}/${r.accessibility}/${r.bestPractices}/${r.seo}`).join('  ')}  (perf/a11y/bp/seo)`);
      console.log(`    median: performance ${m('performance')}, accessibility ${m('accessibility')}, best practices ${m('bestPractices')}, SEO ${m('seo')}`);
      if (m('performance') < BUDGET.performance || m('accessibility') < BUDGET.accessibility || m('seo') < BUDGET.seo) missed = true;
    }
  }
  console.log(`\nBudget (JS ≤ ${BUDGET.jsKb} KB on every public page, performance ≥ ${BUDGET.performance}, accessibility/SEO ≥ 95): ${missed ? 'MISSED' : 'met'}`);
} finally {
  await browser.close();
  mapped.close();
  await site.close();
}
if (missed && process.env.BENCH_STRICT === '1') process.exit(1);
