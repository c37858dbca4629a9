/**
 * `npm run bench:crowd` (issue 37, item 2): a crowd at one shop's page through nginx with the config the
 * build wrote and the render server beside it, on loopback, bounded in count and time.
 *
 *   BENCH_CROWD_PORT (7100): nginx on it, the render server on +1, the counting API proxy on +2, the demo
 *   API on +3 (all 127.0.0.1). The npm script builds first with RENDER_UPSTREAM=http://127.0.0.1:7101;
 *   `npx tsx scripts/benchCrowd.ts` runs again on that build. Exits 1 when any visitor got an error.
 *
 * What runs. The demo API (`startDemoServer`, in-memory database) on +3; in front of it a small proxy of
 * this script's own on +2, which counts every shop read (`GET /api/v2/webshop/{shopId}`) and can hold its
 * answer; `node dist-server/nodeServer.mjs` on +1 with API_ORIGIN the proxy and the production limits (the
 * shop's 250 ms, the render's 1.5 s); nginx on the port, with dist/nginx.conf as the build wrote it (only
 * the listen address, the root, the cache's directory and the render server's port put in) inside the same
 * minimal main config as __tests__/e2e/hosting.spec.ts, plus an access log of every request nginx passed
 * to the render server (`log_subrequest on`: the background updates too). Each scenario gets a fresh nginx
 * with an empty cache.
 *
 * The crowd. 1,000 visitors in 10 s, on a schedule rather than a closed loop: autocannon in 20 lanes (one
 * autocannon run each) started 50 ms apart, each lane 5 keep-alive connections sending one request a second
 * (autocannon's connectionRate), so 5 visitors arrive every 50 ms. A visitor waits for nobody else's answer
 * unless the visitor before them on their connection waited more than a second: then they come late, and
 * "arrival lag" says by how much. Visitors send what a phone's first request sends (no cookie, gzip) and
 * nothing is kept between them. Only the page is requested: its scripts and styles are static files, and
 * the client hydrates the café from the page (no second shop request). Why lanes: one autocannon run costs
 * ~10–30 ms of CPU to start, so one per visitor (a new connection each) saturated this machine, and
 * autocannon's reconnectRate (a new connection every N requests) records no response at all (9.0.0).
 *
 * The scenarios: a static file (baseline, the same nginx), the café with a cold cache, the café with its
 * pages a minute old and the render server killed half-way, and the café with the API answering in 2 s.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { startDemoServer } from './demoServer';

/** The part of autocannon's (untyped) API this script uses. */
interface AutocannonRequest {
  method: 'GET';
  path?: string;
  headers?: Record<string, string>;
  setupRequest: (request: AutocannonRequest, context: VisitContext) => AutocannonRequest;
  onResponse: (status: number, body: string, context: VisitContext, headers: Record<string, string>) => void;
}
interface AutocannonClient {
  on(event: 'request', listener: () => void): void;
}
interface AutocannonResult {
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (
  options: {
    url: string;
    connections: number;
    connectionRate: number;
    amount: number;
    timeout: number;
    ignoreCoordinatedOmission: boolean;
    headers: Record<string, string>;
    requests: AutocannonRequest[];
    setupClient: (client: AutocannonClient) => void;
  },
  done: (error: Error | null, result: AutocannonResult) => void,
) => unknown;
interface VisitContext {
  visit?: Visit;
}

const autocannon = createRequire(__filename)('autocannon') as Autocannon;

const BASE_PORT = Number(process.env.BENCH_CROWD_PORT ?? 7100);
const NGINX_PORT = BASE_PORT;
const RENDER_PORT = BASE_PORT + 1;
const PROXY_PORT = BASE_PORT + 2;
const DEMO_PORT = BASE_PORT + 3;
const HOST = '127.0.0.1';
const ORIGIN = `http://${HOST}:${NGINX_PORT}`;
const RENDER_ORIGIN = `http://${HOST}:${RENDER_PORT}`;

const DIST = path.resolve('dist');
const NODE_SERVER = path.resolve('dist-server', 'nodeServer.mjs');
const NGINX = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

/** The crowd: LANES × CONNECTIONS visitors a second, for SECONDS. */
const LANES = 20;
const CONNECTIONS = 5;
const SECONDS = 10;
const VISITORS = LANES * CONNECTIONS * SECONDS;
/** When scenario 2 kills the render server, from the crowd's start. */
const KILL_AT_MS = 5_000;
/** How long the API takes to answer in scenario 3. */
const SLOW_API_MS = 2_000;
/** The whole run, setup included, is stopped (and fails) after this long. */
const RUN_LIMIT_MS = 240_000;
/** Tries to get a page rendered into the cache before a scenario (warm). */
const WARM_TRIES = 30;

/** A phone's first request for a page (no cookie: a fresh visitor). */
const VISITOR_HEADERS = {
  'user-agent':
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
};

type Language = 'se' | 'en' | 'fi';

/**
 * The café's visitors as a Swedish café has them: most Swedish, a third English, a few Finnish. Every one
 * is a fresh visitor, so only the address names a language (a visitor who names none gets the English
 * page, the render's default). Table QR codes add `table=NN`, which must not split the cache.
 */
const CAFE_MIX: { count: number; address: (table: string) => string; language: Language }[] = [
  { count: 450, address: (table) => `/cafe?table=${table}&lng=se`, language: 'se' },
  { count: 150, address: () => '/cafe?lng=sv-SE', language: 'se' },
  { count: 250, address: (table) => `/cafe?table=${table}`, language: 'en' },
  { count: 100, address: () => '/cafe?lng=en', language: 'en' },
  { count: 50, address: (table) => `/cafe?table=${table}&lng=fi`, language: 'fi' },
];

/** A small seeded generator (mulberry32), so every run sends the same visitors in the same order. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Visitor {
  address: string;
  language: Language | null;
}

function cafeVisitors(): Visitor[] {
  const random = seeded(37);
  const visitors: Visitor[] = [];
  for (const kind of CAFE_MIX)
    for (let i = 0; i < kind.count; i += 1) {
      const table = String(1 + Math.floor(random() * 20)).padStart(2, '0');
      visitors.push({ address: kind.address(table), language: kind.language });
    }
  // Fisher–Yates with the same generator.
  for (let i = visitors.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [visitors[i], visitors[j]] = [visitors[j]!, visitors[i]!];
  }
  if (visitors.length !== VISITORS)
    throw new Error(`the mix has ${visitors.length} visitors, not ${VISITORS}`);
  return visitors;
}

// ---------------------------------------------------------------------------------------------------------
// Processes and clean-up

const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-crowd-'));
const children = new Set<ChildProcess>();
const cleanups: (() => void)[] = [];

let cleanedUp = false;
/** Ends every process this script started and removes its temporary directory; once. */
function cleanUp(): void {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const cleanup of cleanups.splice(0)) {
    try {
      cleanup();
    } catch {
      // already gone
    }
  }
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
  if (process.env.BENCH_CROWD_KEEP === '1') console.log(`kept ${tempRoot}`);
  else fs.rmSync(tempRoot, { recursive: true, force: true });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const statusOf = (url: string) =>
  fetch(url).then(
    async (response) => {
      await response.arrayBuffer();
      return response.status;
    },
    () => 0,
  );

async function waitFor(what: string, check: () => Promise<boolean>, limitMs = 30_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`${what}: not within ${limitMs / 1000} s`);
}

