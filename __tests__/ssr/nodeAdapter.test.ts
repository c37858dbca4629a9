/**
 * Issue 34: the Node adapter of the render (src/ssr/nodeAdapter.ts, run by nodeServer.ts behind nginx) ends
 * every answer, whatever the render or the visitor does, and the render server warms up before it listens,
 * so a new process's first visitor does not pay for the process's start. Real sockets on loopback; every
 * wait is on something the test holds or on an event, never on a clock.
 */
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { nodeRequestListener, warmUp } from '../../src/ssr/nodeAdapter';
import { createStorePageRenderer, type RendererOptions } from '../../src/ssr/renderStorePage';
import { indexTemplate } from '../helpers/indexTemplate';
import { shopResponse } from '../shared/api/wireFixtures';

type Render = (request: Request) => Promise<Response>;

/** A render server on loopback with `render` behind the adapter; its sockets, to see them close. */
async function serverWith(render: Render) {
  const onError = jest.fn();
  const server = http.createServer(nodeRequestListener(render, { onError }));
  const sockets: Socket[] = [];
  server.on('connection', (socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    onError,
    /** Resolves once the server's side of the first connection has closed. */
    closed: () =>
      new Promise<void>((resolve) => {
        const socket = sockets[0];
        if (!socket || socket.closed) resolve();
        else socket.once('close', () => resolve());
      }),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A visitor's request: what it got (the status, the body received, whether the answer came whole) and when
 * the first part of the body arrived.
 */
function get(port: number, method = 'GET') {
  const request = http.request({ host: '127.0.0.1', port, path: '/cafe', method, agent: false });
  let received = () => undefined as void;
  const firstData = new Promise<void>((resolve) => (received = resolve));
  const answer = new Promise<{ status: number; body: string; complete: boolean }>((resolve) => {
    request.on('response', (response: IncomingMessage) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
        received();
      });
      // 'close' comes for a whole answer and for one cut off alike; `complete` tells them apart.
      response.on('close', () =>
        resolve({ status: response.statusCode ?? 0, body, complete: response.complete }),
      );
    });
    request.on('error', () => resolve({ status: -1, body: '', complete: false }));
  });
  request.end();
  return { request, answer, firstData };
}

const servers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
async function started(render: Render) {
  const server = await serverWith(render);
  servers.push(server);
  return server;
}

describe('issue 34: the Node adapter ends every answer', () => {
  it('answers with the render: status, headers and body', async () => {
    const server = await started(
      async () => new Response('<p>shop</p>', { status: 404, headers: { 'Content-Language': 'sv' } }),
    );
    expect(await get(server.port).answer).toEqual({ status: 404, body: '<p>shop</p>', complete: true });
  });

  it('a body that errs part-way: the answer is cut off and ended, never left open', async () => {
    let fail = (_error: Error) => undefined as void;
    const server = await started(async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('<html>'));
          fail = (error) => controller.error(error);
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/html' } });
    });
    const { answer, firstData } = get(server.port);
    // The first part has reached the visitor; then the body breaks.
    await firstData;
    fail(new Error('the body broke'));
    const got = await answer;
    expect(got.complete).toBe(false);
    expect(got.body).not.toContain('</html>');
    await server.closed();
    expect(server.onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'the body broke' }),
      '/cafe',
    );
  });

  it('a visitor who goes away part-way through the body: the body is cancelled, and that is no failure', async () => {
    let cancelled = () => undefined as void;
    const bodyCancelled = new Promise<void>((resolve) => (cancelled = resolve));
    const server = await started(async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('<html>'));
        },
        cancel: () => cancelled(),
      });
      return new Response(body, { headers: { 'Content-Type': 'text/html' } });
    });
    const { request, firstData } = get(server.port);
    await firstData;
    request.destroy();
    await server.closed();
    await bodyCancelled;
    // The answer's pipeline settles on the next turn of the loop at the latest.
    await new Promise((resolve) => setImmediate(resolve));
    expect(server.onError).not.toHaveBeenCalled();
  });

  it('a visitor who goes away: the render is told (its request is aborted) and the answer ends', async () => {
    let renderStarted = () => undefined as void;
    const rendering = new Promise<void>((resolve) => (renderStarted = resolve));
    let renderedRequest: Request | undefined;
    const server = await started(
      (request) =>
        new Promise<Response>((resolve) => {
          renderedRequest = request;
          renderStarted();
          // A render that answers only when it is stopped.
          request.signal.addEventListener('abort', () => resolve(new Response('static page')));
        }),
    );
    const { request } = get(server.port);
    await rendering;
    request.destroy();
    await server.closed();
    // Node tells the answer its connection has gone on the next turn of the loop.
    await new Promise((resolve) => setImmediate(resolve));
    expect(renderedRequest?.signal.aborted).toBe(true);
    expect(server.onError).not.toHaveBeenCalled();
  });

  it('a render that throws: 500, which nginx answers with index.html, and the answer ends', async () => {
    const server = await started(() => Promise.reject(new Error('the render threw')));
    expect(await get(server.port).answer).toEqual({
      status: 500,
      body: 'The page could not be rendered.\n',
      complete: true,
    });
    expect(server.onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'the render threw' }),
      '/cafe',
    );
  });

  it('a request the web API refuses (TRACE): 500, not a process brought down', async () => {
    const render = jest.fn<Promise<Response>, [Request]>();
    const server = await started(render);
    expect((await get(server.port, 'TRACE').answer).status).toBe(500);
    expect(render).not.toHaveBeenCalled();
  });
});

