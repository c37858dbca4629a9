/**
 * Renders store pages with the host's render function (src/ssr) against a demo API on a fixed clock, in a
 * process of its own (run by tsx): Node's module conditions give the libraries their server builds, as the
 * render bundle has them, while the Jest test that runs this hydrates the pages in jsdom with the browser
 * builds. Prints `{ [address]: { status, headers, html } }` as JSON; the addresses are the arguments.
 */
import { createStorePageRenderer } from '../../src/ssr/renderStorePage';
import { securityHeaders } from '../../src/hosting/securityHeaders';
import { startDemo } from '../demo-api/demoTestClient';
import { indexTemplate } from './indexTemplate';

async function main() {
  const demo = await startDemo();
  const indexHtml = indexTemplate();
  const render = createStorePageRenderer({
    indexHtml,
    documentHeaders: securityHeaders({}, indexHtml).document,
    apiBaseUrl: demo.origin,
    onError: (error) => console.error(error),
    // The rendered pages are what the test compares: never the plain page because a loaded machine was
    // slower than the shop's 250 ms (its fallbacks have tests of their own).
    patienceMs: 60_000,
  });
  const pages: Record<string, { status: number; headers: Record<string, string>; html: string }> = {};
  for (const address of process.argv.slice(2)) {
    // One origin for the page whatever port the demo API got: the Open Graph URLs name it.
    const response = await render(new Request(new URL(address, 'https://shop.example')));
    pages[address] = {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      html: await response.text(),
    };
  }
  await demo.close();
  process.stdout.write(JSON.stringify(pages));
}

void main();
