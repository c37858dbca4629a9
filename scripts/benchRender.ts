/**
 * Issue 37: what one store page render costs, in Node and in workerd (Cloudflare's runtime), for every demo
 * shop, against budgets: ≤ 10 ms of CPU per render for every shop (Cloudflare's free plan stops a Worker
 * at 10 ms) and ≤ 3 ms for the café.
 *
 * - **Node**: the built `dist-server/render.mjs`, warm, one render at a time, with the shop's answer from
 *   memory (an instant API): CPU per render (`process.cpuUsage`, median and p90), renders per second on one
 *   core, the HTML's size and the process's memory.
 * - **Node's floor**: per shop, what any render of its page costs whatever the app's components do: reading
 *   the shop's answer as the render reads it (a big shop's articles walked, not parsed), and React alone
 *   writing the page's elements (its `#root` parsed back into plain elements). The rest is the app's.
 * - **workerd**: the same `dist-server/render.mjs` in workerd (wrangler's `unstable_startWorker`), in a
 *   bench worker (scripts/bench/renderWorker.mjs) that renders a shop `n` times within one request, its answer
 *   in memory. Inside a Worker the clock stands still between I/O, so the render is measured from outside: the
 *   CPU of every workerd process of this run (/proc) over a request of `n` renders less over one of none,
 *   per render (a mean: the outside sees no single render). The budget is judged on that (every thread: the
 *   isolate's, V8's garbage collector and compiler threads, workerd's own); the busiest thread alone, the one
 *   running the isolate, is printed beside it ("thread"). A page through the deployed worker adds its cache,
 *   its assets and (here) wrangler's dev proxy, which are not the render's. Its memory is the workerd
 *   processes'.
 * - **The worker itself**: its gzip size (Cloudflare: 3 MB free, 10 MB paid) and its start-up CPU (the
 *   profile `wrangler check startup` records in workerd; the limit is 1 s).
 *
 * The machine is shared and noisy, so the same run also times a fixed reference workload (parsing and
 * serialising the big shop's answer) and prints each render's CPU as a ratio of it.
 *
 *   npm run bench:render         (BENCH_RENDERS=200; builds first)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { unstable_startWorker } from 'wrangler';
import { demoShopFixtures } from '../src/demo-api/fixtures/fixtures';
import { buildShopResponse, ShopCatalog } from '../src/demo-api/services/shopCatalog';
import { parseJsonLazily } from '../src/shared/api/lazyJson';
import type { RendererOptions } from '../src/ssr/renderStorePage';
import type { DefaultTreeAdapterMap } from 'parse5';
import type { ReactNode } from 'react';

const RENDERS = Math.min(Number(process.env.BENCH_RENDERS ?? 200), 2_000);
/** Warm renders of every shop before a runtime measures any. */
const WARM = 60;
/** BENCH_NODE_ONLY=1: Node alone (a quick look while cutting a render's cost). */
const NODE_ONLY = process.env.BENCH_NODE_ONLY === '1';
const BUDGET_MS = 10;
const CAFE_BUDGET_MS = 3;
/** The deployed worker's compatibility date (wrangler.toml), for the bench worker. */
const COMPATIBILITY_DATE = /^compatibility_date = "([\d-]+)"/m.exec(
  fs.readFileSync('wrangler.toml', 'utf8'),
)![1]!;
const LANGUAGES = ['se', 'en', 'fi'] as const;

type Render = (request: Request) => Promise<Response>;

/**
 * Every demo shop's GET shop answer, as the demo API gives it (stock of 20 where stock is limited), as the
 * bytes a network answer brings: a render reads and decodes them, but is not charged for encoding them.
 */
function shopAnswers(): Map<string, Uint8Array<ArrayBuffer>> {
  const catalog = new ShopCatalog(demoShopFixtures());
  return new Map(
    catalog.all().map((shop) => {
      const stock = new Map(shop.fixture.products.map((product) => [product.id, 20]));
      return [shop.shopId, new TextEncoder().encode(JSON.stringify(buildShopResponse(shop, stock)))];
    }),
  );
}

