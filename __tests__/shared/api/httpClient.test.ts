import * as v from 'valibot';

import {
  ABORTED,
  MALFORMED_RESPONSE,
  MAX_ERROR_TEXT,
  NetworkError,
  buildUrl,
  createHttpClient,
  toErrorInfo,
} from '../../../src/shared/api';
import type { FetchLike } from '../../../src/shared/api';
import { freePort, startTestServer } from './testServer';
import type { TestServer } from './testServer';

const answerSchema = v.object({ paymentId: v.string() });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.reply = () => ({ status: 200 });
});

/** Runs `promise`, expects it to reject with a NetworkError and returns that error. */
async function networkError(promise: Promise<unknown>): Promise<NetworkError> {
  const e: unknown = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(NetworkError);
  return e as NetworkError;
}

function client(fetch?: FetchLike) {
  return createHttpClient({ baseUrl: server.baseUrl, fetch });
}

describe('requests (§6 calls include cookies, §7 JSON payloads)', () => {
  it("§6 every call is sent with credentials: 'include' and Accept: application/json", async () => {
    const inits: RequestInit[] = [];
    const spy: FetchLike = (input, init) => {
      inits.push(init);
      return fetch(input, init);
    };
    await client(spy).request({ method: 'POST', path: '/x/cart/cancelPayment' });
    await client(spy).request({ method: 'GET', path: '/x' });
    expect(inits.map((i) => i.credentials)).toEqual(['include', 'include']);
    expect(server.requests.map((r) => r.headers.accept)).toEqual(['application/json', 'application/json']);
  });

  it('§7 a payload is sent as JSON with content-type application/json', async () => {
    await client().request({
      method: 'PUT',
      path: '/api/v2/webshop/s/cart',
      body: { cart: [], tabItems: [{ id: 'a', count: 1 }] },
    });
    const [req] = server.requests;
    expect(req?.method).toBe('PUT');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req?.body ?? '')).toEqual({ cart: [], tabItems: [{ id: 'a', count: 1 }] });
  });

  it('§7 a POST without payload sends no body, but says JSON: the API refuses other state changes (issue 12)', async () => {
    await client().request({ method: 'POST', path: '/x/cart/cancelPayment' });
    expect(server.requests[0]?.body).toBe('');
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
  });

  it('a GET sends no content-type (it has no body, and needs no CORS preflight)', async () => {
    await client().request({ method: 'GET', path: '/x/cart' });
    expect(server.requests[0]?.headers['content-type']).toBeUndefined();
  });

  it('§7 query parameters are URL-encoded and undefined or empty ones are left out', async () => {
    await client().request({
      method: 'GET',
      path: '/api/v2/webshop/s/cart',
      query: { table: '4 & 5/ä', tabId: undefined, empty: '', none: null, n: 3 },
    });
    expect(server.requests[0]?.url).toBe('/api/v2/webshop/s/cart?table=4+%26+5%2F%C3%A4&n=3');
  });

  it('buildUrl ignores a trailing slash on the base URL and adds no "?" without parameters', () => {
    expect(buildUrl('https://api.example/', '/a/b')).toBe('https://api.example/a/b');
    expect(buildUrl('', '/a', { x: undefined })).toBe('/a');
  });

  it('uses the global fetch, looked up at call time, when none is injected', async () => {
    server.reply = () => ({ status: 200, json: { paymentId: 'p' } });
    const original = globalThis.fetch;
    const seen: string[] = [];
    globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(String(input));
      return original(input, init);
    };
    try {
      await expect(
        createHttpClient({ baseUrl: server.baseUrl }).request({
          method: 'GET',
          path: '/g',
          schema: answerSchema,
        }),
      ).resolves.toEqual({ paymentId: 'p' });
    } finally {
      globalThis.fetch = original;
    }
    expect(seen).toEqual([`${server.baseUrl}/g`]);
  });
});

