import { expect, type Page, type Request } from '@playwright/test';
import { JOURNEYS } from '../../scripts/bill/model';
import { test } from './helpers/test';
import { emulateNavigator, IPHONE, setVisibility } from './helpers/devices';
import { pageNow, pauseClock } from './helpers/kiosk';
import {
  approvePayment,
  chooseMethod,
  CUSTOMER,
  expectReceipt,
  fillDetails,
  holdSwishCompletion,
  METHOD,
  methodButton,
} from './helpers/payment';
import { E2E_PORT } from './helpers/servers';
import { addFromGrid, appReady, headerCartLink, PHONE } from './helpers/shop';

/**
 * Issue 37 item 3, "the bill on paper": what one customer costs the provider's API, from arriving at the
 * rendered store page to the receipt, for a Swish payment, counted by kind from the browser's own requests.
 * docs/deployment.md ("The bill on paper") takes its per-customer table from what this spec prints.
 *
 * The customer opens the café's store page (rendered by the host) on a phone, adds two products, opens the
 * cart, fills in their details and pays with Swish, and spends IN_APP_MS in the Swish app before approving.
 * The demo's Swish completion is held (the simulator's control API) and the test approves the payment itself,
 * at that moment of the page's own time: the page runs on Playwright's fake clock, paused from the Pay tap on,
 * and the test moves it on from one poll to the next, letting the network answer in between, so the number of
 * polls depends on the rule alone, never on how fast this machine is.
 */

/** §9 as the rule states it: the session is read every 1000 ms while a payment runs, once in 15 s while hidden. */
const SECTION_9 = { pollMs: 1000, hiddenPollMs: 15_000 } as const;

/**
 * How long the customer spends in the Swish app, from the payment's start to their approval: about the time
 * to switch apps, read the request and confirm it with BankID or Face ID. Our choice, not a measured figure.
 */
const IN_APP_MS = 30_000;

/** Where the build sends error reports (its SENTRY_DSN: the suite's first server, helpers/servers.ts). */
const SENTRY_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

/**
 * What the spec's journeys count: each request of the page by kind (method and route, ids as :names), and the
 * bytes of its answers.
 */
interface Tally {
  requests: Map<string, number>;
  bytes: Map<string, number>;
  /** Answers whose size is still being read. */
  reading: Promise<void>[];
}

/** When a request was sent, as the journey goes: before the payment, while it runs, after it. */
type Phase = 'before' | 'paying' | 'after';

/**
 * A request's kind: its method and its route with the ids taken out. The provider's API (`/api/v2/…`) is told
 * apart from the host's own files and from what lives elsewhere in production, and a session read while the
 * payment runs is a poll (§9).
 */
function kindOf(request: Request, phase: Phase): string {
  const url = new URL(request.url());
  const method = request.method();
  if (url.protocol === 'swish:') return 'swish:// app link (opens the Swish app; no request)';
  if (url.origin === SENTRY_ORIGIN) return `${method} Sentry envelope (error reporting, not the API)`;
  const api = /^\/api\/v2\/webshop\/[^/]+(\/.*)?$/.exec(url.pathname);
  if (api) {
    const route = (api[1] ?? '').replace(/^\/receipt\/[^/]+/, '/receipt/:receiptId');
    const poll = method === 'GET' && route === '/cart' && phase === 'paying' ? ' (poll)' : '';
    return `API ${method} /api/v2/webshop/:shopId${route}${poll}`;
  }
  if (url.pathname.startsWith('/api/')) return `API ${method} ${url.pathname}`;
  if (request.resourceType() === 'document') return `host ${method} /:shopId (the store page)`;
  if (url.pathname.startsWith('/assets/')) return `host ${method} /assets/* (scripts)`;
  if (url.pathname.startsWith('/demo/images/')) return `elsewhere ${method} product and logo images`;
  if (url.pathname.startsWith('/demo/stripe/')) return `elsewhere ${method} Stripe.js (js.stripe.com)`;
  return `host ${method} other files (${url.pathname.replace(/^\/(static)\/.*$/, '/$1/*')})`;
}

/**
 * Counts every request the page sends from now on, by kind, and the bytes of each answer (headers and body as
 * they came over the wire: compressed where the server compressed). The phase is read when each request is
 * sent; it moves on as the payment starts (its start answer) and ends (the receipt's address).
 */
function countRequests(page: Page): Tally {
  const tally: Tally = { requests: new Map(), bytes: new Map(), reading: [] };
  const kinds = new Map<Request, string>();
  let phase: Phase = 'before';
  page.on('request', (request) => {
    const kind = kindOf(request, phase);
    kinds.set(request, kind);
    tally.requests.set(kind, (tally.requests.get(kind) ?? 0) + 1);
  });
  page.on('requestfinished', (request) => {
    const kind = kinds.get(request);
    if (kind === undefined) return;
    tally.reading.push(
      request.sizes().then((sizes) => {
        const bytes = sizes.responseHeadersSize + sizes.responseBodySize;
        tally.bytes.set(kind, (tally.bytes.get(kind) ?? 0) + bytes);
      }),
    );
  });
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && /\/cart\/startPayment$/.test(response.url()))
      phase = 'paying';
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && /\/receipt\//.test(frame.url())) phase = 'after';
  });
  return tally;
}

