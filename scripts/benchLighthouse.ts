/**
 * `npm run bench:lighthouse`: Lighthouse (mobile profile: simulated slow 4G and a 4× slower CPU) on the
 * customer screens of the built demo (run `npm run build:demo` first; the npm script does), printing the
 * category scores and the load metrics. Lighthouse 12 is fetched on demand with npx (pinned; v13 needs
 * Node 22), so the project's own install stays lean. Uses Debian's Chromium; loopback only.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const PORT = Number(process.env.BENCH_PORT ?? 4398);
const BASE = `http://127.0.0.1:${PORT}`;
const PAGES = [
  '/cafe?lng=en',
  '/cafe/cart?lng=en',
  '/restaurant?table=07&lng=en',
  '/bigshop?lng=se',
  '/kahvila?lng=fi',
];
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { displayValue?: string }>;
}

async function waitFor(url: string, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

async function main() {
  const server = spawn('npx', ['tsx', 'src/demo-api/main.ts', '--dist'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DEMO_DB: ':memory:' },
    stdio: 'ignore',
  });
  const out = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
  try {
    await waitFor(`${BASE}/demo`, 30_000);
    console.log(`Lighthouse ${LIGHTHOUSE}, mobile profile (simulated slow 4G, 4× CPU slowdown)\n`);
    console.log('page'.padEnd(34) + 'perf  a11y  best  seo   ' + 'FCP     LCP     TBT     CLS    SI');
    for (const page of PAGES) {
      const file = path.join(out, `${page.replace(/\W+/g, '_')}.json`);
      execFileSync(
        'npx',
        [
          '--yes',
          LIGHTHOUSE,
          `${BASE}${page}`,
          '--quiet',
          '--output=json',
          `--output-path=${file}`,
          `--chrome-flags=${CHROME_FLAGS}`,
        ],
        {
          env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      );
      const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
      const score = (id: string) => String(Math.round((report.categories[id]?.score ?? 0) * 100)).padEnd(6);
      const metric = (id: string) =>
        (report.audits[id]?.displayValue ?? '-').replace(/\u00a0/g, ' ').padEnd(8);
      console.log(
        page.padEnd(34) +
          ['performance', 'accessibility', 'best-practices', 'seo'].map(score).join('') +
          METRICS.map(metric).join(''),
      );
    }
  } finally {
    server.kill();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
