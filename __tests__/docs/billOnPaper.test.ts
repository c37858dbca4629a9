/**
 * Issue 37 item 3: docs/deployment.md's "The bill on paper" shows the tables `npm run bill:paper` prints
 * (scripts/bill/model.ts), and the model's measured inputs are the figures they come from: the render
 * cache's header (src/ssr), the render's CPU (docs/performance.md, `npm run bench:render`). One customer's
 * calls are checked in the browser (__tests__/e2e/apiCostPerCustomer.spec.ts). Each check is also tried on a
 * planted difference.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CACHE, cacheShares, MODEL, RENDER_CPU_MS, renderBill, workersUsd } from '../../scripts/bill/model';
import { RENDERED_CACHE_CONTROL } from '../../src/ssr/renderStorePage';

const ROOT = path.resolve(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, 'docs', file), 'utf8');

/** The blocks between `<!-- bill:{name} -->` and `<!-- /bill -->` in a page, by name. */
function billInDoc(markdown: string): Record<string, string> {
  return Object.fromEntries(
    [...markdown.matchAll(/<!-- bill:([a-z]+) -->([\s\S]*?)<!-- \/bill -->/g)].map((m) => [m[1], m[2]]),
  );
}

/** Each named block's tables as cells. */
const cellsByName = (blocks: Record<string, string>) =>
  Object.fromEntries(Object.entries(blocks).map(([name, markdown]) => [name, tableCells(markdown)]));

/**
 * Markdown tables as rows of trimmed cells, separator rows left out: what a reader sees, whatever padding
 * Prettier gives the columns.
 */
function tableCells(markdown: string): string[][] {
  return markdown
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('|') && !/^\|[\s:|-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

/** The last row of docs/performance.md's tables with this first cell (its latest measurement): the other cells. */
function performanceRow(markdown: string, figure: string): string[] {
  const row = tableCells(markdown).findLast(([first]) => first === figure);
  if (!row) throw new Error(`docs/performance.md has no row '${figure}'`);
  return row.slice(1);
}

/** The milliseconds a cell starts with ('2.0 ms', '15.8 ms (1.35×)'). */
const ms = (cell: string | undefined) => Number(/^([\d.]+) ms/.exec(cell ?? '')?.[1]);

describe('the bill on paper (docs/deployment.md) is the model’s arithmetic, from measured figures', () => {
  const doc = read('deployment.md');
  const printed = renderBill(); // 10,000 venues × 3 languages × 24 hours, six times over: worked out once

  it('shows exactly the tables npm run bill:paper prints, each in its place', () => {
    expect(cellsByName(billInDoc(doc))).toEqual(cellsByName(printed));
  });

  it('tells a changed figure and a missing table apart (planted)', () => {
    const figures = printed.figures as string;
    const changed = { ...printed, figures: figures.replace(/\| 19\.4 \|/, '| 20.4 |') };
    expect(changed.figures).not.toBe(figures);
    expect(cellsByName(changed)).not.toEqual(cellsByName(printed));
    const { cuts: _cuts, ...missing } = printed;
    expect(cellsByName(missing)).not.toEqual(cellsByName(printed));
  });

  it('counts the render cache the hosts keep: fresh s-maxage, then stale-while-revalidate (src/ssr)', () => {
    expect(RENDERED_CACHE_CONTROL).toContain(`s-maxage=${CACHE.freshS}`);
    expect(RENDERED_CACHE_CONTROL).toContain(`stale-while-revalidate=${CACHE.staleS}`);
  });

  it('costs a render what bench:render measured last (docs/performance.md, the latest table of each figure, after the cuts)', () => {
    const performance = read('performance.md');
    const after = (figure: string) => ms(performanceRow(performance, figure).at(-1));
    expect(after('workerd café, CPU per render')).toBe(RENDER_CPU_MS.workerdCafe);
    expect(after('workerd big shop, CPU per render')).toBe(RENDER_CPU_MS.workerdBigShop);
    expect(after('Node café, median (× ref of the run)')).toBe(RENDER_CPU_MS.nodeCafeMedian);
    expect(after('Node café, best of the run')).toBe(RENDER_CPU_MS.nodeCafeBest);
    expect(() => performanceRow(performance, 'workerd café, CPU per visit')).toThrow(/no row/);
  });

  it('shares the visits as the model says: every hour’s share and every language’s add up to the whole', () => {
    expect(MODEL.hourlyPercent).toHaveLength(24);
    expect(MODEL.hourlyPercent.reduce((a, b) => a + b, 0)).toBe(100);
    expect(Object.values(MODEL.languages).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
  });
});

describe('the render cache’s arithmetic (one key, Poisson visits)', () => {
  it('renders at most once per fresh minute however busy the page, and for nearly every visit to a quiet one', () => {
    const busy = 100; // visits a second
    expect(cacheShares(busy).renders * busy).toBeLessThanOrEqual(1 / CACHE.freshS);
    expect(cacheShares(busy).renders * busy).toBeGreaterThan(0.99 / CACHE.freshS);
    expect(cacheShares(busy).misses).toBeLessThan(1e-9);
    const quiet = 1 / 3600; // one visit an hour
    expect(cacheShares(quiet).renders).toBeGreaterThan(0.98);
    // Past the stale window nothing is served: most of a quiet page's visitors wait for their render.
    expect(cacheShares(quiet).misses).toBeGreaterThan(0.8);
  });
});

describe('what Workers charge (Standard: $5, 10 M requests and 30 M CPU-ms included)', () => {
  it('gives the totals of the examples on Cloudflare’s pricing page', () => {
    // Example 1: 15 M requests at 7 ms of CPU each, $8.00; example 4: 100 M requests at 7 ms, $45.40.
    expect(workersUsd(15e6, 7 * 15e6)).toBeCloseTo(8, 10);
    expect(workersUsd(100e6, 7 * 100e6)).toBeCloseTo(45.4, 10);
    // Within what the plan includes: the $5 alone.
    expect(workersUsd(10e6, 30e6)).toBe(5);
  });
});