const POLL = 'API GET /api/v2/webshop/:shopId/cart (poll)';

/** The table the doc takes its figures from, printed (markdown), and the API's part of it as a record. */
async function report(title: string, tally: Tally): Promise<Record<string, number>> {
  await Promise.all(tally.reading);
  const groups = ['API', 'host', 'elsewhere'];
  const group = (kind: string) => {
    const index = groups.findIndex((prefix) => kind.startsWith(prefix));
    return index === -1 ? groups.length : index;
  };
  const rows = [...tally.requests].sort(([a], [b]) => group(a) - group(b));
  const width = Math.max(...rows.map(([kind]) => kind.length));
  const kib = (kind: string) => ((tally.bytes.get(kind) ?? 0) / 1024).toFixed(1);
  console.log(
    [
      `\n${title}`,
      `| ${'request'.padEnd(width)} | count | KiB answered |`,
      `| ${'-'.repeat(width)} | ----: | -----------: |`,
      ...rows.map(
        ([kind, n]) => `| ${kind.padEnd(width)} | ${String(n).padStart(5)} | ${kib(kind).padStart(12)} |`,
      ),
    ].join('\n'),
  );
  return Object.fromEntries(rows.filter(([kind]) => kind.startsWith('API')));
}

/**
 * Watches the page's poll timers: the sagas' delays (a `setTimeout` whose callback is a promise's native
 * resolve, as redux-saga's `delay` sets it) of §9's two lengths. Installed over the fake clock's own
 * `setTimeout`, once the page runs; a timer that fires or is cleared is no longer pending.
 */
async function watchPollTimers(page: Page): Promise<void> {
  await page.evaluate(
    (lengths: number[]) => {
      const w = window as unknown as { __pendingPolls?: () => number[] };
      const pending = new Map<number, number>();
      const set = window.setTimeout;
      const clear = window.clearTimeout;
      const isSagaDelay = (handler: unknown) =>
        typeof handler === 'function' && /\[native code\]/.test(Function.prototype.toString.call(handler));
      window.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
        if (!isSagaDelay(handler) || !lengths.includes(ms ?? 0)) return set(handler, ms, ...args);
        const id = set(
          (...values: unknown[]) => {
            pending.delete(id);
            (handler as (...values: unknown[]) => void)(...values);
          },
          ms,
          ...args,
        );
        pending.set(id, Date.now() + (ms ?? 0));
        return id;
      }) as typeof window.setTimeout;
      window.clearTimeout = ((id?: number) => {
        if (id !== undefined) pending.delete(id);
        clear(id);
      }) as typeof window.clearTimeout;
      w.__pendingPolls = () => [...pending.values()];
    },
    [SECTION_9.pollMs, SECTION_9.hiddenPollMs],
  );
}

/**
 * The page's time now and when its next poll is due, once it has armed one (its last poll was answered and
 * read). Looked at often: each poll of the journey waits for it.
 */
async function nextPoll(page: Page): Promise<{ now: number; due: number }> {
  let seen = { now: 0, due: [] as number[] };
  await expect
    .poll(
      async () => {
        seen = await page.evaluate(() => ({
          now: Date.now(),
          due: (window as unknown as { __pendingPolls: () => number[] }).__pendingPolls(),
        }));
        return seen.due.length;
      },
      { message: 'the page arms its next poll', intervals: [10, 25, 50, 100] },
    )
    .toBe(1);
  return { now: seen.now, due: seen.due[0] as number };
}

/**
 * Moves the paused page clock on to `until` (page time), one poll at a time: up to the next poll's timer,
 * which fires it, then, once its answer is in and the next one armed, on again. Answers the polls it fired.
 */
async function passTime(page: Page, until: number): Promise<number> {
  for (let fired = 0; ; fired++) {
    const { now, due } = await nextPoll(page);
    if (due > until) {
      if (until > now) await page.clock.fastForward(until - now);
      return fired;
    }
    await page.clock.fastForward(due - now);
  }
}

/**
 * The journey up to the payment: the rendered café on the page's fake clock, two products, the cart, the
 * details. This tab is not one of the tenth that send field metrics (docs/field-metrics.md), so the count is
 * the same on every run.
 */
async function arriveAndFillCart(page: Page, details: { phone?: string }): Promise<void> {
  await page.addInitScript(() => window.sessionStorage.setItem('fieldMetrics.sampled', '0'));
  await page.clock.install();
  const response = await page.goto('/cafe');
  expect(response?.headers()['cache-control'], 'the store page as the host renders it').toContain('s-maxage');
  await expect(page.locator('script#rendered-page')).toHaveCount(1);
  await appReady(page);
  await addFromGrid(page, 'Kanelbulle');
  await addFromGrid(page, 'Bryggkaffe');
  await headerCartLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  await fillDetails(page, details);
}

