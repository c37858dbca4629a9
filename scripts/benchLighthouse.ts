/**
 * `npm run bench:lighthouse`: Lighthouse (mobile profile: simulated slow 4G and a 4× slower CPU) on the
 * customer screens of the built demo (run `npm run build:demo` first; the npm script does), printing the
 * category scores and the load metrics. Lighthouse 12 is fetched on demand with npx (pinned; v13 needs
 * Node 22), so the project's own install stays lean. Uses Debian's Chromium; loopback only.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startDemoServer } from './demoServer';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const PORT = Number(process.env.BENCH_PORT ?? 4398);
const PAGES = [
  '/cafe?lng=en',
  '/cafe/cart?lng=en',
  '/restaurant?table=07&lng=en',
  '/bigshop?lng=se',
  '/kahvila?lng=fi',
];
const CHROME_FLAGS = CHROMIUM_ARGS.join(' ');
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

async function main() {
  const server = await startDemoServer(PORT);
  const out = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
  try {
    console.log(`Lighthouse ${LIGHTHOUSE}, mobile profile (simulated slow 4G, 4× CPU slowdown)\n`);
    console.log('page'.padEnd(34) + 'perf  a11y  best  seo   ' + 'FCP     LCP     TBT     CLS    SI');
    for (const page of PAGES) {
      const file = path.join(out, `${page.replace(/\W+/g, '_')}.json`);
      execFileSync(
        'npx',
        [
          '--yes',
          LIGHTHOUSE,
          `${server.base}${page}`,
          '--quiet',
          '--output=json',
          `--output-path=${file}`,
          `--chrome-flags=${CHROME_FLAGS}`,
        ],
        {
          env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
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
    server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