describe('ok answers (§7) and MALFORMED_RESPONSE', () => {
  it('§7 an ok JSON answer is validated and returned; unknown keys are dropped', async () => {
    server.reply = () => ({ status: 200, json: { paymentId: 'pay-1', extra: true } });
    await expect(client().request({ method: 'GET', path: '/a', schema: answerSchema })).resolves.toEqual({
      paymentId: 'pay-1',
    });
  });

  it('§7 a call whose answer is "not shown" accepts an empty body', async () => {
    server.reply = () => ({ status: 200 });
    await expect(client().request({ method: 'POST', path: '/a' })).resolves.toBeUndefined();
    server.reply = () => ({ status: 204 });
    await expect(client().request({ method: 'POST', path: '/a' })).resolves.toBeUndefined();
  });

  it('§7 a call whose answer is "not shown" ignores whatever body it gets', async () => {
    server.reply = () => ({ status: 200, text: 'OK, not JSON' });
    await expect(client().request({ method: 'PUT', path: '/a' })).resolves.toBeUndefined();
  });

  it('§8 an ok answer that is not JSON is a MALFORMED_RESPONSE naming the call, with the real status', async () => {
    server.reply = () => ({ status: 200, text: '<html>proxy login</html>', contentType: 'text/html' });
    const e = await networkError(
      client().request({ method: 'GET', path: '/api/v2/webshop/shop-1', schema: answerSchema }),
    );
    expect(e.code).toBe(MALFORMED_RESPONSE);
    expect(e.status).toBe(200);
    expect(e.reachedServer).toBe(true);
    expect(e.message).toBe('Unexpected answer');
    // What went wrong stays for error reports, not for the customer.
    expect(e.detail).toBe('GET /api/v2/webshop/shop-1: not JSON');
  });

  it('§8 an ok but empty answer to a call that expects data is a MALFORMED_RESPONSE', async () => {
    server.reply = () => ({ status: 201 });
    const e = await networkError(client().request({ method: 'POST', path: '/p', schema: answerSchema }));
    expect(e.code).toBe(MALFORMED_RESPONSE);
    expect(e.status).toBe(201);
    expect(e.message).toBe('Unexpected answer');
    expect(e.detail).toBe('POST /p: empty body');
  });

  it('§8 an ok JSON answer of the wrong shape is a MALFORMED_RESPONSE saying where', async () => {
    server.reply = () => ({ status: 200, json: { paymentId: 17 } });
    const e = await networkError(client().request({ method: 'GET', path: '/a', schema: answerSchema }));
    expect(e.code).toBe(MALFORMED_RESPONSE);
    expect(e.message).toBe('Unexpected answer');
    expect(e.detail).toMatch(/^GET \/a: paymentId: Invalid type/);
  });

  it('§8 JSON null or a JSON array instead of an object is a MALFORMED_RESPONSE', async () => {
    for (const json of [null, [], 'text']) {
      server.reply = () => ({ status: 200, json });
      const e = await networkError(client().request({ method: 'GET', path: '/a', schema: answerSchema }));
      expect(e.code).toBe(MALFORMED_RESPONSE);
    }
  });
});

