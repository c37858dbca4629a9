import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** One axe violation in a form that reads well in a failed expectation: rule, impact, help and each node. */
export interface ReadableViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: { target: string; summary: string }[];
}

/** axe's result for the page as it is now, reduced to what a reader needs to find and fix each problem. */
export async function axeViolations(page: Page): Promise<ReadableViolation[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => ({
      target: node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part))).join(' '),
      summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
    })),
  }));
}

/**
 * Issue 4 accessibility bar: axe finds no violations on the screen as it is now. On failure the message
 * lists every violation's id, impact, help text, targets and failure summaries. `soft` lets the test go on
 * (to check the other viewport too) and fail at its end.
 */
export async function expectNoAxeViolations(
  page: Page,
  screen: string = page.url(),
  { soft = false } = {},
): Promise<void> {
  const violations = await axeViolations(page);
  const report = violations
    .map(
      (v) =>
        `- ${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n` +
        v.nodes.map((n) => `    at ${n.target}\n       ${n.summary}`).join('\n'),
    )
    .join('\n');
  (soft ? expect.soft : expect)(
    violations,
    `axe violations on ${screen} at ${viewportText(page)}:\n${report}`,
  ).toEqual([]);
}

function viewportText(page: Page): string {
  const size = page.viewportSize();
  return size ? `${size.width}×${size.height}` : 'unknown viewport';
}
