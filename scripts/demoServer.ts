/**
 * What the browser-driven scripts and the Playwright config share: Debian's Chromium with the flags this
 * machine needs (no downloaded browser, no background traffic), and the demo API on the built SPA.
 */
import { spawn } from 'node:child_process';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The phone the load benchmarks emulate: Lighthouse's mobile screen (412×823 CSS pixels at 1.75 device pixels
 * per pixel, touch). bench:load and the baseline generator share it so the static floor is drawn at the size
 * it is measured at.
 */
export const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
};

/** Starts the demo API serving dist/ on 127.0.0.1:`port` with a fresh in-memory database; resolves once it answers. */
export async function startDemoServer(port: number): Promise<{ base: string; stop: () => void }> {
  // Its own process group, so stopping it also ends the server under npx and tsx.
  const server = spawn('npx', ['tsx', 'src/demo-api/main.ts', '--dist'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEMO_DB: ':memory:' },
    stdio: 'ignore',
    detached: true,
  });
  const stop = () => {
    try {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  const base = `http://127.0.0.1:${port}`;
  const end = Date.now() + 30_000;
  while (Date.now() < end) {
    try {
      if ((await fetch(`${base}/demo`)).ok) return { base, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error(`the demo server on port ${port} did not answer within 30 s`);
}
