import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { screenshot } from './app-server.js';

/** Internal codes: statuses, types, roles, data types and control kinds, categories, error codes, field paths. */
export const INTERNALS =
  /SUBSCRIPTION_(STATUS|MONTH|YEAR|FREE|PERPETUAL|PAY_AS)|ROLE_[A-Z]|\b(STRING|NUMBER|BOOLEAN|ARRAY|FILE_UPLOAD|SELECT_OBJECT|TEXTAREA|CHECKBOX)\b|API_PAGE|MAIN_MENU_|SELF_HOSTED_|VALIDATION_FAILED|INVALID_TRANSITION|PAYMENT_IN_PROGRESS|NOT_FOUND|payment_details|infrastructure_details|property_i18n|privacy_policy_confirm|user_id|\w+\[\d+\]\.\w+|undefined|NaN|\[object Object\]|\{\{/;

/**
 * English on a Russian screen: three Latin words in a row. Names of things stay as they are (brands, protocols,
 * the seed's data typed in English by the test itself), so those are taken out first.
 */
export const KEPT_AS_IS = /Relaycast|PayPal|Google|Amazon Web Services|Microsoft Azure|Self-hosted|self-hosted|SaaS|Grace Hopper|Ada Lovelace|Words Template|e-mail|\S+@\S+/g;
export const ENGLISH_RUN = /\b[A-Za-z][a-z]+(?:[ ,]+[A-Za-z][a-z]+){2,}\b/;

/**
 * Everything a person can read or hear on the page now: text, every option, labels, placeholders, tooltips. Commands
 * and paths shown as code (`sudo relaycast activate …`) are typed as they are, in any language: left out.
 */
export async function readable(page: Page): Promise<string> {
  return page.evaluate(() => {
    // Read with the code blocks hidden for a moment (innerText follows what is rendered).
    const code = [...document.querySelectorAll<HTMLElement>('pre, code')].map((el) => [el, el.style.display] as const);
    for (const [el] of code) el.style.display = 'none';
    const text = document.body.innerText;
    for (const [el, display] of code) el.style.display = display;
    const parts = [text, document.title];
    for (const el of document.querySelectorAll('option')) parts.push(el.textContent ?? '');
    for (const el of document.querySelectorAll('[aria-label],[placeholder],[data-tooltip],[title],img[alt]')) {
      for (const attr of ['aria-label', 'placeholder', 'data-tooltip', 'title', 'alt']) {
        const v = el.getAttribute(attr);
        if (v) parts.push(v);
      }
    }
    return parts.join('\n');
  });
}

/**
 * What the finance screens must not show besides INTERNALS: days and months as the API writes them (2026-05 rather
 * than "May 2026"), plan ids, the reconciliation's and disputes' codes, and field names (camelCase) of the answers.
 * Ids shown as code (a subscription's, a dispute's) are left out with the other code.
 */
export const FINANCE_INTERNALS = /\b\d{4}-\d{2}(?:-\d{2})?\b|\b(?:constructor|REMOVED|CREATED|UPDATED|RESOLVED|REFUND|REVERSAL|currency-total|plan-total)\b|\b[a-z]+[A-Z][A-Za-z]*\b/;

/**
 * The screen has loaded (no spinner, no busy table, nothing fetching), a screenshot is taken (words-<lang>-<screen>,
 * or the name given), and what it says has no internal code (INTERNALS, and `more` when given) — nor, in Russian, an
 * English sentence.
 */
export async function expectWords(page: Page, lang: 'en' | 'ru', screen: string, shot = `words-${lang}-${screen}`, more?: RegExp): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.page-loading, [aria-busy="true"]'), undefined, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.page-loading, [aria-busy="true"]'), undefined, { timeout: 15_000 });
  await screenshot(page, shot);
  expect(await page.getAttribute('html', 'lang'), `${screen}: page language`).to.equal(lang);
  const text = await readable(page);
  expect(text.match(INTERNALS)?.[0], `${lang} ${screen}: internals on screen`).to.equal(undefined);
  if (more) expect(text.match(more)?.[0], `${lang} ${screen}: codes on screen`).to.equal(undefined);
  // A sentence's stop after a date that ends with one already ("29 дек. 2026 г..").
  expect(text.match(/.{0,30}(?<!\.)\.\.(?!\.).{0,10}/)?.[0], `${lang} ${screen}: two stops in a row`).to.equal(undefined);
  if (lang === 'ru') expect(text.replace(KEPT_AS_IS, ' ').match(ENGLISH_RUN)?.[0], `ru ${screen}: English on a Russian screen`).to.equal(undefined);
}
