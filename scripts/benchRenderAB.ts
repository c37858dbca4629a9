/**
 * Issue 37: two builds of the render, one shop, in turn in one Node process (A, B, A, B …), so the machine's
 * drift and the heap's state hit both alike: a cut of 10 % shows here though a run of `bench:render` moves by
 * more. CPU per render (`process.cpuUsage`): best, p25, median, mean, and B ÷ A.
 *
 *   cp -r dist-server /tmp/before   (on the old code, after `npm run build:demo`)
 *   npm run build:demo && BENCH_AB=/tmp/before,dist-server BENCH_SHOP=cafe npx tsx scripts/benchRenderAB.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { demoShopFixtures } from '../src/demo-api/fixtures/fixtures';
import { buildShopResponse, ShopCatalog } from '../src/demo-api/services/shopCatalog';
import type { RendererOptions } from '../src/ssr/renderStorePage';

const [dirA, dirB] = (process.env.BENCH_AB ?? '').split(',');
const SHOP = process.env.BENCH_SHOP ?? 'cafe';
const RENDERS = Number(process.env.BENCH_RENDERS ?? 600);
const WARM = 300;
const LANGUAGES = ['se', 'en', 'fi'];

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * q)]!;

async function main(): Promise<void> {
  if (!dirA || !dirB) throw new Error('BENCH_AB=<dir of render.mjs A>,<dir of render.mjs B>');
  const shop = new ShopCatalog(demoShopFixtures()).all().find((each) => each.shopId === SHOP);
  if (!shop) throw new Error(`no demo shop ${SHOP}`);
  const stock = new Map(shop.fixture.products.map((product) => [product.id, 20]));
  const answer = new TextEncoder().encode(JSON.stringify(buildShopResponse(shop, stock)));
  const renders = await Promise.all(
    [dirA, dirB].map(async (dir) => {
      const { createStorePageRenderer } = (await import(
        pathToFileURL(path.resolve(dir, 'render.mjs')).href
      )) as {
        createStorePageRenderer: (options: RendererOptions) => (request: Request) => Promise<Response>;
      };
      return createStorePageRenderer({
        indexHtml: fs.readFileSync('dist/index.html', 'utf8'),
        documentHeaders: (
          JSON.parse(fs.readFileSync('dist/headers.json', 'utf8')) as { document: Record<string, string> }
        ).document,
        apiBaseUrl: 'http://api.invalid',
        fetch: () =>
          Promise.resolve(new Response(answer, { headers: { 'Content-Type': 'application/json' } })),
        patienceMs: 60_000,
        onError: (error) => {
          throw error;
        },
      });
    }),
  );
  const cpu: number[][] = [[], []];
  for (let n = 0; n < WARM + RENDERS; n++) {
    for (const [i, render] of renders.entries()) {
      const before = process.cpuUsage();
      const response = await render(new Request(`https://shop.example/${SHOP}?lng=${LANGUAGES[n % 3]!}`));
      await response.text();
      const used = process.cpuUsage(before);
      if (response.status !== 200) throw new Error(`${SHOP}: status ${response.status}`);
      if (n >= WARM) cpu[i]!.push((used.user + used.system) / 1000);
    }
  }
  const figures = cpu.map((samples) => ({
    best: Math.min(...samples),
    p25: quantile(samples, 0.25),
    median: quantile(samples, 0.5),
    mean: samples.reduce((a, b) => a + b, 0) / samples.length,
  }));
  console.log(`${SHOP}: ${RENDERS} renders of each build in turn after ${WARM} warm (CPU ms)`);
  console.log(
    'build'.padEnd(28),
    'best'.padStart(7),
    'p25'.padStart(7),
    'median'.padStart(7),
    'mean'.padStart(7),
  );
  for (const [i, dir] of [dirA, dirB].entries()) {
    const f = figures[i]!;
    console.log(dir.padEnd(28), ...[f.best, f.p25, f.median, f.mean].map((v) => v.toFixed(2).padStart(7)));
  }
  const [a, b] = figures as [(typeof figures)[0], (typeof figures)[0]];
  console.log(
    'B ÷ A'.padEnd(28),
    ...(['best', 'p25', 'median', 'mean'] as const).map((k) => `${(b[k] / a[k]).toFixed(2)}×`.padStart(7)),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
