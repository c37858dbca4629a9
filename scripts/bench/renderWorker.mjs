/**
 * bench:render's worker (scripts/benchRender.ts): the built render function (dist-server/render.mjs) in
 * workerd, rendering one shop `n` times within one request, with the shop's answer held in memory (an
 * instant API: no I/O between renders). Inside a Worker the clock stands still between I/O, so the CPU is
 * measured from outside: the workerd process's CPU over a request of `n` renders less over one of none,
 * divided by `n`, is what one render costs the isolate, without the worker's cache, its assets or wrangler's
 * dev proxy around it.
 *
 *   GET /?shop=cafe&n=100   → { "renders": 100, "html": <characters of the last page> }
 */
import { createStorePageRenderer } from '../../dist-server/render.mjs';

const LANGUAGES = ['se', 'en', 'fi'];

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const shop = url.searchParams.get('shop') ?? '';
    const count = Number(url.searchParams.get('n') ?? 0);
    // What a render is given, read once per request, before any render (the same I/O for every `n`).
    const read = (path) => fetch(new URL(path, env.BENCH_ORIGIN));
    const [indexHtml, headers, answer] = await Promise.all([
      read('/index.html').then((response) => response.text()),
      read('/headers.json').then((response) => response.json()),
      read(`/api/v2/webshop/${encodeURIComponent(shop)}`).then((response) => response.arrayBuffer()),
    ]);
    const render = createStorePageRenderer({
      indexHtml,
      documentHeaders: headers.document,
      apiBaseUrl: 'http://api.invalid',
      // The answer as bytes, as a network answer comes: each render decodes and parses it.
      fetch: () =>
        Promise.resolve(new Response(answer.slice(0), { headers: { 'Content-Type': 'application/json' } })),
      patienceMs: 60_000,
      onError: (error) => {
        throw error;
      },
    });
    let html = 0;
    for (let i = 0; i < count; i++) {
      const page = await render(
        new Request(`https://shop.example/${shop}?lng=${LANGUAGES[i % LANGUAGES.length]}`),
      );
      if (page.status !== 200) return new Response(`${shop}: status ${page.status}`, { status: 500 });
      html = (await page.text()).length;
    }
    return Response.json({ renders: count, html });
  },
};