describe('status 400 (§8: JSON with name and errorCode)', () => {
  it("§8 a 400 answer becomes a NetworkError with the server's name as message and errorCode as code", async () => {
    server.reply = () => ({
      status: 400,
      json: { name: 'INVALID_PAYMENT', errorCode: 'E_PAY', message: 'details' },
    });
    const e = await networkError(
      client().request({ method: 'POST', path: '/a', body: {}, schema: answerSchema }),
    );
    expect(e.message).toBe('INVALID_PAYMENT');
    expect(e.code).toBe('E_PAY');
    expect(e.status).toBe(400);
    expect(e.reachedServer).toBe(true);
    expect(e.stockLevels).toBeNull();
  });

  it('§8 a numeric errorCode is kept as a number; a missing one gives code null', async () => {
    server.reply = () => ({ status: 400, json: { name: 'NOT_FOUND', errorCode: 404 } });
    expect((await networkError(client().request({ method: 'POST', path: '/a' }))).code).toBe(404);
    server.reply = () => ({ status: 400, json: { name: 'NOT_FOUND' } });
    const e = await networkError(client().request({ method: 'POST', path: '/a' }));
    expect(e.message).toBe('NOT_FOUND');
    expect(e.code).toBeNull();
  });

  it('§8 OUT_OF_STOCK: the message is a JSON list of {id, stock}, read into stockLevels', async () => {
    const list = [
      { id: 'p-1', stock: 0 },
      { id: 'p-2', stock: 3 },
    ];
    server.reply = () => ({
      status: 400,
      json: { name: 'OUT_OF_STOCK', errorCode: 'E_STOCK', message: JSON.stringify(list) },
    });
    const e = await networkError(client().request({ method: 'POST', path: '/a', schema: answerSchema }));
    expect(e.message).toBe('OUT_OF_STOCK');
    expect(e.code).toBe('E_STOCK');
    expect(e.stockLevels).toEqual(list);
  });

  it('§8 OUT_OF_STOCK: a stock list carried in errorCode is read too', async () => {
    server.reply = () => ({
      status: 400,
      json: { name: 'OUT_OF_STOCK', errorCode: '[{"id":"p-1","stock":1}]' },
    });
    const e = await networkError(client().request({ method: 'POST', path: '/a' }));
    expect(e.stockLevels).toEqual([{ id: 'p-1', stock: 1 }]);
  });

  it('§8 OUT_OF_STOCK with an unreadable list gives stockLevels [] and is still an OUT_OF_STOCK error', async () => {
    for (const message of ['not json', '{"id":"p-1"}', '', undefined]) {
      server.reply = () => ({ status: 400, json: { name: 'OUT_OF_STOCK', errorCode: 7, message } });
      const e = await networkError(client().request({ method: 'POST', path: '/a' }));
      expect(e.message).toBe('OUT_OF_STOCK');
      expect(e.stockLevels).toEqual([]);
    }
  });

  it('§8 OUT_OF_STOCK list entries of the wrong shape are dropped, valid ones kept', async () => {
    const message = JSON.stringify([
      { id: 'p-1', stock: 2 },
      { id: 5, stock: 1 },
      { id: 'p-3', stock: '1' },
      null,
      'x',
    ]);
    server.reply = () => ({ status: 400, json: { name: 'OUT_OF_STOCK', errorCode: 'E', message } });
    const e = await networkError(client().request({ method: 'POST', path: '/a' }));
    expect(e.stockLevels).toEqual([{ id: 'p-1', stock: 2 }]);
  });

  it('§8 a 400 whose body is not JSON says "HTTP 400", with code null; the text is kept for reports', async () => {
    server.reply = () => ({ status: 400, text: '  Bad Request: table missing \n' });
    const e = await networkError(client().request({ method: 'POST', path: '/a' }));
    expect(e.message).toBe('HTTP 400');
    expect(e.detail).toBe('POST /a answered 400: Bad Request: table missing');
    expect(e.code).toBeNull();
    expect(e.status).toBe(400);
  });

  it('§8 a 400 JSON body without a name says "HTTP 400"', async () => {
    server.reply = () => ({ status: 400, json: { errorCode: 'E' } });
    const e = await networkError(client().request({ method: 'POST', path: '/a' }));
    expect(e.message).toBe('HTTP 400');
    expect(e.code).toBeNull();
  });

  it('§8 a 400 name that is no short message (JSON, markup, too long) says "HTTP 400"', async () => {
    for (const name of ['{"nested":"json"}', '<b>bad</b>', 'A'.repeat(61), 'two\nlines']) {
      server.reply = () => ({ status: 400, json: { name, errorCode: 'E' } });
      const e = await networkError(client().request({ method: 'POST', path: '/a' }));
      expect([e.message, e.code]).toEqual(['HTTP 400', 'E']);
    }
  });
});

