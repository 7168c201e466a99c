import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { screenshot } from './app-server.js';

/** The two windows every page must fit without scrolling sideways: a laptop's and a phone's. */
export const LAPTOP = { width: 1366, height: 768 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** Two frames: what a resize changes (media queries, observers) is laid out before it is measured. */
const settle = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

interface Measured {
  scrollWidth: number;
  clientWidth: number;
  /** overflow-x of html and body: `hidden` there would cut content rather than fit it. */
  cut: string[];
  /** The widest things past the window's right edge that no frame of their own scrolls (to name the culprit). */
  culprits: string[];
  /** Tables (their frames) that scroll inside themselves at this width. */
  scrollingTables: string[];
}

function measure(page: Page): Promise<Measured> {
  return page.evaluate(() => {
    // tsx names the functions below with a helper of its own, which the page does not have.
    (globalThis as { __name?: unknown }).__name ??= (f: unknown) => f;
    const root = document.documentElement;
    const width = root.clientWidth;
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    const scrolls = (el: Element | null): boolean => {
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        const x = getComputedStyle(e).overflowX;
        if (x === 'auto' || x === 'scroll' || x === 'hidden' || x === 'clip') return true;
      }
      return false;
    };
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !scrolls(el.parentElement) && getComputedStyle(el).position !== 'fixed')
      .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right)
      .slice(0, 3)
      .map((el) => `${describe(el)} (right edge ${Math.round(el.getBoundingClientRect().right)} px)`);
    const scrollingTables = [...document.querySelectorAll('.table-wrap')].filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => `${el.getAttribute('aria-label') ?? describe(el)} (${el.scrollWidth} in ${el.clientWidth} px)`);
    return {
      scrollWidth: root.scrollWidth,
      clientWidth: width,
      cut: [root, document.body].map((el) => getComputedStyle(el).overflowX).filter((x) => x === 'hidden' || x === 'clip'),
      culprits,
      scrollingTables,
    };
  });
}

/**
 * The page as it is now fits a laptop's window (1366 × 768) and a phone's (390 × 844): nothing scrolls sideways, and
 * not because the page hides what sticks out (overflow-x hidden on html or body is not a fit). Wide tables may
 * scroll inside their own frame — except, with `tablesFit`, at the laptop's width (the admin lists fit a laptop).
 * `shot`: the phone's picture too (e2e/output/screenshots/<shot>-390.png). Leaves the page at the laptop's size.
 */
export async function expectFits(page: Page, label: string, options: { shot?: string; tablesFit?: boolean } = {}): Promise<void> {
  for (const size of [LAPTOP, PHONE]) {
    await page.setViewportSize(size);
    await settle(page);
    const m = await measure(page);
    expect(m.cut, `${label} at ${size.width}: html or body cuts what sticks out`).to.deep.equal([]);
    expect(m.scrollWidth, `${label} at ${size.width} px scrolls sideways: ${m.culprits.join('; ')}`).to.be.at.most(m.clientWidth);
    if (options.tablesFit && size === LAPTOP) expect(m.scrollingTables, `${label} at ${size.width}: tables cut (scrolling in their frame)`).to.deep.equal([]);
    if (options.shot && size === PHONE) await screenshot(page, `${options.shot}-${size.width}`);
  }
  await page.setViewportSize(LAPTOP);
  await settle(page);
}