function answerFor(answers: Map<string, Uint8Array<ArrayBuffer>>, url: string): Response {
  const body = answers.get(decodeURIComponent(new URL(url).pathname.split('/').pop() ?? ''));
  return body
    ? new Response(body, { headers: { 'Content-Type': 'application/json' } })
    : Response.json({ name: 'Not found', errorCode: 'NOT_FOUND' }, { status: 404 });
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const quantile = (values: number[], q: number) =>
  sorted(values)[Math.min(values.length - 1, Math.floor(values.length * q))]!;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const ms = (value: number) => value.toFixed(2);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** CPU milliseconds `work` takes (this process: user + system). */
async function cpuOf(work: () => Promise<unknown> | unknown): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** The reference workload: the big shop's answer parsed and serialised again, CPU ms (median of 30). */
async function reference(answers: Map<string, Uint8Array<ArrayBuffer>>): Promise<number> {
  const body = new TextDecoder().decode(answers.get('bigshop'));
  const samples: number[] = [];
  for (let i = 0; i < 40; i++) {
    const cpu = await cpuOf(() => JSON.stringify(JSON.parse(body)));
    if (i >= 10) samples.push(cpu);
  }
  return quantile(samples, 0.5);
}

interface Row {
  shop: string;
  /** The least of the samples: the render with the least interference from the rest of the machine. */
  best: number;
  median: number;
  p90: number;
  perSecond: number;
  html: number;
  /** The last render's whole page. */
  page: string;
}

async function nodeRenders(
  answers: Map<string, Uint8Array<ArrayBuffer>>,
): Promise<{ rows: Row[]; rss: number; heap: number }> {
  const { createStorePageRenderer } = (await import(
    pathToFileURL(path.resolve('dist-server/render.mjs')).href
  )) as { createStorePageRenderer: (options: RendererOptions) => Render };
  const render = createStorePageRenderer({
    indexHtml: fs.readFileSync('dist/index.html', 'utf8'),
    documentHeaders: (
      JSON.parse(fs.readFileSync('dist/headers.json', 'utf8')) as { document: Record<string, string> }
    ).document,
    apiBaseUrl: 'http://api.invalid',
    fetch: (input) => Promise.resolve(answerFor(answers, String(input))),
    // No time limit: the CPU of a render that always completes is what is measured.
    patienceMs: 60_000,
    onError: (error) => {
      throw new Error(`a render fell back to the static page: ${String(error)}`);
    },
  });
  /** One render of `shop` in the `n`th language in turn: its CPU and its page. */
  const renderOnce = async (shop: string, n: number) => {
    let page = '';
    let status = 0;
    const used = await cpuOf(async () => {
      const response = await render(
        new Request(`https://shop.example/${shop}?lng=${LANGUAGES[n % LANGUAGES.length]!}`),
      );
      status = response.status;
      page = await response.text();
    });
    if (status !== 200) throw new Error(`${shop}: status ${status}`);
    return { used, page };
  };
  // Warm as a server is: every shop's render compiled and optimised before any is measured (the first shop
  // measured was paying the compiler's threads for all of them).
  for (let n = 0; n < WARM; n++) for (const shop of answers.keys()) await renderOnce(shop, n);
  const rows: Row[] = [];
  // Shops in turn, as languages are: whatever else the process's threads do meanwhile (V8 still compiling
  // after the warm-up, a garbage collection) falls on every shop alike, not on the one measured first.
  const shops = [...answers.keys()];
  const cpu = new Map(shops.map((shop) => [shop, [] as number[]]));
  const pages = new Map<string, string>();
  for (let n = 0; n < RENDERS; n++) {
    for (const shop of shops) {
      const one = await renderOnce(shop, n);
      cpu.get(shop)!.push(one.used);
      pages.set(shop, one.page);
    }
  }
  for (const shop of shops) {
    const used = cpu.get(shop)!;
    const page = pages.get(shop)!;
    rows.push({
      shop,
      best: Math.min(...used),
      median: quantile(used, 0.5),
      p90: quantile(used, 0.9),
      perSecond: 1000 / mean(used),
      html: page.length,
      page,
    });
  }
  const memory = process.memoryUsage();
  return { rows, rss: memory.rss, heap: memory.heapUsed };
}

/** CPU ms of `work`: the median of `count` runs after a tenth as many warm ones. */
async function medianCpu(count: number, work: () => unknown): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < count + count / 10; i++) {
    const used = await cpuOf(work);
    if (i >= count / 10) samples.push(used);
  }
  return quantile(samples, 0.5);
}

