/**
 * `npm start`: the demo API with the SPA on one origin.
 *
 *   PORT (8080), HOST (127.0.0.1), DEMO_DB (.data/demo.sqlite), SWISH_DELAY_MS (4000),
 *   SWISH_AUTO_COMPLETE (true), RESERVATION_MS (600000: how long a started payment holds its stock),
 *   PUBLIC_ORIGIN (for links given to other sites; https also makes the session cookie Secure and adds
 *   Strict-Transport-Security), SESSION_SECRET (signs session ids; default: a random one kept in the
 *   database), LOG (false),
 *   RATE_LIMIT_* (`max/seconds`, e.g. RATE_LIMIT_SWISH_PER_PHONE=5/600; defaults in http/rateLimits.ts).
 *   --dist or NODE_ENV=production: serve dist/ (run `npm run build` first); otherwise webpack dev middleware.
 *   --static: store pages as the plain index.html (a static host), not rendered by src/ssr.
 *   RENDER_PATIENCE_MS (tests only: how long a store page's render may wait for the shop and take in all,
 *   instead of the render's own 250 ms and 1.5 s; the browser suite's 15000).
 *   --no-spa: API and demo pages only.
 */
import path from 'node:path';
import { createDemoApi } from './demoApi';
import type { DemoDelays } from './demoContext';
import { delaysFromEnv, rateLimitsFromEnv, wholeNumberFromEnv } from './envConfig';
import { REPO_ROOT } from './routes/spaHosting';

/** Configuration errors end the process with status 2 and the reason, before anything listens. */
function orExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
}

async function main(): Promise<void> {
  const port = orExit(() => wholeNumberFromEnv(process.env, 'PORT', 8080));
  const host = process.env.HOST || '127.0.0.1';
  const dbPath = process.env.DEMO_DB || path.join(REPO_ROOT, '.data', 'demo.sqlite');
  const delays: DemoDelays = orExit(() => delaysFromEnv(process.env));
  const rateLimits = orExit(() => rateLimitsFromEnv(process.env));
  const args = process.argv.slice(2);
  // The browser suite's servers render however loaded the machine is (spaHosting.ts `renderPatienceMs`).
  const renderPatienceMs = process.env.RENDER_PATIENCE_MS
    ? orExit(() => wholeNumberFromEnv(process.env, 'RENDER_PATIENCE_MS', 0))
    : undefined;
  const serveDist = args.includes('--dist') || process.env.NODE_ENV === 'production';
  const spa = args.includes('--no-spa')
    ? undefined
    : serveDist
      ? { distDir: path.join(REPO_ROOT, 'dist'), render: !args.includes('--static'), renderPatienceMs }
      : { devMiddleware: true, render: !args.includes('--static'), renderPatienceMs };

  const api = createDemoApi({
    dbPath,
    delays,
    publicOrigin: process.env.PUBLIC_ORIGIN || undefined,
    spa,
    logger: process.env.LOG === 'true',
    sessionSecret: process.env.SESSION_SECRET || undefined,
    rateLimits,
  });
  const origin = await api.listen(port, host);
  // Swish outcomes and reservation expiry are also applied on each request; the timer makes the simulator
  // page, receipts and stock current even when nobody polls.
  const timer = setInterval(() => api.tick(), 500);
  timer.unref();

  const shown = process.env.PUBLIC_ORIGIN || origin;
  const lines = [
    `Demo API listening on ${origin} (database ${dbPath}, SPA: ${spa ? (serveDist ? 'dist/' : 'webpack dev middleware') : 'off'}${spa?.render ? ', store pages rendered' : ''})`,
    '',
    `  Start page        ${shown}/demo`,
    `  Café              ${shown}/cafe`,
    `  Restaurant        ${shown}/restaurant?table=07   (tab: ${shown}/restaurant?table=12&tabId=tab-12)`,
    `  Closed shop       ${shown}/closed`,
    `  Finnish shop      ${shown}/kahvila`,
    `  2,000 products    ${shown}/bigshop`,
    `  Tab only          ${shown}/tabonly?tabId=tab-7`,
    `  Hostile texts     ${shown}/hostile`,
    `  Payment simulator ${shown}/demo/simulator`,
    `  E-mail outbox     ${shown}/demo/outbox`,
    `  Field metrics     ${shown}/demo/vitals`,
    `  Card payment page ${shown}/company/c-cafe/payment/pi_demo_pending`,
    '',
    `Swish completes after ${delays.swishMs} ms${delays.autoComplete ? '' : ' only via the simulator'}; put RF07, TM01 or BANKIDCL in the message to force an outcome.`,
    `A started payment reserves its limited stock for ${delays.reservationMs} ms, then expires (RESERVATION_MS).`,
  ];
  console.log(lines.join('\n'));

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(timer);
    console.log(`\n${signal}: stopping the demo API`);
    api.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
