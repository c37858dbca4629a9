/**
 * `npm run check:kiosk-outage`: the kiosk through the venue's Wi-Fi going down (issue 35), walked the same way
 * in Chromium, Firefox ESR and WebKitGTK, for the engines the browser suite cannot drive here (Playwright's
 * own Firefox and WebKit builds need a download; Debian's `firefox-esr` speaks WebDriver BiDi, which
 * puppeteer-core drives, and `webkit2gtk-driver` speaks classic WebDriver, which this file drives with fetch).
 * By hand, not in CI: `apt-get install -y firefox-esr webkit2gtk-driver xvfb` first.
 *
 *   BROWSERS (chromium,firefox,webkit) · SHOTS_DIR (a temporary folder) · exits 1 when a step fails
 *
 * The demo API serves the built SPA (dist/, the npm script builds first) behind a TCP proxy of this script's,
 * which is the venue's Wi-Fi: switched off, every connection to the shop is refused at once, as on a tablet
 * whose network is gone (the browsers' own offline switches differ and WebKitGTK's WebDriver has none).
 * Each browser, at 1024×768 with its own new profile:
 *
 * 1. opens the café's kiosk, waits until the service worker controls the page, and checks that Cache Storage
 *    holds no API answer;
 * 2. reload without the network: "Beställningen är pausad" from the cache, then the store by itself once the
 *    network is back;
 * 3. a Kanelbulle, the idle question (idle=10 s), the network down, "Börja om": paused, then the store by itself,
 *    the last customer's order gone on the page and on the server;
 * 4. the browser closed and started again without the network: paused, then the store, and an add reaches the
 *    server. WebKitGTK's WebDriver sessions are ephemeral (each has a new, empty data store, so no worker), so
 *    this step is not tried there.
 *
 * Screenshots of each step go to SHOTS_DIR. The waits are polls of what the page shows (at most a minute each,
 * on real time: the kiosk's own 4 s before it pauses, and its retries once the network is back).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import puppeteer from 'puppeteer-core';
import { text } from '../__tests__/e2e/helpers/i18n';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startDemoServer } from './demoServer';

const SERVER_PORT = 4960;
const WIFI_PORT = 4961;
const WEBDRIVER_PORT = 4962;
const KIOSK = `http://127.0.0.1:${WIFI_PORT}/cafe?kiosk=1&idle=10&prompt=20`;
const VIEWPORT = { width: 1024, height: 768 };
const BROWSERS = (process.env.BROWSERS ?? 'chromium,firefox,webkit').split(',');
const SHOTS_DIR = process.env.SHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kiosk-outage-'));

const se = (key: string, vars: Record<string, string | number> = {}) => text('se', key, vars);
const PAUSED = se('kiosk.paused.title');
const PLUS = se('product.addToCart', { name: 'Kanelbulle' });
const LINE = se('kiosk.order.quantity', { name: 'Kanelbulle', count: 1 });

/** Scripts run in the page: function bodies, so that every driver can send them as they are. */
const IN_PAGE = {
  shows: (words: string) => `return document.body.innerText.includes(${JSON.stringify(words)})`,
  named: (label: string) => `return document.querySelector('[aria-label=${JSON.stringify(label)}]') !== null`,
  store: `return !document.body.innerText.includes(${JSON.stringify(PAUSED)}) && document.querySelector('button[aria-label=${JSON.stringify(PLUS)}]') !== null`,
  add: `document.querySelector('button[aria-label=${JSON.stringify(PLUS)}]').click(); return true`,
  startOver: `[...document.querySelectorAll('[role=alertdialog] button')].find((b) => b.textContent.trim() === ${JSON.stringify(se('kiosk.idle.startOver'))}).click(); return true`,
  controlled: 'return navigator.serviceWorker.controller !== null',
  cached:
    'return (async () => { const urls = []; for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url); return urls; })()',
  serverCart:
    "return fetch('/api/v2/webshop/cafe/cart').then((r) => r.json()).then((cart) => cart.cart.map((item) => item.count))",
  now: "return document.body.innerText.slice(0, 120).replace(/\\s+/g, ' ')",
};

interface Driver {
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  run<T>(body: string): Promise<T>;
  shot(file: string): Promise<void>;
  close(): Promise<void>;
  /** The browser closed and started again with the same profile; absent where a profile does not last. */
  restart?: () => Promise<Driver>;
}