/** Fails when something already listens on `port` (another run, or someone else's server). */
async function assertFree(port: number): Promise<void> {
  const probe = http.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', () => reject(new Error(`port ${port} is in use (BENCH_CROWD_PORT picks others)`)));
    probe.listen(port, HOST, () => resolve());
  });
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

// ---------------------------------------------------------------------------------------------------------
// The API's front door: counts shop reads, and can answer late

interface ApiProxy {
  shopReads: number;
  /** Shop reads whose asker (the render) went away before the answer. */
  abandoned: number;
  delayMs: number;
}

async function startApiProxy(target: string): Promise<ApiProxy> {
  const state: ApiProxy = { shopReads: 0, abandoned: 0, delayMs: 0 };
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    const arrived = Date.now();
    const shopRead =
      request.method === 'GET' && /^\/api\/v2\/webshop\/[^/?]+(?:\?|$)/.test(request.url ?? '');
    if (shopRead) state.shopReads += 1;
    const delayMs = state.delayMs;
    response.once('close', () => {
      if (!response.writableFinished && shopRead) state.abandoned += 1;
    });
    const upstream = http.request(
      target + (request.url ?? '/'),
      { method: request.method, headers: request.headers, agent },
      (answer) => {
        const send = () => {
          if (response.destroyed) {
            answer.resume();
            return;
          }
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        };
        // The API did the work at once and answers `delayMs` after the request came.
        const wait = arrived + delayMs - Date.now();
        if (wait > 0) setTimeout(send, wait);
        else send();
      },
    );
    upstream.once('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(PROXY_PORT, HOST, resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    server.close();
    agent.destroy();
  });
  return state;
}