describe('other failures (§8: network error with the response text, kept for reports)', () => {
  /** What a customer may read: short, no JSON, no markup. */
  function expectHumanMessage(message: string) {
    expect(message.length).toBeLessThanOrEqual(60);
    expect(message).not.toMatch(/[{}<>[\]\n]/);
  }

  it('§8 friendly words: a 500 JSON body gives its name as the message, the raw body goes to the report detail', async () => {
    const body = {
      name: 'INTERNAL_ERROR',
      errorCode: 'E500',
      message: 'TypeError: x is undefined at y.js:1',
    };
    server.reply = () => ({ status: 500, json: body });
    const e = await networkError(client().request({ method: 'GET', path: '/a', schema: answerSchema }));
    expect(e.message).toBe('INTERNAL_ERROR');
    expectHumanMessage(e.message);
    expect(toErrorInfo(e)).toEqual({ code: 'HTTP_500', message: 'INTERNAL_ERROR' });
    expect(e.detail).toBe(`GET /a answered 500: ${JSON.stringify(body)}`);
    expect(e.code).toBeNull();
    expect(e.status).toBe(500);
    expect(e.reachedServer).toBe(false);
  });

  it("§8 friendly words: a 502 proxy HTML page gives 'HTTP 502', the page goes to the report detail (capped)", async () => {
    const page = `<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1>${'x'.repeat(5000)}</body></html>`;
    server.reply = () => ({ status: 502, text: page, contentType: 'text/html' });
    const e = await networkError(client().request({ method: 'GET', path: '/a' }));
    expect(e.message).toBe('HTTP 502');
    expectHumanMessage(toErrorInfo(e).message);
    expect(toErrorInfo(e)).toEqual({ code: 'HTTP_502', message: 'HTTP 502' });
    expect(e.detail?.startsWith('GET /a answered 502: <!DOCTYPE html>')).toBe(true);
    expect(e.detail!.length).toBeLessThanOrEqual(MAX_ERROR_TEXT);
    expect(e.detail!.endsWith('…')).toBe(true);
  });

  it('§8 a plain-text failure says "HTTP <status>"; 404 and 409 reached the server (status below 500)', async () => {
    for (const status of [404, 409, 500]) {
      server.reply = () => ({ status, text: '\n nope \n' });
      const e = await networkError(client().request({ method: 'GET', path: '/a', schema: answerSchema }));
      expect([e.status, e.reachedServer, e.message, e.detail]).toEqual([
        status,
        status < 500,
        `HTTP ${status}`,
        `GET /a answered ${status}: nope`,
      ]);
    }
  });

  it('§8 a JSON body on a non-400 failure gives its name but not its errorCode (code null)', async () => {
    server.reply = () => ({ status: 409, json: { name: 'CONFLICT', errorCode: 'E' } });
    const e = await networkError(client().request({ method: 'POST', path: '/a' }));
    expect(e.message).toBe('CONFLICT');
    expect(e.code).toBeNull();
  });

  it("issue 12: the demo API's 429 becomes a NetworkError that reached the server, stored as RATE_LIMITED", async () => {
    server.reply = () => ({ status: 429, json: { name: 'TOO_MANY_REQUESTS', errorCode: 'RATE_LIMITED' } });
    const e = await networkError(client().request({ method: 'POST', path: '/a', body: { email: 'a@b.se' } }));
    expect([e.status, e.reachedServer, e.message]).toEqual([429, true, 'TOO_MANY_REQUESTS']);
    expect(toErrorInfo(e)).toEqual({ code: 'RATE_LIMITED', message: 'TOO_MANY_REQUESTS' });
  });

  it('§8 a JSON body whose name is no short identifier says "HTTP <status>"', async () => {
    for (const name of ['x'.repeat(61), '<script>', '{"a":1}', 42]) {
      server.reply = () => ({ status: 503, json: { name } });
      const e = await networkError(client().request({ method: 'POST', path: '/a' }));
      expect(e.message).toBe('HTTP 503');
    }
  });

  it('§8 an empty error answer says "HTTP <status>" and the report detail names the call', async () => {
    server.reply = () => ({ status: 503 });
    const e = await networkError(client().request({ method: 'GET', path: '/api/v2/webshop/s' }));
    expect(e.message).toBe('HTTP 503');
    expect(e.detail).toBe('GET /api/v2/webshop/s answered 503');
  });
});

describe('no answer (§8: status 0, not reachedServer)', () => {
  it('§8 a refused connection becomes a NetworkError with status 0, code null and the fetch message', async () => {
    const port = await freePort();
    const e = await networkError(
      createHttpClient({ baseUrl: `http://127.0.0.1:${port}` }).request({ method: 'GET', path: '/a' }),
    );
    expect(e.status).toBe(0);
    expect(e.reachedServer).toBe(false);
    expect(e.code).toBeNull();
    expect(e.message).toBe('fetch failed'); // Node's wording; browsers say 'Failed to fetch'
    expect(e.cause).toBeDefined();
  });

  it("§8 fetch rejecting (offline, CORS) keeps its message: 'Failed to fetch'", async () => {
    const offline: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));
    const e = await networkError(
      client(offline).request({ method: 'GET', path: '/a', schema: answerSchema }),
    );
    expect([e.status, e.reachedServer, e.message, e.code]).toEqual([0, false, 'Failed to fetch', null]);
  });

  it("§8 fetch rejecting with a non-error still gives status 0 and 'Failed to fetch'", async () => {
    const odd: FetchLike = () => Promise.reject('boom');
    const e = await networkError(client(odd).request({ method: 'GET', path: '/a' }));
    expect([e.status, e.message]).toEqual([0, 'Failed to fetch']);
  });

  it('an aborted request becomes a NetworkError with status 0 and code ABORTED', async () => {
    server.reply = () => ({ hang: true });
    const controller = new AbortController();
    const pending = client().request({
      method: 'GET',
      path: '/slow',
      schema: answerSchema,
      signal: controller.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    const e = await networkError(pending);
    expect([e.status, e.reachedServer, e.code]).toEqual([0, false, ABORTED]);
  });

  it('§8 an answer cut off mid-body is a status 0 failure, not a crash', async () => {
    server.reply = () => ({ cutAfterHeaders: true });
    const e = await networkError(client().request({ method: 'GET', path: '/cut', schema: answerSchema }));
    expect(e.status).toBe(0);
    expect(e.reachedServer).toBe(false);
  });
});
