/**
 * Load benchmark of the session poll (SPEC §9: the SPA polls GET cart every second while a payment is
 * pending): 200 concurrent pollers, each with its own session cookie and a cart, at one request per second
 * each, against the demo API on loopback with an in-memory database.
 *
 *   npx tsx scripts/benchCart.ts            (BENCH_SECONDS=20, BENCH_POLLERS=200)
 *
 * The server runs in a worker thread and autocannon in the main thread, so the load generator does not
 * steal the server's event loop (with 2 cores each gets one).
 */
import { createRequire } from 'node:module';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { createDemoApi } from '../src/demo-api/demoApi';

/** The part of autocannon's (untyped) API this script uses. */
interface AutocannonClient {
  setHeaders(headers: Record<string, string>): void;
}
interface AutocannonResult {
  latency: { p50: number; p90: number; p99: number; average: number; max: number };
  requests: { total: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  overallRate: number;
  duration: number;
  method: 'GET';
  setupClient: (client: AutocannonClient) => void;
}) => Promise<AutocannonResult>;

const autocannon = createRequire(__filename)('autocannon') as Autocannon;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const POLLERS = Number(process.env.BENCH_POLLERS ?? 200);
const PATH = '/api/v2/webshop/cafe/cart';

/** What the server thread reports after the run. */
interface ServerStats {
  sessionsSeen: number;
  newSessions: number;
  serviceMs: number[];
}

type ToServer = 'start' | 'stop';
type FromServer = { origin: string } | { stats: ServerStats };

/** Server thread: the demo API on 127.0.0.1 port 0 with an in-memory database. */
async function serverThread(port: NonNullable<typeof parentPort>): Promise<void> {
  const api = createDemoApi({ dbPath: ':memory:', delays: { autoComplete: false } });
  // Counts what the server sees, to prove every poller kept its own session during the run.
  const seen = new Set<string>();
  const serviceMs: number[] = [];
  let newSessions = 0;
  let measuring = false;
  api.app.addHook('onResponse', async (request, reply) => {
    if (!measuring) return;
    serviceMs.push(reply.elapsedTime);
    const sid = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    if (sid) seen.add(sid);
    if (reply.hasHeader('set-cookie')) newSessions += 1;
  });
  const origin = await api.listen(0, '127.0.0.1');
  port.on('message', (message: ToServer) => {
    if (message === 'start') measuring = true;
    if (message === 'stop') {
      measuring = false;
      void api.close().then(() => {
        const reply: FromServer = { stats: { sessionsSeen: seen.size, newSessions, serviceMs } };
        port.postMessage(reply);
        port.close();
      });
    }
  });
  const ready: FromServer = { origin };
  port.postMessage(ready);
}

function nextMessage(worker: Worker): Promise<FromServer> {
  return new Promise((resolve, reject) => {
    worker.once('message', (message: FromServer) => resolve(message));
    worker.once('error', reject);
  });
}

async function main(): Promise<void> {
  // Workers do not inherit tsx's loader: register it (CommonJS hook) before loading this file again.
  const worker = new Worker(`require('tsx/cjs'); require(${JSON.stringify(__filename)});`, { eval: true });
  const ready = await nextMessage(worker);
  if (!('origin' in ready)) throw new Error('server thread did not start');
  const { origin } = ready;

  // 200 sessions, each with a cart (so every poll reads a real cart row).
  const cookies: string[] = [];
  for (let i = 0; i < POLLERS; i += 1) {
    const first = await fetch(origin + PATH);
    const cookie = first.headers.getSetCookie()[0]?.split(';')[0];
    if (!cookie) throw new Error('no session cookie');
    const put = await fetch(origin + PATH, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        cart: [
          { id: `l-${i}-1`, productId: 'latte', count: 1 + (i % 3), deviations: ['d-oat', 'd-vanilla'] },
          { id: `l-${i}-2`, productId: 'kanelbulle', count: 2, deviations: [] },
        ],
        tabItems: [],
      }),
    });
    if (put.status !== 200) throw new Error(`PUT cart answered ${put.status}`);
    cookies.push(cookie);
  }

  let next = 0;
  worker.postMessage('start' satisfies ToServer);
  const result = await autocannon({
    url: origin + PATH,
    method: 'GET',
    connections: POLLERS,
    overallRate: POLLERS, // one request per second per connection
    duration: SECONDS,
    setupClient: (client) => {
      client.setHeaders({ cookie: cookies[next % cookies.length] ?? '', accept: 'application/json' });
      next += 1;
    },
  });
  const done = nextMessage(worker);
  worker.postMessage('stop' satisfies ToServer);
  const report = await done;
  if (!('stats' in report)) throw new Error('server thread sent no stats');
  const { serviceMs, sessionsSeen, newSessions } = report.stats;
  serviceMs.sort((a, b) => a - b);
  const pct = (p: number) =>
    (serviceMs[Math.min(serviceMs.length - 1, Math.floor((p / 100) * serviceMs.length))] ?? 0).toFixed(2);
  const lines = [
    `GET ${PATH}: ${POLLERS} pollers × 1 req/s for ${result.duration} s (loopback, in-memory db)`,
    `  latency p50 ${result.latency.p50} ms · p90 ${result.latency.p90} ms · p99 ${result.latency.p99} ms · avg ${result.latency.average} ms · max ${result.latency.max} ms`,
    `  requests ${result.requests.total} (${result.requests.average} req/s) · errors ${result.errors} · timeouts ${result.timeouts} · non-2xx ${result.non2xx}`,
    `  server time per request (Fastify elapsedTime) p50 ${pct(50)} ms · p99 ${pct(99)} ms`,
    `  sessions seen ${sessionsSeen} · new sessions issued during the run ${newSessions}`,
    "  (autocannon sends each second's 200 requests together, so client latency includes queueing behind that burst)",
  ];
  console.log(lines.join('\n'));
}

if (isMainThread) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else if (parentPort) {
  void serverThread(parentPort);
}
