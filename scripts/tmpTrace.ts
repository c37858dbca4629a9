import { chromium } from '@playwright/test';
import { SLOW_4G, slowDown } from './benchKit';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startDemoServer } from './demoServer';
async function main() {
  const server = await startDemoServer(4960);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, baseURL: server.base, serviceWorkers: 'allow' });
  await context.addInitScript(() => {
    const w = window as unknown as { __lt: unknown[] };
    w.__lt = [];
    (w as any).__menuAtStart = sessionStorage.getItem('kiosk.menu')?.length ?? null;
    (w as any).__online = navigator.onLine;
    new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
    new MutationObserver(() => {
      if (!(window as any).__plus && document.querySelector('button[aria-label="Lägg Kanelbulle i varukorgen"]')) (window as any).__plus = performance.now();
      if (!(window as any).__spin && document.querySelector('[role=status]')) (window as any).__spin = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await page.goto('/cafe?kiosk=1&idle=10&prompt=20');
  await page.getByRole('complementary').waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByRole('button', { name: 'Lägg Kanelbulle i varukorgen' }).click();
  await page.getByRole('alertdialog').waitFor({ timeout: 30000 });
  const cdp = await context.newCDPSession(page);
  await slowDown(cdp, SLOW_4G);
  const oldOrigin = await page.evaluate(() => performance.timeOrigin);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.getByRole('button', { name: 'Börja om' }).click();
  await page.waitForFunction((o) => performance.timeOrigin > o && (window as any).__plus !== undefined, oldOrigin, { timeout: 60000, polling: 200 });
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const n = byId.get(id)!;
    const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  const byUrl = new Map<string, number>();
  for (const [k, v] of self) { const u = k.split(' ').slice(1).join(' ').split(':')[0]; byUrl.set(u, (byUrl.get(u) ?? 0) + v); }
  console.log([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${Math.round(v)}ms ${k}`).join('\n'));
  console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${Math.round(v)}ms ${k}`).join('\n'));
  await page.waitForTimeout(500);
  const out = await page.evaluate(() => ({
    plus: (window as any).__plus, menu: (window as any).__menuAtStart, online: (window as any).__online, menuNow: sessionStorage.getItem('kiosk.menu')?.length ?? null,
    marks: performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)]),
    res: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => [r.name.replace(location.origin, ''), Math.round(r.startTime), Math.round(r.responseEnd)]),
    lt: (window as any).__lt,
    nav: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).toJSON(),
  }));
  console.log(JSON.stringify({ menu: out.menu, online: out.online, menuNow: out.menuNow, plus: out.plus, marks: out.marks, lt: out.lt, res: out.res, dcl: out.nav.domContentLoadedEventEnd, respEnd: out.nav.responseEnd }, null, 1));
  await browser.close();
  server.stop();
}
void main();
