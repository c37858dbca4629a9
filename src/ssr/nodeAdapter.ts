/**
 * The render function behind Node's http server (nodeServer.ts, which nginx passes store pages to): the
 * incoming request as a web Request, the web Response piped back, and a warm-up before the server listens.
 *
 * Every request is answered and ended (issue 34), whatever happens:
 * - a request the web API refuses (a TRACE sent straight to it: nginx refuses those itself) or a render that
 *   throws: 500, which nginx answers with a stale page or index.html (`error_page`); it used to be an
 *   unhandled rejection, which ends the whole process on Node 15 and later;
 * - a body that errs part-way: the answer is cut off (an incomplete page must not look whole, nor be cached);
 * - a visitor (nginx) that goes away: the Request's signal aborts the render, and the body is cancelled.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { ShopResponse } from '../contract';
import { RENDER_KEY_LANGUAGE_HEADER } from '../hosting/hostConfigs';
import { parseLanguage, SUPPORTED_LANGUAGES } from '../shared/i18n/languages';
import { createStorePageRenderer, type RendererOptions } from './renderStorePage';

type Render = (request: Request) => Promise<Response>;

export interface NodeListenerOptions {
  /** The shop's address for the page's links (PUBLIC_ORIGIN); else the Host and protocol nginx passes. */
  publicOrigin?: string;
  /** Told about a request that could not be answered as rendered (a 500, or an answer cut off). */
  onError: (error: unknown, url: string) => void;
}

/** The incoming request as the render reads it, with a signal that aborts when the visitor goes away. */
function webRequest(incoming: IncomingMessage, publicOrigin: string | undefined, signal: AbortSignal) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers))
    if (typeof value === 'string') headers.set(name, value);
  const origin =
    publicOrigin ?? `${headers.get('x-forwarded-proto') ?? 'http'}://${headers.get('host') ?? '127.0.0.1'}`;
  return new Request(new URL(incoming.url ?? '/', origin), { method: incoming.method, headers, signal });
}

/**
 * nginx keys its copy of a page by the language its own map read from the request (hostConfigs.ts, which
 * follows the browser's written order of `Accept-Language`); the render picks by quality values. Where the two
 * differ (a header that does not list its tags by preference, a percent-encoded cookie), nginx is told not to
 * keep this page (`X-Accel-Expires: 0`): a page is never kept under another language's key (issue 39).
 */
function keptOnlyUnderItsLanguage(request: Request, response: Response): void {
  const keyed = request.headers.get(RENDER_KEY_LANGUAGE_HEADER);
  const rendered = parseLanguage(response.headers.get('Content-Language'));
  if (keyed !== null && rendered !== undefined && keyed !== rendered)
    response.headers.set('X-Accel-Expires', '0');
}

/**
 * Answers `request` with the render on `outgoing`.
 *
 * @param bodyBroke - told when the render's body errs, before `outgoing` is closed for it
 */
async function answer(
  render: Render,
  request: Request,
  outgoing: ServerResponse,
  bodyBroke: () => void,
): Promise<void> {
  const response = await render(request);
  keptOnlyUnderItsLanguage(request, response);
  outgoing.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) {
    outgoing.end();
    return;
  }
  const body = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
  body.once('error', bodyBroke);
  // pipeline ends `outgoing` with the body, destroys it when the body errs, and cancels the body when
  // `outgoing` closes first.
  await pipeline(body, outgoing);
}