/** The venue's Wi-Fi: a TCP proxy to the demo server that can be switched off (connections refused). */
function wifi(): { up: () => Promise<void>; down: () => Promise<void> } {
  let server: net.Server | null = null;
  const sockets = new Set<net.Socket>();
  return {
    up: () =>
      new Promise((resolve) => {
        server = net.createServer((client) => {
          const upstream = net.connect(SERVER_PORT, '127.0.0.1');
          for (const socket of [client, upstream]) {
            sockets.add(socket);
            socket.on('error', () => socket.destroy());
            socket.on('close', () => {
              client.destroy();
              upstream.destroy();
              sockets.delete(socket);
            });
          }
          client.pipe(upstream).pipe(client);
        });
        server.listen(WIFI_PORT, '127.0.0.1', resolve);
      }),
    down: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server?.close(() => resolve());
      }),
  };
}

async function until(driver: Driver, body: string, what: string): Promise<void> {
  const end = Date.now() + 60_000;
  for (;;) {
    if (await driver.run<boolean>(body).catch(() => false)) return;
    if (Date.now() > end) {
      const shown = await driver.run<string>(IN_PAGE.now).catch((error: unknown) => String(error));
      throw new Error(`not within a minute: ${what} (the page shows "${shown}")`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Walks the outage in one browser; answers a line per step. */
async function walk(name: string, launch: () => Promise<Driver>): Promise<string[]> {
  const network = wifi();
  await network.up();
  const steps: string[] = [];
  const ok = (step: string) => {
    steps.push(`ok    ${step}`);
    console.log(`${name}: ${step}`);
  };
  const shot = (driver: Driver, step: string) => driver.shot(path.join(SHOTS_DIR, `${name}-${step}.png`));
  let driver = await launch();
  try {
    await driver.goto(KIOSK);
    await until(driver, IN_PAGE.store, 'the store');
    // The first visit installs the worker; it takes the page at once (clients.claim).
    await until(driver, IN_PAGE.controlled, 'the service worker controls the page');
    const cached = await driver.run<string[]>(IN_PAGE.cached);
    if (cached.length === 0 || cached.some((url) => url.includes('/api/')))
      throw new Error(
        `Cache Storage: ${cached.filter((url) => url.includes('/api/')).join(', ') || 'empty'}`,
      );
    ok(`the worker controls the page; Cache Storage ${cached.length} entries, none under /api/`);
    await shot(driver, '1-online');

    await network.down();
    await driver.reload();
    await until(driver, IN_PAGE.shows(PAUSED), 'the pause after a reload without the network');
    await shot(driver, '2-reload-offline');
    await network.up();
    await until(driver, IN_PAGE.store, 'the store once the network is back');
    ok('reload without the network: paused (from the cache), then the store by itself');

    await driver.run(IN_PAGE.add);
    await until(driver, IN_PAGE.named(LINE), 'the Kanelbulle in the order panel');
    await until(driver, IN_PAGE.shows(se('kiosk.idle.title')), 'the idle question');
    await network.down();
    await driver.run(IN_PAGE.startOver);
    await until(driver, IN_PAGE.shows(PAUSED), 'the pause after a reset without the network');
    await shot(driver, '3-reset-offline');
    await network.up();
    await until(driver, IN_PAGE.store, 'the store after the reset');
    const left = await driver.run<number[]>(IN_PAGE.serverCart);
    if (left.length > 0 || (await driver.run<boolean>(IN_PAGE.named(LINE))))
      throw new Error(`the last customer's order is still there (server: ${JSON.stringify(left)})`);
    ok("reset without the network: paused, then the store by itself, the last customer's order gone");

    if (!driver.restart) {
      steps.push('—     a browser restart: not tried (no profile lasts between sessions)');
      return steps;
    }
    await network.down();
    driver = await driver.restart();
    await driver.goto(KIOSK);
    await until(driver, IN_PAGE.shows(PAUSED), 'the pause after a restart without the network');
    await shot(driver, '4-restart-offline');
    await network.up();
    await until(driver, IN_PAGE.store, 'the store after the restart');
    await driver.run(IN_PAGE.add);
    await until(driver, IN_PAGE.named(LINE), 'the Kanelbulle in the order panel');
    const cart = await driver.run<number[]>(IN_PAGE.serverCart);
    if (JSON.stringify(cart) !== '[1]')
      throw new Error(`the server's cart after the restart: ${JSON.stringify(cart)}`);
    await shot(driver, '5-order-after-restart');
    ok('a restart without the network: paused, then the store; an add reaches the server');
  } catch (error) {
    steps.push(`FAIL  ${error instanceof Error ? error.message : String(error)}`);
    await shot(driver, 'failed').catch(() => undefined);
  } finally {
    await driver.close().catch(() => undefined);
    await network.down();
  }
  return steps;
}

function profileDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `kiosk-outage-${name}-`));
}

/** A navigation the network cannot give is the cache's or the pause's business: the outcome is read after. */
const settled = (navigation: Promise<unknown>): Promise<void> =>
  navigation.then(
    () => undefined,
    () => undefined,
  );

/** What a Playwright page and a puppeteer page have in common, as far as the walk needs. */
interface ScriptablePage {
  goto(url: string): Promise<unknown>;
  reload(): Promise<unknown>;
  evaluate(expression: string): Promise<unknown>;
  screenshot(options: { path: `${string}.png` }): Promise<unknown>;
}

/** A driver over such a page; `relaunch` starts the browser again with the same profile. */
function pageDriver(
  page: ScriptablePage,
  close: () => Promise<void>,
  relaunch: () => Promise<Driver>,
): Driver {
  return {
    goto: (url) => settled(page.goto(url)),
    reload: () => settled(page.reload()),
    run: <T>(body: string) => page.evaluate(`(() => { ${body} })()`) as Promise<T>,
    shot: async (file) => void (await page.screenshot({ path: file as `${string}.png` })),
    close,
    restart: async () => {
      await close();
      return relaunch();
    },
  };
}

function chromiumDriver(): () => Promise<Driver> {
  const profile = profileDir('chromium');
  const launch = async (): Promise<Driver> => {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      viewport: VIEWPORT,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    return pageDriver(page, () => context.close(), launch);
  };
  return launch;
}

function firefoxDriver(): () => Promise<Driver> {
  const profile = profileDir('firefox');
  const launch = async (): Promise<Driver> => {
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: '/usr/bin/firefox-esr',
      headless: true,
      userDataDir: profile,
    });
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    await page.setViewport(VIEWPORT);
    console.log(`firefox: ${await browser.version()}`);
    return pageDriver(page, () => browser.close(), launch);
  };
  return launch;
}