/** The calls every customer makes once, whatever the wait (§7): none twice. */
function expectEachOnce(api: Record<string, number>): void {
  expect(api, 'the rendered page carries the shop: no shop read (issue 22)').not.toHaveProperty(
    'API GET /api/v2/webshop/:shopId',
  );
  expect(api['API GET /api/v2/webshop/:shopId/cart'], 'one session read on arrival').toBe(1);
  expect(api['API POST /api/v2/webshop/:shopId/cart/startPayment'], 'one start').toBe(1);
  expect(api['API GET /api/v2/webshop/:shopId/receipt/:receiptId'], 'one receipt read').toBe(1);
  // One save per product added, and the emptied cart once paid.
  expect(api['API PUT /api/v2/webshop/:shopId/cart'], 'cart saves').toBe(3);
}

test.describe('on a phone, with the Swish app', () => {
  test.use(IPHONE.options);

  test('§9 §7 a Swish customer on a phone, 30 s in the Swish app: the hidden page reads the session once in 15 s and once on return, each other call once; the table', async ({
    page,
  }) => {
    await emulateNavigator(page, IPHONE);
    const tally = countRequests(page);
    await holdSwishCompletion(page.request);
    await arriveAndFillCart(page, {});
    await watchPollTimers(page);
    await pauseClock(page);

    // §2 on a phone choosing Swish starts the payment and opens the app: the page goes to the background.
    const started = page.waitForResponse((r) => /\/cart\/startPayment$/.test(r.url()));
    const appLink = page.waitForEvent('request', (r) => r.url().startsWith('swish:'));
    await methodButton(page, METHOD.swish).click();
    const { paymentId } = (await (await started).json()) as { paymentId: string };
    await appLink;
    const start = await pageNow(page);
    await setVisibility(page, 'hidden');

    const hiddenPolls = await passTime(page, start + IN_APP_MS - 1);
    await approvePayment(page.request, paymentId);
    // Back from the app (its callback, or the customer switching back): the page polls at once.
    const emptied = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/cart$/.test(r.url()));
    await setVisibility(page, 'visible');
    await expectReceipt(page);
    await emptied;

    const api = await report(`One Swish customer on a phone, ${IN_APP_MS / 1000} s in the Swish app`, tally);
    // §9 one poll in 15 s while hidden (the one armed before the page went hidden comes after a second).
    expect(hiddenPolls, 'polls while in the Swish app').toBeGreaterThanOrEqual(
      Math.floor(IN_APP_MS / SECTION_9.hiddenPollMs) - 1,
    );
    expect(hiddenPolls, 'polls while in the Swish app').toBeLessThanOrEqual(
      Math.ceil(IN_APP_MS / SECTION_9.hiddenPollMs) + 1,
    );
    expect(api[POLL], 'the hidden polls and one on return').toBe(hiddenPolls + 1);
    expectEachOnce(api);
    expect(api, "docs/deployment.md's bill on paper counts this journey (scripts/bill/model.ts)").toEqual(
      JOURNEYS.app,
    );
  });
});

test.describe('at phone size, the page on screen', () => {
  test.use({ viewport: PHONE });

  test('§9 §7 a Swish customer who waits on the page for 30 s (the request sent to their number): one poll a second, 30 ± 1, each other call once; the table', async ({
    page,
  }) => {
    test.slow(); // thirty polls, each answered before the page's clock moves on
    const tally = countRequests(page);
    await holdSwishCompletion(page.request);
    await arriveAndFillCart(page, { phone: CUSTOMER.phone });
    await chooseMethod(page, METHOD.swish);
    await watchPollTimers(page);
    await pauseClock(page);

    const started = page.waitForResponse((r) => /\/cart\/startPayment$/.test(r.url()));
    await page.getByRole('button', { name: 'Pay with Swish' }).click();
    const { paymentId } = (await (await started).json()) as { paymentId: string };
    const start = await pageNow(page);

    const polls = await passTime(page, start + IN_APP_MS - 1);
    await approvePayment(page.request, paymentId);
    const emptied = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/cart$/.test(r.url()));
    // The next poll, a second after the last, brings the approval.
    const { now, due } = await nextPoll(page);
    await page.clock.fastForward(due - now);
    await expectReceipt(page);
    await emptied;

    const api = await report(`One Swish customer on the page, ${IN_APP_MS / 1000} s until approved`, tally);
    expect(polls + 1, '§9 one poll a second while the payment runs').toBeGreaterThanOrEqual(
      IN_APP_MS / SECTION_9.pollMs - 1,
    );
    expect(polls + 1, '§9 one poll a second while the payment runs').toBeLessThanOrEqual(
      IN_APP_MS / SECTION_9.pollMs + 1,
    );
    expect(api[POLL]).toBe(polls + 1);
    expectEachOnce(api);
    expect(api, "docs/deployment.md's bill on paper counts this journey (scripts/bill/model.ts)").toEqual(
      JOURNEYS.onPage,
    );
  });
});
