/**
 * The browser suite's `test`: Playwright's, talking to its worker's own demo server (issue 21), plus a rule
 * every test checks on every page it opens (issue 12): no Content-Security-Policy violation. Each page and
 * frame reports `securitypolicyviolation` events to the test, which fails at its end if any arrived. Pages of a context a test makes itself (browser.newContext)
 * are outside it unless the test watches them too; hosting.spec.ts walks every route and payment panel.
 */
import { expect, test as base, type BrowserContext } from '@playwright/test';
import { serverPort, type E2eServer } from './servers';

declare global {
  interface Window {
    __reportCspViolation?: (violation: string) => Promise<void>;
  }
}

/**
 * Collects the CSP violations of every page and frame of a context, as one line each.
 *
 * @returns the list, filled as violations happen
 */
export async function watchCspViolations(context: BrowserContext): Promise<string[]> {
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
  return violations;
}

export const test = base.extend<{
  cspViolations: string[];
  hydrationErrors: string[];
  server: E2eServer;
  demoSettled: void;
}>({
  server: ['own', { option: true }],
  // The worker's own demo server (helpers/servers.ts); contexts a test makes with browser.newContext get it too.
  baseURL: async ({ server }, provide, testInfo) => {
    await provide(`http://127.0.0.1:${serverPort(server, testInfo.parallelIndex)}`);
  },
  cspViolations: [
    async ({ context }, use) => {
      const violations = await watchCspViolations(context);
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  // Store pages are rendered by the host and hydrated (issue 22): a mismatch React had to repair is a defect
  // (index.tsx logs each as 'Hydration error'; React's own warnings say 'hydrat…' too).
  hydrationErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' && /hydrat/i.test(message.text())) errors.push(message.text());
      });
      await use(errors);
      expect(errors, 'hydration errors').toEqual([]);
    },
    { auto: true },
  ],
  // A test may hold the demo's Swish completion (holdSwishCompletion in helpers/payment.ts) or have store
  // pages served static or with a render fault (renderStorePages in helpers/shop.ts); the next test on the
  // worker's server finds both as they were, passed or failed.
  demoSettled: [
    async ({ request }, use) => {
      await use();
      expect((await request.post('/demo/api/swish', { data: { autoComplete: true } })).ok()).toBe(true);
      expect((await request.post('/demo/api/render', { data: { fault: 'none' } })).ok()).toBe(true);
    },
    { auto: true },
  ],
});

/**
 * For `page.waitForURL`: the new address counts once its document has started. Playwright's default waits for
 * the page's `load` event too, which no customer sees and which requests still in flight (error reports, a
 * lazy chunk) can hold back past any timeout (issue 34: the Viva return journey's only flake); what the page
 * then shows is awaited with `expect`, as a customer would look for it.
 */
export const COMMITTED = { waitUntil: 'commit' } as const;
