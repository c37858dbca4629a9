/**
 * The browser suite's demo servers (issue 21: two workers without shared state). Each worker has a demo
 * server of its own, with its own in-memory database, so no two tests running at once share a session, a
 * shop's stock, the payment list the money checks read, or a rate limit's count. The first port takes the
 * error reports: the build's SENTRY_DSN names it (`npm run test:e2e`), so every page of the suite reports
 * there; reporting.spec.ts and fieldMetrics.spec.ts run there (`test.use({ server: 'reports' })`) and read
 * what their own pages sent.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4321);

/** Workers of the browser suite: two by default (the machines have two cores); `E2E_WORKERS` overrides. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** Which demo server a test talks to: its worker's own, or the one that collects error reports. */
export type E2eServer = 'own' | 'reports';

/** The port of a worker's own server (Playwright's `parallelIndex`: 0 … workers − 1). */
export function serverPort(server: E2eServer, parallelIndex: number): number {
  return server === 'reports' ? E2E_PORT : E2E_PORT + 1 + parallelIndex;
}

/** Every server the suite starts: the reports server, then one per worker. */
export const E2E_PORTS = [E2E_PORT, ...Array.from({ length: E2E_WORKERS }, (_, i) => serverPort('own', i))];