// ---------------------------------------------------------------------------------------------------------
// The render server

interface RenderServer {
  child: ChildProcess;
  log: () => string;
}

async function startRenderServer(apiOrigin: string): Promise<RenderServer> {
  let log = '';
  const child = spawn(process.execPath, [NODE_SERVER], {
    env: { ...process.env, DIST_DIR: DIST, API_ORIGIN: apiOrigin, PORT: String(RENDER_PORT), HOST },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  // It listens once it has warmed up (src/ssr/nodeAdapter.ts). /cafe/cart is no store page: no shop read.
  await waitFor('the render server', async () => (await statusOf(`${RENDER_ORIGIN}/cafe/cart`)) === 200);
  return { child, log: () => log };
}

// ---------------------------------------------------------------------------------------------------------
// nginx with the generated config

/** Replaces the one match of `pattern` in `text` (the generated config changed if there is not one). */
function substitute(text: string, pattern: RegExp, to: string): string {
  const count = text.match(new RegExp(pattern.source, `${pattern.flags}g`))?.length ?? 0;
  if (count !== 1)
    throw new Error(`dist/nginx.conf: expected one ${pattern} to put the bench's value in, found ${count}`);
  return text.replace(pattern, to);
}

/** dist/nginx.conf as the build wrote it, with this machine's paths and ports put in. */
function generatedServerBlock(cacheDir: string): string {
  const generated = fs.readFileSync(path.join(DIST, 'nginx.conf'), 'utf8');
  if (!generated.includes('proxy_cache_path'))
    throw new Error(
      'dist/nginx.conf has no render cache: build with RENDER_UPSTREAM set (`npm run bench:crowd` does)',
    );
  let conf = substitute(generated, /^ {2}listen 80;$/m, `  listen ${HOST}:${NGINX_PORT};`);
  conf = substitute(conf, /^ {2}root \/var\/www\/storefront;$/m, `  root ${DIST};`);
  conf = substitute(
    conf,
    /^proxy_cache_path \/var\/cache\/nginx\/storefront /m,
    `proxy_cache_path ${cacheDir} `,
  );
  // The render server's address the build was given (RENDER_UPSTREAM), whatever port that was.
  conf = substitute(
    conf,
    /proxy_pass http:\/\/[^;/]+;(?=\n\s+proxy_set_header Host)/,
    `proxy_pass ${RENDER_ORIGIN};`,
  );
  return conf;
}

interface Nginx {
  dir: string;
  cacheDir: string;
  accessLog: string;
  stop: () => Promise<void>;
}

async function startNginx(name: string): Promise<Nginx> {
  const dir = path.join(tempRoot, name);
  const cacheDir = path.join(dir, 'pages');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'storefront.conf'), generatedServerBlock(cacheDir));
  const accessLog = path.join(dir, 'upstream.log');
  // The main config around the generated server block, as hosting.spec.ts writes it, plus an access log
  // that says which requests nginx passed to the render server (background updates included: they are
  // subrequests) and what it answered.
  const temp = (kind: string) => `${kind}_temp_path ${path.join(dir, kind)};`;
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off; master_process off; pid ${path.join(dir, 'nginx.pid')}; error_log ${path.join(dir, 'error.log')} warn;
events {}
http {
  include /etc/nginx/mime.types; default_type application/octet-stream;
  log_format upstream '$msec $upstream_addr $upstream_status "$upstream_http_cache_control" $upstream_cache_status "$request"';
  access_log ${accessLog} upstream;
  log_subrequest on;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')}
  include ${path.join(dir, 'storefront.conf')};
}
`,
  );
  const configFile = path.join(dir, 'nginx.conf');
  execFileSync(NGINX, ['-t', '-q', '-p', dir, '-c', configFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  const child = spawn(NGINX, ['-p', dir, '-c', configFile], { stdio: 'ignore' });
  children.add(child);
  await waitFor('nginx', async () => (await statusOf(`${ORIGIN}/robots.txt`)) === 200, 10_000);
  return {
    dir,
    cacheDir,
    accessLog,
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
      children.delete(child);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// A minute passes: the cached pages' expiry moved into the past

/**
 * Makes every page in nginx's cache a minute old: its expiry (`valid_sec` in the cache file's header) is
 * set one second into the past, which is all a minute's wait changes in the cache. The page, its headers
 * and how long it may then be served stale (the render's stale-while-revalidate=600, kept in the header's
 * `updating_sec` and `error_sec`) stay as the render server sent them, and nginx decides from the header
 * on every request (open_file_cache is off), as it would a minute later.
 *
 * The header is nginx's `ngx_http_file_cache_header_t` (version 5, 64-bit): version, valid_sec,
 * updating_sec, error_sec, last_modified, date, each 8 bytes. It is checked before it is changed: version
 * 5, fresh for 60 s after its Date, 600 s of stale-while-revalidate; anything else fails the run.
 *
 * @returns how many pages were aged
 */
function agePages(cacheDir: string): number {
  const now = Math.floor(Date.now() / 1000);
  let aged = 0;
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/^[0-9a-f]{32}$/.test(entry.name)) {
        const fd = fs.openSync(file, 'r+');
        try {
          const header = Buffer.alloc(48);
          fs.readSync(fd, header, 0, 48, 0);
          const [version, validSec, updatingSec, errorSec, , date] = [0, 8, 16, 24, 32, 40].map((offset) =>
            Number(header.readBigInt64LE(offset)),
          );
          const freshFor = validSec! - date!;
          if (version !== 5 || freshFor < 58 || freshFor > 62 || updatingSec !== 600 || errorSec !== 600)
            throw new Error(
              `${file}: not the cache header this bench knows (version ${version}, fresh for ${freshFor} s, ` +
                `stale for ${updatingSec}/${errorSec} s); nginx's cache format changed?`,
            );
          const past = Buffer.alloc(8);
          past.writeBigInt64LE(BigInt(now - 1));
          fs.writeSync(fd, past, 0, 8, 8);
          // The Date header stays a minute before the new expiry, as it would be.
          const dated = Buffer.alloc(8);
          dated.writeBigInt64LE(BigInt(now - 1 - freshFor));
          fs.writeSync(fd, dated, 0, 8, 40);
          aged += 1;
        } finally {
          fs.closeSync(fd);
        }
      }
    }
  };
  visit(cacheDir);
  return aged;
}