describe('issue 34: the render server warms up before it listens', () => {
  // The render's timers (the API's 250 ms, the deadline, React's work) on a clock the test moves.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  /** How long a new process's first fetch spends on itself before its request leaves (ms, on the test's clock). */
  const START_UP_MS = 200;
  /** How long the API takes to answer (ms): well within the 250 ms limit. */
  const API_MS = 100;

  /**
   * Node's fetch as a new process has it: its first call compiles the HTTP client and parser before the
   * request leaves, on the clock the API's 250 ms already runs on. Answers every request with a shop.
   */
  function processFetch() {
    let warm = false;
    const wait = (ms: number, signal?: AbortSignal | null) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, ms);
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      });
    return jest.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (!warm) await wait(START_UP_MS, init?.signal);
      warm = true;
      await wait(API_MS, init?.signal);
      return new Response(JSON.stringify(shopResponse()), {
        headers: { 'Content-Type': 'application/json' },
      });
    });
  }

  const options = (fetch: RendererOptions['fetch']): RendererOptions => ({
    indexHtml: indexTemplate(),
    documentHeaders: {},
    apiBaseUrl: 'https://api.example',
    fetch,
    onError: jest.fn(),
  });

  /** Moves the clock until `work` settles (it also waits on real sockets: the warm-up's loopback server). */
  async function untilSettled<T>(work: Promise<T>): Promise<T> {
    let settled = false;
    void work.finally(() => (settled = true));
    while (!settled) await jest.advanceTimersByTimeAsync(10);
    return work;
  }

  const rendered = async (response: Response) =>
    (await response.text()).includes('<script id="rendered-page"');

  it('the old race, reproduced: a cold process spends the API’s 250 ms on its own start and answers the static page', async () => {
    const fetch = processFetch();
    const settings = options(fetch);
    const render = createStorePageRenderer(settings);
    expect(await rendered(await untilSettled(render(new Request('https://shop.example/cafe'))))).toBe(false);
    expect(settings.onError).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'ABORTED' }),
      expect.any(Request),
    );
    // Its next visitor, the process warm, gets the rendered page from the same API.
    expect(await rendered(await untilSettled(render(new Request('https://shop.example/cafe'))))).toBe(true);
  });

  it('warmed up first, the first visitor of a new process gets the rendered page', async () => {
    const fetch = processFetch();
    const settings = options(fetch);
    await untilSettled(warmUp(settings));
    // The warm-up went through the platform's own fetch, in each language.
    expect(fetch).toHaveBeenCalledTimes(3);
    const render = createStorePageRenderer(settings);
    expect(await rendered(await untilSettled(render(new Request('https://shop.example/cafe'))))).toBe(true);
    expect(settings.onError).not.toHaveBeenCalled();
  });
});
