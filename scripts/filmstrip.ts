/**
 * `npm run bench:filmstrip`: what a customer sees of /cafe while it loads on slow 4G with a 4× slower CPU, in
 * frames 0.25 s apart, for the store page rendered by the host and for the same page rendered by the client
 * (the demo's `static` mode, as before issue 22). Writes one PNG strip per mode to bench-results/ (frame i is
 * the screen at i × 0.25 s) and prints when the app could take a tap.
 *
 *   FILMSTRIP_PORT (4940) · FILMSTRIP_SECONDS (4)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { PNG } from 'pngjs';
import { SLOW_4G, slowDown } from './benchKit';
import { CHROMIUM_ARGS, CHROMIUM_PATH, PHONE, startDemoServer } from './demoServer';

const PORT = Number(process.env.FILMSTRIP_PORT ?? 4940);
const SECONDS = Number(process.env.FILMSTRIP_SECONDS ?? 4);
const STEP_MS = 250;
const FRAME_WIDTH = 160;

interface Frame {
  ms: number;
  png: PNG;
}

/** Loads /cafe once with the screen recorded; frames are timed from the navigation's start. */
async function record(base: string): Promise<{ frames: Frame[]; tap: number | null }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // DevTools' "Slow 4G" and the 4× CPU of bench:load.
    await slowDown(cdp, SLOW_4G);
    const raw: { wall: number; data: string }[] = [];
    cdp.on('Page.screencastFrame', (frame) => {
      raw.push({ wall: (frame.metadata.timestamp ?? 0) * 1000, data: frame.data });
      void cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId });
    });
    await cdp.send('Page.startScreencast', { format: 'png', maxWidth: FRAME_WIDTH, everyNthFrame: 1 });
    const started = Date.now();
    await page.goto(`${base}/cafe?lng=en`, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForTimeout(Math.max(0, SECONDS * 1000 - (Date.now() - started)) + 500);
    await cdp.send('Page.stopScreencast');
    const marks = await page.evaluate(() => ({
      origin: performance.timeOrigin,
      tap: performance.getEntriesByName('storefront:mounted')[0]?.startTime ?? null,
    }));
    const frames = raw
      .map((f) => ({ ms: f.wall - marks.origin, png: PNG.sync.read(Buffer.from(f.data, 'base64')) }))
      .sort((a, b) => a.ms - b.ms);
    return { frames, tap: marks.tap };
  } finally {
    await browser.close();
  }
}

/** The last frame shown at each step (what was on screen then), side by side. */
function strip(frames: Frame[]): PNG {
  const steps = Array.from({ length: SECONDS * (1000 / STEP_MS) + 1 }, (_, i) => i * STEP_MS);
  const picked = steps.map((ms) => [...frames].reverse().find((f) => f.ms <= ms)?.png ?? null);
  const height = Math.max(...frames.map((f) => f.png.height));
  const out = new PNG({ width: steps.length * (FRAME_WIDTH + 4), height, fill: true });
  out.data.fill(255);
  picked.forEach((png, i) => {
    if (png)
      PNG.bitblt(png, out, 0, 0, Math.min(png.width, FRAME_WIDTH), png.height, i * (FRAME_WIDTH + 4), 0);
  });
  return out;
}

async function main(): Promise<void> {
  const server = await startDemoServer(PORT);
  const dir = path.join(__dirname, '..', 'bench-results');
  mkdirSync(dir, { recursive: true });
  try {
    for (const mode of ['none', 'static'] as const) {
      await fetch(`${server.base}/demo/api/render`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ fault: mode }),
      });
      const { frames, tap } = await record(server.base);
      const name = mode === 'none' ? 'rendered' : 'client-rendered';
      const file = path.join(dir, `filmstrip-${name}.png`);
      writeFileSync(file, PNG.sync.write(strip(frames)));
      console.log(
        `${name}: ${frames.length} frames, ${STEP_MS} ms apart in ${path.relative(process.cwd(), file)}; ` +
          `app ready for a tap at ${tap === null ? 'n/a' : `${Math.round(tap)} ms`}`,
      );
    }
  } finally {
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