// ---------------------------------------------------------------------------------------------------------
// The crowd

interface Visit {
  address: string;
  language: Language | null;
  /** performance.now() when the request was written. */
  sentAt: number;
  latencyMs?: number;
  status?: number;
  cacheStatus?: string;
  page?: 'rendered' | 'static' | 'other';
}

interface CrowdResult {
  visits: Visit[];
  errors: number;
  timeouts: number;
  non2xx: number;
  /** How late each request was written against its slot (lane start + n seconds), ms. */
  lagMs: number[];
  durationMs: number;
}

/** The static page's Cache-Control (dist/headers.json, the document's): how a fallback is told apart. */
const STATIC_CACHE_CONTROL = (
  JSON.parse(fs.readFileSync(path.join(DIST, 'headers.json'), 'utf8')) as {
    document: Record<string, string>;
  }
).document['Cache-Control'];

function pageKind(cacheControl: string | undefined): Visit['page'] {
  // A rendered page may be kept by shared caches (s-maxage); the static page is revalidated every time.
  if (cacheControl?.includes('s-maxage=')) return 'rendered';
  if (cacheControl === STATIC_CACHE_CONTROL) return 'static';
  return 'other';
}

async function crowd(
  visitors: Visitor[],
  atStart: (startedAt: number) => void = () => {},
): Promise<CrowdResult> {
  const visits: Visit[] = [];
  const lagMs: number[] = [];
  let next = 0;
  const startedAt = performance.now() + 100;
  atStart(startedAt);
  const lane = (index: number) =>
    new Promise<AutocannonResult>((resolve, reject) => {
      const laneStart = startedAt + (index * 1000) / LANES;
      setTimeout(
        () =>
          autocannon(
            {
              url: ORIGIN,
              connections: CONNECTIONS,
              connectionRate: 1,
              amount: CONNECTIONS * SECONDS,
              timeout: 10,
              // Our own record of every visit below; autocannon's summary is not used.
              ignoreCoordinatedOmission: true,
              headers: VISITOR_HEADERS,
              requests: [
                {
                  method: 'GET',
                  setupRequest: (request, context) => {
                    const visitor = visitors[next % visitors.length]!;
                    next += 1;
                    const visit: Visit = { ...visitor, sentAt: performance.now() };
                    visits.push(visit);
                    context.visit = visit;
                    return { ...request, path: visitor.address };
                  },
                  onResponse: (status, _body, context, headers) => {
                    const visit = context.visit;
                    if (!visit) return;
                    visit.latencyMs = performance.now() - visit.sentAt;
                    visit.status = status;
                    const lower = Object.fromEntries(
                      Object.entries(headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
                    );
                    visit.cacheStatus = lower['x-cache-status'] ?? '-';
                    visit.page = pageKind(lower['cache-control']);
                  },
                },
              ],
              setupClient: (client) => {
                let sent = 0;
                client.on('request', () => {
                  lagMs.push(performance.now() - (laneStart + sent * 1000));
                  sent += 1;
                });
              },
            },
            (error, result) => (error ? reject(error) : resolve(result)),
          ),
        Math.max(0, laneStart - performance.now()),
      );
    });
  const results = await Promise.all(Array.from({ length: LANES }, (_, index) => lane(index)));
  const sum = (key: keyof AutocannonResult) => results.reduce((total, result) => total + result[key], 0);
  return {
    visits,
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    non2xx: sum('non2xx'),
    lagMs,
    durationMs: performance.now() - startedAt,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Counting and reporting

interface UpstreamCount {
  /** Requests nginx passed to the render server that it answered: rendered pages and fallbacks. */
  rendered: number;
  fellBack: number;
  /** Requests nginx could not pass (connection refused, timed out). */
  failed: number;
}

/** The access log's lines from `offset` on, counted (one line per request nginx passed upstream). */
function countUpstream(accessLog: string, offset: number): UpstreamCount {
  const text = fs.existsSync(accessLog) ? fs.readFileSync(accessLog).subarray(offset).toString() : '';
  const count: UpstreamCount = { rendered: 0, fellBack: 0, failed: 0 };
  for (const line of text.split('\n')) {
    // Only the lines with the render server's address: requests nginx passed to it, a background update's
    // own line included. A visitor the cache answered (its page fresh or stale) is logged with '-'.
    const match = /^\S+ (\d+\.\d+\.\d+\.\d+:\d+) (\d+) "([^"]*)"/.exec(line);
    if (!match) continue;
    const [, , status, cacheControl] = match;
    // nginx's own 502/504 when the render server is gone or too slow; it never answers those itself.
    if (status === '502' || status === '504') count.failed += 1;
    else if (pageKind(cacheControl) === 'rendered') count.rendered += 1;
    else count.fellBack += 1;
  }
  return count;
}

/** Why the render server answered index.html (its log: `{url}: fell back to index.html: {error}`), tallied. */
function fallbackReasons(log: string): string | undefined {
  const reasons = log
    .split('\n')
    // The error as Node prints it, its (minified) class name left out: `s [NetworkError]: …` → `NetworkError: …`.
    .map((line) =>
      /fell back to index\.html: (?:\S+ \[(\w+)\])?(.{0,60})/.exec(line)?.slice(1).join('').trim(),
    )
    .filter((reason): reason is string => Boolean(reason));
  return reasons.length > 0 ? tally(reasons) : undefined;
}

const logSize = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

/** Nearest-rank percentile of sorted numbers. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const ms = (value: number) =>
  Number.isNaN(value) ? 'n/a' : value < 10 ? value.toFixed(1) : value.toFixed(0);

function tally(values: (string | number | undefined)[]): string {
  const counts = new Map<string, number>();
  for (const value of values)
    counts.set(String(value ?? 'none'), (counts.get(String(value ?? 'none')) ?? 0) + 1);
  return (
    [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([value, count]) => `${value} ${count}`)
      .join(' · ') || 'none'
  );
}

interface ScenarioReport {
  name: string;
  rows: [string, string][];
  failed: boolean;
}

function report(
  name: string,
  result: CrowdResult,
  extra: {
    renders?: UpstreamCount;
    fallbackReasons?: string;
    shopReads?: number;
    pages?: number;
    abandoned?: number;
    notes?: string[];
  },
): ScenarioReport {
  const answered = result.visits.filter((visit) => visit.latencyMs !== undefined);
  const latencies = answered.map((visit) => visit.latencyMs!).sort((a, b) => a - b);
  const lag = [...result.lagMs].sort((a, b) => a - b);
  const unanswered = VISITORS - answered.length;
  const non2xx = answered.filter((visit) => visit.status! < 200 || visit.status! > 299).length;
  const socketErrors = Math.max(result.errors, unanswered);
  const rows: [string, string][] = [
    [
      'visitors (sent / answered)',
      `${result.visits.length} / ${answered.length} in ${(result.durationMs / 1000).toFixed(1)} s`,
    ],
    [
      'page latency p50 / p99 / max',
      `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 99))} / ${ms(latencies.at(-1) ?? NaN)} ms`,
    ],
    [
      'visitors waiting ≥ 1 s / ≥ 2 s',
      `${latencies.filter((l) => l >= 1000).length} / ${latencies.filter((l) => l >= 2000).length}`,
    ],
    ['status', tally(answered.map((visit) => visit.status))],
    ['errors (non-2xx / socket / timeouts)', `${non2xx} / ${socketErrors} / ${result.timeouts}`],
    ['X-Cache-Status', tally(answered.map((visit) => visit.cacheStatus))],
    ['page served', tally(answered.map((visit) => visit.page))],
  ];
  if (extra.renders)
    rows.push([
      'renders in the render server',
      `${extra.renders.rendered + extra.renders.fellBack} (rendered ${extra.renders.rendered}, fell back to index.html ${extra.renders.fellBack}); not reached ${extra.renders.failed}`,
    ]);
  if (extra.fallbackReasons)
    rows.push(['fallbacks, as the render server logged them', extra.fallbackReasons]);
  if (extra.shopReads !== undefined)
    rows.push([
      'shop reads at the API',
      `${extra.shopReads} (aim: ${extra.pages}, one per page a minute)${extra.abandoned ? `; ${extra.abandoned} given up by the render before the answer` : ''}`,
    ]);
  // Who the tail is: the slowest 1 % (the visitors at and above p99), by page language and cache status.
  const slowest = [...answered]
    .sort((a, b) => b.latencyMs! - a.latencyMs!)
    .slice(0, Math.ceil(answered.length / 100));
  rows.push([
    'slowest 1 %, by page and X-Cache-Status',
    `${tally(slowest.map((visit) => `${visit.language ?? visit.address} ${visit.cacheStatus}`))} (${ms(slowest.at(-1)?.latencyMs ?? NaN)}–${ms(slowest[0]?.latencyMs ?? NaN)} ms)`,
  ]);
  rows.push(['arrival lag p99 / max', `${ms(percentile(lag, 99))} / ${ms(lag.at(-1) ?? NaN)} ms`]);
  for (const note of extra.notes ?? []) rows.push(['note', note]);
  const failed = non2xx > 0 || socketErrors > 0 || result.timeouts > 0 || result.non2xx > 0;
  print({ name, rows, failed });
  return { name, rows, failed };
}

function print({ name, rows, failed }: ScenarioReport): void {
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`\n${name}${failed ? '   ✗ ERRORS' : ''}`);
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
}

// ---------------------------------------------------------------------------------------------------------
// The scenarios

async function main(): Promise<boolean> {
  if (!fs.existsSync(NODE_SERVER)) throw new Error(`${NODE_SERVER} is missing: run \`npm run bench:crowd\``);
  for (const port of [NGINX_PORT, RENDER_PORT, PROXY_PORT, DEMO_PORT]) await assertFree(port);
  // The generated config is checked before anything starts.
  generatedServerBlock(path.join(tempRoot, 'check'));
  const began = performance.now();
  const demo = await startDemoServer(DEMO_PORT);
  cleanups.push(demo.stop);
  const api = await startApiProxy(demo.base);
  let render = await startRenderServer(`http://${HOST}:${PROXY_PORT}`);
  const visitors = cafeVisitors();
  const keys = new Set(visitors.map((visitor) => visitor.language)).size;
  console.log(
    `Crowd: ${VISITORS} visitors in ${SECONDS} s (${LANES} lanes × ${CONNECTIONS} connections × 1/s, 50 ms apart), no cookies, gzip.`,
  );
  console.log(
    `  /cafe mix: ${CAFE_MIX.map((kind) => `${kind.count} ${kind.address('NN')}`).join(', ')} → ${keys} pages (se, en, fi).`,
  );
  console.log(`  Set up in ${((performance.now() - began) / 1000).toFixed(1)} s (demo API, render server).`);
  const reports: ScenarioReport[] = [];

  /** Runs `visitors` through a fresh nginx, with its renders and the API's shop reads counted. */
  async function scenario(
    name: string,
    crowdOf: Visitor[],
    setUp: (nginx: Nginx) => Promise<string[]> = async () => [],
    during: (nginx: Nginx, startedAt: number, notes: string[]) => void = () => {},
  ): Promise<ScenarioReport> {
    const nginx = await startNginx(`nginx-${reports.length}`);
    try {
      const notes = await setUp(nginx);
      const offset = logSize(nginx.accessLog);
      const reads = api.shopReads;
      const abandoned = api.abandoned;
      const renderAtStart = render;
      const renderLogAt = render.log().length;
      const result = await crowd(crowdOf, (startedAt) => during(nginx, startedAt, notes));
      // The last background updates and shop reads (a slow API's answer included) are logged by now.
      await sleep(api.delayMs + 500);
      return report(name, result, {
        renders: countUpstream(nginx.accessLog, offset),
        fallbackReasons: fallbackReasons(renderAtStart.log().slice(renderLogAt)),
        shopReads: api.shopReads - reads,
        pages: new Set(crowdOf.map((visitor) => visitor.language).filter(Boolean)).size,
        abandoned: api.abandoned - abandoned,
        notes,
      });
    } finally {
      await nginx.stop();
    }
  }

  /**
   * Puts the café's page in each of `languages` into the cache. A render may fall back to index.html on a
   * loaded machine (the shop's 250 ms), which nginx does not keep: then it is asked again, once a second, up
   * to 30 times (three failed reads in a row make the shop rest 5 s, a fourth 10 s more: API_REST).
   */
  async function warm(languages: Language[]): Promise<string> {
    const tries: string[] = [];
    for (const language of languages) {
      for (let attempt = 1; ; attempt += 1) {
        const response = await fetch(`${ORIGIN}/cafe?lng=${language}`);
        await response.arrayBuffer();
        if (pageKind(response.headers.get('cache-control') ?? undefined) === 'rendered') {
          tries.push(`${language}${attempt > 1 ? ` (${attempt} tries)` : ''}`);
          break;
        }
        if (attempt === WARM_TRIES)
          throw new Error(`warming /cafe?lng=${language}: not rendered in ${WARM_TRIES} tries`);
        await sleep(1_000);
      }
    }
    return tries.join(', ');
  }

  // 0. Baseline: a static file, the same crowd, the same nginx.
  const baseline = visitors.map((): Visitor => ({ address: '/index.html', language: null }));
  reports.push(await scenario('Baseline: a static file (/index.html) through the same nginx', baseline));

  // 1. A cold cache: the whole crowd at once on a shop nobody has asked for yet.
  reports.push(await scenario('1. /cafe, cold cache', visitors));

  // 2. Pages a minute old, the render server killed half-way (and the pages a minute old again then).
  reports.push(
    await scenario(
      `2. /cafe, pages a minute old, the render server killed at ${KILL_AT_MS / 1000} s`,
      visitors,
      async (nginx) => {
        const warmed = await warm(['se', 'en', 'fi']);
        return [`warmed ${warmed}; aged ${agePages(nginx.cacheDir)} pages to a minute old before the crowd`];
      },
      (nginx, startedAt, notes) => {
        const kill = setTimeout(
          () => {
            const pid = render.child.pid;
            if (pid) process.kill(pid, 'SIGKILL');
            void exited(render.child).then(() => {
              // What nginx has now is a minute old too: stale pages, and no render server to renew them.
              const aged = agePages(nginx.cacheDir);
              const at = ((performance.now() - startedAt) / 1000).toFixed(1);
              notes.push(`killed the render server (pid ${pid}) at ${at} s; aged ${aged} pages again`);
            });
          },
          Math.max(0, startedAt + KILL_AT_MS - performance.now()),
        );
        cleanups.push(() => clearTimeout(kill));
      },
    ),
  );

  // 3. The API answering in 2 s: Swedish and English pages cached a minute ago, the Finnish one never.
  render = await startRenderServer(`http://${HOST}:${PROXY_PORT}`);
  reports.push(
    await scenario(
      `3. /cafe, the API answering in ${SLOW_API_MS / 1000} s (se, en cached a minute ago; fi never)`,
      visitors,
      async (nginx) => {
        const warmed = await warm(['se', 'en']);
        const aged = agePages(nginx.cacheDir);
        api.delayMs = SLOW_API_MS;
        return [`warmed ${warmed}; aged ${aged} pages; API delay ${SLOW_API_MS} ms from the crowd's start`];
      },
    ),
  );
  api.delayMs = 0;

  console.log(`Run took ${((performance.now() - began) / 1000).toFixed(0)} s.`);

  // One table of everything, to paste.
  const labels = reports[0]!.rows.map(([label]) => label).filter((label) => label !== 'note');
  const allLabels = [
    ...new Set([...labels, ...reports.flatMap((r) => r.rows.map(([label]) => label))]),
  ].filter((label) => label !== 'note');
  console.log(`\n| figure | ${reports.map((r) => r.name.split(':')[0]!.split(',')[0]).join(' | ')} |`);
  console.log(`| --- | ${reports.map(() => '---').join(' | ')} |`);
  for (const label of allLabels)
    console.log(
      `| ${label} | ${reports.map((r) => r.rows.find(([l]) => l === label)?.[1] ?? '').join(' | ')} |`,
    );
  const failed = reports.filter((r) => r.failed);
  if (failed.length > 0) console.log(`\nErrors in: ${failed.map((r) => r.name).join('; ')}`);
  return failed.length === 0;
}

const limit = setTimeout(() => {
  console.error(`bench:crowd: stopped after ${RUN_LIMIT_MS / 1000} s`);
  cleanUp();
  process.exit(1);
}, RUN_LIMIT_MS);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    cleanUp();
    process.exit(1);
  });
process.once('exit', cleanUp);

main()
  .then((ok) => {
    process.exitCode = ok ? 0 : 1;
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    clearTimeout(limit);
    cleanUp();
  });
