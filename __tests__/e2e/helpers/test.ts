/**
 * The browser suite's `test`: Playwright's, plus a rule every test checks on every page it opens (issue 12):
 * no Content-Security-Policy violation. Each page and frame reports `securitypolicyviolation` events to the
 * test, which fails at its end if any arrived. Tests that open pages of their own context (browser.newContext)
 * are outside it; hosting.spec.ts covers every route and payment panel explicitly.
 */
import { expect, test as base } from '@playwright/test';

declare global {
  interface Window {
    __reportCspViolation?: (violation: string) => Promise<void>;
  }
}

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeFunction('__reportCspViolation', (violation: string) => {
        violations.push(violation);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          void window.__reportCspViolation?.(
            `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} on ${event.documentURI}` +
              (event.sample ? `: ${event.sample}` : ''),
          );
        });
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