/** The markup inside a rendered page's `#root` (pageTemplate.ts puts the data block right after it). */
function rootMarkup(page: string): string {
  const open = /<div id="?root"?>/.exec(page);
  const end = page.indexOf(`</div><script id="rendered-page"`);
  if (!open || end < 0) throw new Error('no #root in the rendered page');
  return page.slice(open.index + open[0].length, end);
}

interface Floor {
  /**
   * Reading the shop's answer as the render reads it (parseJsonLazily): decoded and parsed whole, or, for an
   * answer of LAZY_FROM bytes or more, walked to its end with all but its articles parsed. Every render must
   * at least see the whole answer: the API has no smaller call.
   */
  read: number;
  /** React alone writing the page's markup: the same elements, without a component, a hook or a style. */
  react: number;
}

/**
 * What any render of a shop's page costs on this machine, whatever its components do: the two parts of a
 * render that no cut in the app's own code can make smaller (medians, CPU ms). The rest of a render is the
 * app's: its components, hooks and styles, the store, validation, the page template and the data block.
 */
async function floorOf(answer: Uint8Array, page: string): Promise<Floor> {
  const read = await medianCpu(RENDERS, () => parseJsonLazily(answer, 'articles'));
  // React's production build, as the render bundles it (the same version): React picks it when first loaded.
  const mode = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const { createElement } = await import('react');
  const { renderToString } = await import('react-dom/server.edge');
  process.env.NODE_ENV = mode;
  const { parseFragment } = await import('parse5');
  const propName: Record<string, string> = { class: 'className', for: 'htmlFor', tabindex: 'tabIndex' };
  const element = (node: DefaultTreeAdapterMap['childNode'], key: number): ReactNode => {
    if (node.nodeName === '#text') return 'value' in node ? node.value : null;
    if (!('tagName' in node)) return null;
    const props: Record<string, unknown> = { key };
    for (const { name, value } of node.attrs) {
      props[propName[name] ?? name] =
        name === 'style'
          ? Object.fromEntries(
              value
                .split(';')
                .filter((rule) => rule.includes(':'))
                .map((rule) => {
                  const [property, ...rest] = rule.split(':');
                  return [
                    property!.trim().replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()),
                    rest.join(':'),
                  ];
                }),
            )
          : value;
    }
    const children = ('content' in node ? node.content : node).childNodes;
    if (node.tagName === 'style') {
      const css = children.map((child) => ('value' in child ? child.value : '')).join('');
      return createElement('style', { ...props, dangerouslySetInnerHTML: { __html: css } });
    }
    return createElement(node.tagName, props, ...children.map(element));
  };
  const tree = createElement('div', null, ...parseFragment(rootMarkup(page)).childNodes.map(element));
  const react = await medianCpu(RENDERS, () => renderToString(tree));
  return { read, react };
}

/** A loopback API answering every shop from memory, at once. */
async function instantApi(
  answers: Map<string, Uint8Array<ArrayBuffer>>,
): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    void (async () => {
      // The bench worker also reads the built page and its headers here, as a render is given them.
      if (request.url === '/index.html' || request.url === '/headers.json') {
        response.end(fs.readFileSync(`dist${request.url}`));
        return;
      }
      const answer = answerFor(answers, `http://api${request.url ?? '/'}`);
      response.writeHead(answer.status, { 'Content-Type': 'application/json' });
      response.end(new Uint8Array(await answer.arrayBuffer()));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** The workerd processes this script started (its descendants). */
function workerdPids(): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      if (/^Name:\s*workerd$/m.test(fs.readFileSync(`/proc/${child}/status`, 'utf8'))) found.push(child);
      walk(child);
    }
  };
  walk(process.pid);
  return found;
}

/** CPU milliseconds the processes have used so far (user + system, /proc's clock ticks of 10 ms). */
function cpuSoFar(pids: number[]): number {
  return pids.reduce((sum, pid) => {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return sum + (Number(fields[11]) + Number(fields[12])) * 10;
  }, 0);
}