/** A request listener for `http.createServer` that answers every request with `render`. */
export function nodeRequestListener(render: Render, options: NodeListenerOptions) {
  return (incoming: IncomingMessage, outgoing: ServerResponse): void => {
    const gone = new AbortController();
    // The answer's end aborts the render (also after an answer has ended, when aborting stops nothing). It
    // is the visitor going away unless the body broke first: pipeline closes the answer for a broken body,
    // and on Node 22 and later it waits for that close before it rejects (on Node 20 it rejected first).
    let broken = false;
    let visitorLeft = false;
    outgoing.once('close', () => {
      visitorLeft = !broken;
      gone.abort(new Error('the visitor went away'));
    });
    const failed = (error: unknown) => {
      // A visitor who went away is no failure, and there is no one to answer.
      if (visitorLeft) return;
      options.onError(error, incoming.url ?? '/');
      if (outgoing.headersSent) outgoing.destroy();
      else
        outgoing
          .writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
          .end('The page could not be rendered.\n');
    };
    try {
      answer(render, webRequest(incoming, options.publicOrigin, gone.signal), outgoing, () => {
        broken = true;
      }).catch(failed);
    } catch (error) {
      failed(error);
    }
  };
}

/**
 * The shop the warm-up renders: one of each part of the store page (categories, extras, a tag, an image,
 * stock, payment methods), so the code of each is compiled before a visitor asks for one.
 */
const WARM_UP_SHOP: ShopResponse = {
  company: {
    name: 'Warm-up',
    organizationnumber: '000000-0000',
    street: 'Street 1',
    postalCode: '111 11',
    city: 'Stockholm',
    phone: '+46 0',
    email: 'warm-up@example.invalid',
    country: 'SWEDEN',
    logo: '/static/logo.png',
  },
  shop: {
    shopId: 'warm-up',
    title: 'Warm-up',
    description: 'A sample shop',
    primaryColor: '#1d4ed8',
    backgroundColor: null,
    displayType: 'SMALL_IMAGE',
    openHours: [{ weekday: 1, opens: '08:00', closes: '17:00' }],
    active: true,
    isOpen: true,
    requireReference: false,
    refundPolicy: null,
    customerInputs: null,
  },
  articles: {
    a: {
      id: 'a',
      title: 'Coffee',
      description: 'Hot',
      price: { amount: 3500, currency: 'SEK' },
      image: '/static/coffee.png',
      category: 'drinks',
      tags: ['vegan'],
      count: 3,
      limitStock: true,
      availableDeviations: { deviationGroupes: ['milk'] },
    },
    b: {
      id: 'b',
      title: 'Bun',
      description: null,
      price: { amount: 2500, currency: 'SEK' },
      image: null,
      category: 'food',
      tags: [],
      count: 0,
      limitStock: false,
      availableDeviations: null,
    },
  },
  deviations: { oat: { id: 'oat', name: 'Oat milk', price: { amount: 500, currency: 'SEK' } } },
  deviationGroups: { milk: { id: 'milk', name: 'Milk', deviationIds: ['oat'], minCount: null, maxCount: 1 } },
  categories: [
    { id: 'drinks', name: 'Drinks', sortedProducts: ['a'] },
    { id: 'food', name: 'Food', sortedProducts: ['b'] },
  ],
  paymentMethods: [{ id: 'swish', type: 'SWISH_TRADE' }],
  tags: { vegan: { id: 'vegan', tag: 'Vegan', color: '#0a0' } },
};

/**
 * Renders {@link WARM_UP_SHOP} once in each language, from a loopback server of its own (nothing leaves the
 * process), before the render server takes requests. A new process's first render otherwise did the
 * process's own start inside the shop request's 250 ms and the 1.5 s deadline: Node's fetch and its HTTP
 * parser, React and the app's components, each compiled on first use (measured: a first fetch ~60 ms against
 * ~9 ms warm, a first render ~300 ms against ~50 ms, on an idle machine; several times that with both cores
 * busy), and on a loaded CI machine that first render fell back to the static page (issue 34).
 *
 * @param options - the render server's own options (template, headers, platform fetch); the API is the
 *   loopback server's
 */
export async function warmUp(options: RendererOptions): Promise<void> {
  const body = JSON.stringify(WARM_UP_SHOP);
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const render = createStorePageRenderer({ ...options, apiBaseUrl: origin, onError: undefined });
    for (const language of SUPPORTED_LANGUAGES)
      await (await render(new Request(`${origin}/${WARM_UP_SHOP.shop.shopId}?lng=${language}`))).text();
  } finally {
    server.closeAllConnections();
    server.close();
  }
}