/** Classic WebDriver over HTTP (WebKitWebDriver), the few commands the walk needs. */
function webkitDriver(): () => Promise<Driver> {
  const base = `http://127.0.0.1:${WEBDRIVER_PORT}`;
  const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}${route}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const { value } = (await response.json()) as { value: T & { message?: string } };
    if (!response.ok) throw new Error(`WebDriver ${method} ${route}: ${value.message ?? response.status}`);
    return value;
  };
  return async () => {
    const { sessionId, capabilities } = await call<{
      sessionId: string;
      capabilities: { browserVersion: string };
    }>('POST', '/session', {
      capabilities: {
        alwaysMatch: {
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': {
            binary: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
            args: ['--automation'],
          },
        },
      },
    });
    console.log(`webkit: WebKitGTK ${capabilities.browserVersion}`);
    const session = `/session/${sessionId}`;
    await call('POST', `${session}/window/rect`, VIEWPORT);
    return {
      goto: (url) => settled(call('POST', `${session}/url`, { url })),
      reload: () => settled(call('POST', `${session}/refresh`, {})),
      // Execute Script waits for a promise the script returns.
      run: (body) => call('POST', `${session}/execute/sync`, { script: body, args: [] }),
      shot: async (file) =>
        fs.writeFileSync(file, Buffer.from(await call<string>('GET', `${session}/screenshot`), 'base64')),
      close: () => call('DELETE', session).then(() => undefined),
    };
  };
}

/** WebKitWebDriver and, without a display, an Xvfb for MiniBrowser's window; both ended by `stop`. */
async function webkitServices(): Promise<() => void> {
  const children: ChildProcess[] = [];
  const env = { ...process.env };
  if (!env.DISPLAY) {
    env.DISPLAY = ':97';
    children.push(spawn('Xvfb', [env.DISPLAY, '-screen', '0', '1280x1024x24'], { stdio: 'ignore' }));
  }
  children.push(spawn('WebKitWebDriver', [`--port=${WEBDRIVER_PORT}`], { env, stdio: 'ignore' }));
  const stop = () => children.forEach((child) => child.kill());
  const end = Date.now() + 10_000;
  while (Date.now() < end) {
    if (
      await fetch(`http://127.0.0.1:${WEBDRIVER_PORT}/status`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return stop;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stop();
  throw new Error('WebKitWebDriver did not start (apt-get install -y webkit2gtk-driver xvfb)');
}

async function main(): Promise<void> {
  const server = await startDemoServer(SERVER_PORT);
  const report: string[] = [];
  try {
    for (const name of BROWSERS) {
      if (name === 'webkit') {
        const stop = await webkitServices();
        try {
          report.push(name, ...(await walk(name, webkitDriver())));
        } finally {
          stop();
        }
      } else if (name === 'firefox') report.push(name, ...(await walk(name, firefoxDriver())));
      else if (name === 'chromium') report.push(name, ...(await walk(name, chromiumDriver())));
      else throw new Error(`BROWSERS: unknown browser ${name}`);
    }
  } finally {
    server.stop();
  }
  console.log(`\nThe kiosk through an outage (screenshots: ${SHOTS_DIR})\n${report.join('\n')}`);
  if (report.some((line) => line.startsWith('FAIL'))) process.exit(1);
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