/** CPU milliseconds each thread of the processes has used so far, by thread id. */
function threadCpuSoFar(pids: number[]): Map<string, number> {
  const threads = new Map<string, number>();
  for (const pid of pids) {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      const fields = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      threads.set(tid, (Number(fields[11]) + Number(fields[12])) * 10);
    }
  }
  return threads;
}

/** Per thread, the CPU milliseconds used between two readings. */
const threadDeltas = (before: Map<string, number>, after: Map<string, number>) =>
  new Map([...after].map(([tid, ms]) => [tid, ms - (before.get(tid) ?? 0)]));

/** Resident memory of the processes. */
const rssOf = (pids: number[]) =>
  pids.reduce(
    (sum, pid) =>
      sum + Number(/^VmRSS:\s*(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024,
    0,
  );

interface WorkerdRow {
  shop: string;
  /** Mean CPU of a render in workerd. */
  cpu: number;
  /** Mean wall time of a render, seen from outside. */
  wall: number;
  /**
   * Mean CPU of a render on the busiest thread alone: the one running the isolate. The rest of `cpu` is V8's
   * helper threads (concurrent garbage collection, compilers) and workerd's own.
   */
  thread: number;
  html: number;
}

async function workerdRenders(
  answers: Map<string, Uint8Array<ArrayBuffer>>,
): Promise<{ rows: WorkerdRow[]; rss: number }> {
  const api = await instantApi(answers);
  process.env.WRANGLER_SEND_METRICS = 'false';
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
  const worker = await unstable_startWorker({
    name: 'render-bench',
    entrypoint: 'scripts/bench/renderWorker.mjs',
    compatibilityDate: COMPATIBILITY_DATE,
    // Bundled: the bench worker imports the built render from dist-server/.
    build: { bundle: true },
    bindings: { BENCH_ORIGIN: { type: 'plain_text', value: api.origin } },
    dev: {
      server: { hostname: '127.0.0.1', port: 0 },
      inspector: false,
      watch: false,
      persist: false,
      logLevel: 'warn',
    },
  });
  try {
    const origin = (await worker.url).origin;
    /** One request of `count` renders of `shop`: the CPU of every workerd process over it, and its wall time. */
    const renders = async (shop: string, count: number) => {
      // Found anew each time: wrangler starts the worker's own process after its proxy's.
      const pids = workerdPids();
      if (pids.length === 0) throw new Error('no workerd process found');
      const before = cpuSoFar(pids);
      const threadsBefore = threadCpuSoFar(pids);
      const start = performance.now();
      const response = await fetch(`${origin}/?shop=${encodeURIComponent(shop)}&n=${count}`);
      const body = await response.text();
      if (!response.ok) throw new Error(`the bench worker: ${body}`);
      return {
        cpu: cpuSoFar(pids) - before,
        threads: threadDeltas(threadsBefore, threadCpuSoFar(pids)),
        wall: performance.now() - start,
        html: (JSON.parse(body) as { html: number }).html,
      };
    };
    for (const shop of answers.keys()) await renders(shop, WARM);
    const rows: WorkerdRow[] = [];
    for (const shop of answers.keys()) {
      const none = await renders(shop, 0);
      const some = await renders(shop, RENDERS);
      const [busiest, busiestMs] = [...some.threads].reduce((a, b) => (b[1] > a[1] ? b : a));
      rows.push({
        shop,
        cpu: (some.cpu - none.cpu) / RENDERS,
        wall: (some.wall - none.wall) / RENDERS,
        thread: (busiestMs - (none.threads.get(busiest) ?? 0)) / RENDERS,
        html: some.html,
      });
    }
    return { rows, rss: rssOf(workerdPids()) };
  } finally {
    await worker.dispose();
    api.server.close();
  }
}

/** The worker's start-up CPU in workerd (ms), from `wrangler check startup`'s profile. */
function startupCpu(): number {
  const outfile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'startup-')), 'worker.cpuprofile');
  execFileSync('npx', ['wrangler', 'check', 'startup', '--outfile', outfile], {
    stdio: 'ignore',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  const profile = JSON.parse(fs.readFileSync(outfile, 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string } }[];
    samples: number[];
    timeDeltas: number[];
  };
  fs.rmSync(path.dirname(outfile), { recursive: true });
  const idle = new Set(
    profile.nodes
      .filter((node) => ['(idle)', '(root)'].includes(node.callFrame.functionName))
      .map((n) => n.id),
  );
  // Each sample's time is the delta to the next one.
  let busy = 0;
  profile.samples.forEach((node, i) => {
    if (!idle.has(node)) busy += profile.timeDeltas[i + 1] ?? 0;
  });
  return busy / 1000;
}

