import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

declare global {
  interface Window {
    axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
  }
}

/** Runs axe-core (WCAG 2.x A/AA rules) in the page; returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, not as an inline <script>: the real server's Content-Security-Policy
  // (which the tests keep on) would block an injected script tag.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, {
      iframes: false,
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function describeViolations(violations: AxeViolation[]): string {
  return violations.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join('\n    ')}`).join('\n');
}
