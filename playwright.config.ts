import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/demoServer';
import { E2E_PORT, E2E_PORTS, E2E_WORKERS } from './__tests__/e2e/helpers/servers';

/**
 * Browser suite: Debian's Chromium (never a downloaded browser) against the built SPA served by the demo
 * API on loopback, with an in-memory database so every run starts from the fixtures. Each worker has its own
 * demo server (helpers/servers.ts; the `baseURL` of helpers/test.ts picks it), so tests running at once
 * share no state.
 */
export default defineConfig({
  testDir: '__tests__/e2e',
  testMatch: '**/*.spec.ts',
  // One output folder per port, so runs on other ports never delete each other's traces.
  outputDir: `test-results/e2e-${E2E_PORT}`,
  // A spec file's tests run in order in one worker (some share a page's story); files run side by side.
  fullyParallel: false,
  workers: E2E_WORKERS,
  // Never retried (issue 34): a test that passes only on a second try is a defect with a root cause.
  retries: 0,
  // Sized for a loaded 2-core machine (issue 21): expectations wait on the app with these defaults, never
  // with shorter ones of their own, and no test races a server-side timer (the simulators are held through
  // their control API instead).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    // A failed test keeps its trace (the DOM at every step, the network, the console) and a screenshot of
    // its end; the trace's own screencast is off: recording it cost about a fifth of the suite's CPU
    // (docs/development.md, "Where the test time goes").
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // A kiosk registers a service worker (issue 35). The suite cuts and holds the network with page.route,
    // which a worker's own requests would pass by: blocked here, allowed in kioskWorker.spec.ts.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: E2E_PORTS.map((port) => ({
    command: `npx tsx src/demo-api/main.ts --dist`,
    url: `http://127.0.0.1:${port}/demo`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DB: ':memory:',
      SWISH_DELAY_MS: '1500',
      // One server serves many tests, whose Swish tests send about 20 requests to one number (CUSTOMER.phone)
      // within minutes; the default (5 in 10 minutes, src/demo-api/http/rateLimits.ts) would refuse most of
      // them. Every other limit runs with its default here.
      RATE_LIMIT_SWISH_PER_PHONE: '100/600',
      // A store page's render may wait 15 s here for the shop and in all, not 250 ms and 1.5 s (issue 34): on
      // a loaded 2-core machine a render can miss the production limits and answer the plain page, by design;
      // the suite's rendered pages must not race the machine, and every fallback is played on purpose
      // (POST /demo/api/render), with the production limits.
      RENDER_PATIENCE_MS: '15000',
    },
    reuseExistingServer: false,
    timeout: 60_000,
  })),
});
