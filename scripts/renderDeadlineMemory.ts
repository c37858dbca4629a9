/**
 * Issue 34: does anything of a render outlive its answer? 1,000 store page renders (src/ssr/renderStorePage.tsx
 * from the sources, React's production build), in batches, against a shop API that never answers: a loopback
 * server that takes each request and never replies. The deadline (100 ms) is shorter than the API's limit
 * (250 ms), so it is the deadline that answers each page.
 *
 * Before, after 500 and after 1,000 renders it forces a GC and prints heap used and RSS, and what is still on
 * its way although every page has been answered: shop requests, prerenders (none starts without a shop; a
 * page that waits forever is Jest's case, __tests__/ssr/renderStorePage.test.ts) and the requests the API
 * server still holds open. 0 is the rule: each render's signal is aborted at its deadline and at its end.
 *
 *   npm run bench:render-deadline    (BENCH_RENDERS=1000 BENCH_BATCH=50 BENCH_DEADLINE_MS=100)
 */
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type * as ReactStatic from 'react-dom/static.edge';
import { securityHeaders } from '../src/hosting/securityHeaders';
import { createStorePageRenderer } from '../src/ssr/renderStorePage';
import { indexTemplate } from '../__tests__/helpers/indexTemplate';

const RENDERS = Math.min(Number(process.env.BENCH_RENDERS ?? 1000), 10_000);
const BATCH = Math.min(Number(process.env.BENCH_BATCH ?? 50), 200);
const DEADLINE_MS = Number(process.env.BENCH_DEADLINE_MS ?? 100);

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with NODE_OPTIONS=--expose-gc (npm run bench:render-deadline does)');

// The prerenders on their way: React's own function, counted (the render module reads it at each call).
const reactStatic = createRequire(__filename)('react-dom/static.edge') as typeof ReactStatic;
const realPrerender = reactStatic.prerender;
let prerendering = 0;
reactStatic.prerender = (...args) => {
  prerendering += 1;
  const result = realPrerender(...args);
  void result.then(
    () => (prerendering -= 1),
    () => (prerendering -= 1),
  );
  return result;
};

let fetching = 0;
/** The platform's fetch, counted while on its way. */
const countedFetch = (answer: typeof fetch): typeof fetch => {
  return async (input, init) => {
    fetching += 1;
    try {
      return await answer(input, init);
    } finally {
      fetching -= 1;
    }
  };
};

/**
 * A loopback API that takes every request and never answers; it counts the requests whose connection is still
 * open (an aborted fetch closes its connection; Node's fetch may then open idle ones, which are not counted).
 */
async function silentApi(): Promise<{ origin: string; open: () => number; close: () => Promise<void> }> {
  let open = 0;
  const server: Server = createServer((request) => {
    if (request.socket.destroyed) return;
    open += 1;
    request.socket.once('close', () => (open -= 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    open: () => open,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
/** A turn of the event loop (its timers, then I/O): time for an aborted request's connection to close. */
const turn = () =>
  new Promise((resolve) => setTimeout(resolve, 0)).then(() => new Promise((r) => setImmediate(r)));

async function run(name: string, options: Parameters<typeof createStorePageRenderer>[0], open: () => number) {
  const render = createStorePageRenderer(options);
  const indexHtml = options.indexHtml;
  let fellBack = 0;
  const rows: string[] = [];
  const row = async (label: string) => {
    // What is on its way the moment the last page of a batch is answered, then a turn of the loop later.
    const atAnswer = `${fetching}/${prerendering}`;
    await turn();
    gc?.();
    const { heapUsed, rss } = process.memoryUsage();
    rows.push(
      `  ${label.padEnd(16)} heap ${mb(heapUsed).padStart(9)}  rss ${mb(rss).padStart(9)}  ` +
        `on their way at the answer (fetches/prerenders) ${atAnswer.padStart(7)}, a turn later ` +
        `${fetching}/${prerendering}, requests the API still holds ${open()}`,
    );
  };
  // Loaded and compiled first (a render each), so "before" is the process, not the first render.
  await (await render(new Request('http://shop.example/cafe'))).text();
  await row('before');
  for (let done = 0; done < RENDERS;) {
    const batch = Array.from({ length: Math.min(BATCH, RENDERS - done) }, (_, i) =>
      render(new Request(`http://shop.example/cafe?table=${done + i}`)).then(async (response) => {
        if ((await response.text()) === indexHtml) fellBack += 1;
      }),
    );
    await Promise.all(batch);
    done += batch.length;
    if (done === Math.floor(RENDERS / 2) || done === RENDERS) await row(`after ${done}`);
  }
  console.log(`${name}: ${fellBack} of ${RENDERS} answered with the static page`);
  console.log(rows.join('\n'));
}

async function main() {
  const indexHtml = indexTemplate();
  const base = {
    indexHtml,
    documentHeaders: securityHeaders({}, indexHtml).document,
    onError: () => undefined,
  };
  console.log(
    `${RENDERS} renders in batches of ${BATCH}; node ${process.version}, NODE_ENV=${process.env.NODE_ENV}`,
  );

  const api = await silentApi();
  try {
    await run(
      `API never answers, deadline ${DEADLINE_MS} ms (the API's limit: 250 ms)`,
      { ...base, apiBaseUrl: api.origin, deadlineMs: DEADLINE_MS, fetch: countedFetch(fetch) },
      api.open,
    );
  } finally {
    await api.close();
  }
}

void main();