function table(title: string, rows: Row[], ref: number): boolean {
  console.log(`\n${title}`);
  console.log(
    ['shop'.padEnd(11), '  best ms', 'median ms', '  p90 ms', ' renders/s', '     HTML', ' ×ref', '  budget']
      .filter(Boolean)
      .join('  '),
  );
  let within = true;
  for (const row of rows) {
    const budget = row.shop === 'cafe' ? CAFE_BUDGET_MS : BUDGET_MS;
    const ok = row.median <= budget;
    within &&= ok;
    console.log(
      [
        row.shop.padEnd(11),
        ms(row.best).padStart(9),
        ms(row.median).padStart(9),
        ms(row.p90).padStart(8),
        row.perSecond.toFixed(0).padStart(10),
        kib(row.html).padStart(11),
        (row.median / ref).toFixed(2).padStart(5),
        `${ok ? 'ok' : 'OVER'} ≤${budget}`.padStart(8),
      ]
        .filter(Boolean)
        .join('  '),
    );
  }
  return within;
}

async function main(): Promise<void> {
  const answers = shopAnswers();
  const ref = await reference(answers);
  console.log(
    `${RENDERS} renders per shop after ${WARM} warm ones of each, shops and languages in turn; ${os.cpus().length} cores.`,
  );
  console.log(`reference (the big shop's answer parsed and serialised): ${ms(ref)} ms CPU`);

  const node = await nodeRenders(answers);
  let within = table('Node (CPU per render)', node.rows, ref);
  console.log(`memory: process RSS ${mib(node.rss)}, heap used ${mib(node.heap)}`);
  console.log(
    '\nNode, the floor (CPU ms, medians): reading the answer as the render does and React writing the same elements bare; the app is the rest',
  );
  console.log('shop           read ms  React ms  floor ms  render ms  the app ms   budget');
  for (const row of node.rows) {
    const floor = await floorOf(answers.get(row.shop)!, row.page);
    const budget = row.shop === 'cafe' ? CAFE_BUDGET_MS : BUDGET_MS;
    console.log(
      [
        row.shop.padEnd(11),
        ms(floor.read).padStart(9),
        ms(floor.react).padStart(8),
        ms(floor.read + floor.react).padStart(8),
        ms(row.median).padStart(9),
        ms(row.median - floor.read - floor.react).padStart(10),
        `≤${budget}`.padStart(7),
      ].join('  '),
    );
  }
  if (!NODE_ONLY) {
    const workerd = await workerdRenders(answers);
    console.log(
      '\nworkerd (mean CPU per render: the workerd processes over n renders in one request, less over none; the budget is on all their threads, "thread" is the isolate\'s own)',
    );
    console.log('shop           CPU ms  renders/s  wall ms  thread ms       HTML    budget');
    for (const row of workerd.rows) {
      const budget = row.shop === 'cafe' ? CAFE_BUDGET_MS : BUDGET_MS;
      within &&= row.cpu <= budget;
      console.log(
        [
          row.shop.padEnd(11),
          ms(row.cpu).padStart(8),
          (1000 / row.cpu).toFixed(0).padStart(9),
          ms(row.wall).padStart(7),
          ms(row.thread).padStart(9),
          kib(row.html).padStart(11),
          `${row.cpu <= budget ? 'ok' : 'OVER'} ≤${budget}`.padStart(8),
        ].join('  '),
      );
    }
    console.log(`memory: workerd RSS ${mib(workerd.rss)}`);
    const worker = fs.readFileSync('dist-server/cloudflareWorker.mjs');
    console.log(
      `\nworker: ${kib(worker.length)}, gzip ${kib(gzipSync(worker, { level: 9 }).length)} (limit 3 MiB free, 10 MiB paid); start-up ${ms(startupCpu())} ms CPU in workerd (limit 1,000 ms)`,
    );
  }
  if (!within) {
    console.log('\nover budget');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
