/**
 * Issue 12: sessions that cannot be fixed or forged, and no state change from another origin (another port of
 * the same host included) or from a body that is not JSON.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SessionResponse } from '../../src/contract';
import { CAFE, cafeCustomer, Client, line, obj, startDemo, type Harness, SWISH } from './demoTestClient';

let h: Harness;
beforeAll(async () => {
  h = await startDemo();
});
afterAll(async () => {
  await h.close();
});

const UUID = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';

/** A visitor with a pending Swish payment for one coffee. */
async function visitorWithPendingPayment(): Promise<Client> {
  const c = h.client();
  expect((await c.put(`${CAFE}/cart`, { cart: [line('a', 'brygg', 1)], tabItems: [] })).status).toBe(200);
  const started = await c.post(`${CAFE}/cart/startPayment`, {
    paymentMethodId: SWISH,
    customerInfo: cafeCustomer(),
    orderReference: null,
  });
  expect(started.status).toBe(200);
  return c;
}

async function paymentStatus(c: Client): Promise<SessionResponse['paymentStatus']> {
  return ((await c.get(`${CAFE}/cart`)).json as SessionResponse).paymentStatus;
}

describe('session ids are the server’s own (no fixation)', () => {
  it('a client-chosen, well-formed session id is replaced by one the server issues', async () => {
    const c = h.client();
    c.cookies.set('sid', UUID);
    const res = await c.get(`${CAFE}/cart`);
    expect(res.headers.getSetCookie()[0]).toMatch(/^sid=[0-9a-f-]{36}\.[\w-]{43};/);
    expect(c.sessionId).not.toBe(UUID);
  });

  it('a planted id with a made-up or another server’s signature is replaced too', async () => {
    const other = await startDemo();
    try {
      const signedElsewhere = other.client();
      await signedElsewhere.get(`${CAFE}/cart`);
      for (const planted of [`${UUID}.${'A'.repeat(43)}`, `${UUID}.`, signedElsewhere.cookies.get('sid')!]) {
        const c = h.client();
        c.cookies.set('sid', planted);
        await c.get(`${CAFE}/cart`);
        expect(c.cookies.get('sid')).not.toBe(planted);
      }
    } finally {
      await other.close();
    }
  });

  it('an attacker who planted an id cannot see the cart the victim then fills', async () => {
    const victim = h.client();
    victim.cookies.set('sid', UUID);
    await victim.put(`${CAFE}/cart`, { cart: [line('a', 'brygg', 2)], tabItems: [] });
    const attacker = h.client();
    attacker.cookies.set('sid', UUID);
    expect(((await attacker.get(`${CAFE}/cart`)).json as SessionResponse).cart).toEqual([]);
    expect(((await victim.get(`${CAFE}/cart`)).json as SessionResponse).cart).toHaveLength(1);
  });

  it('a session outlives a restart of the server on the same database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-session-'));
    const dbPath = path.join(dir, 'demo.sqlite');
    try {
      const first = await startDemo({ dbPath });
      const c = first.client();
      await c.put(`${CAFE}/cart`, { cart: [line('a', 'brygg', 3)], tabItems: [] });
      await first.close();
      const second = await startDemo({ dbPath });
      try {
        const again = new Client(second.origin);
        again.cookies.set('sid', c.cookies.get('sid')!);
        const res = await again.get(`${CAFE}/cart`);
        expect(res.headers.getSetCookie()).toEqual([]);
        expect((res.json as SessionResponse).cart).toHaveLength(1);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the cookie is Secure, and Strict-Transport-Security sent, when the public origin is https', async () => {
    const secure = await startDemo({ publicOrigin: 'https://shop.example' });
    try {
      const res = await secure.client().get(`${CAFE}/cart`);
      expect(res.headers.getSetCookie()[0]).toMatch(/; Secure/);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
      const plain = await h.client().get(`${CAFE}/cart`);
      expect(plain.headers.getSetCookie()[0]).not.toMatch(/Secure/);
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await secure.close();
    }
  });
});

describe('no state change from another origin or without a JSON body (CSRF)', () => {
  const otherPort = () => `http://127.0.0.1:${Number(new URL(h.origin).port) + 1}`;

  it('a bodiless cancel without Content-Type (sendBeacon, no-cors fetch) gets 415 and cancels nothing', async () => {
    const c = await visitorWithPendingPayment();
    const before = h.api.ctx.db.snapshot();
    const beacon = await c.request('POST', `${CAFE}/cart/cancelPayment`);
    expect(beacon.status).toBe(415);
    expect(beacon.json).toEqual({ name: 'UNSUPPORTED_MEDIA_TYPE', errorCode: 'JSON_ONLY' });
    expect(h.api.ctx.db.snapshot()).toBe(before);
    expect(await paymentStatus(c)).toBe('STARTED');
  });

  it('simple-request bodies (text/plain, forms) are refused on every JSON route', async () => {
    const c = await visitorWithPendingPayment();
    const before = h.api.ctx.db.snapshot();
    const json = JSON.stringify({ cart: [], tabItems: [] });
    for (const [method, route] of [
      ['POST', `${CAFE}/cart/cancelPayment`],
      ['PUT', `${CAFE}/cart`],
      ['POST', `${CAFE}/reference`],
    ] as const) {
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ]) {
        const res = await c.request(method, route, { body: json, headers: { 'content-type': type } });
        expect({ route, type, status: res.status }).toEqual({ route, type, status: 415 });
      }
    }
    expect(h.api.ctx.db.snapshot()).toBe(before);
  });

  it('a POST or PUT from another port of the same host gets 403 and changes nothing', async () => {
    const c = await visitorWithPendingPayment();
    const before = h.api.ctx.db.snapshot();
    const fromOtherPort = { origin: otherPort(), 'sec-fetch-site': 'same-site' };
    const cancel = await c.request('POST', `${CAFE}/cart/cancelPayment`, {
      headers: { ...fromOtherPort, 'content-type': 'application/json' },
    });
    expect(cancel.status).toBe(403);
    expect(cancel.json).toEqual({ name: 'FORBIDDEN', errorCode: 'CROSS_ORIGIN_REQUEST' });
    const put = await c.request('PUT', `${CAFE}/cart`, {
      json: { cart: [], tabItems: [] },
      headers: { origin: otherPort() },
    });
    expect(put.status).toBe(403);
    expect(h.api.ctx.db.snapshot()).toBe(before);
    expect(await paymentStatus(c)).toBe('STARTED');
  });

  it('cross-site and opaque origins are refused; the own origin and the public origin are not', async () => {
    const c = h.client();
    const put = (headers: Record<string, string>) =>
      c.request('PUT', `${CAFE}/cart`, { json: { cart: [], tabItems: [] }, headers });
    expect((await put({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' })).status).toBe(403);
    expect((await put({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await put({ origin: 'null' })).status).toBe(403);
    // Sec-Fetch-Site is the browser's word and wins over an Origin that looks right.
    expect((await put({ 'sec-fetch-site': 'same-site', origin: h.origin })).status).toBe(403);
    expect((await put({ 'sec-fetch-site': 'same-origin', origin: h.origin })).status).toBe(200);
    expect((await put({ origin: h.origin })).status).toBe(200);
    // No browser sent it (curl, a server): it carries no visitor's cookie a page could ride on.
    expect((await put({})).status).toBe(200);
    const behindProxy = await startDemo({ publicOrigin: 'https://shop.example' });
    try {
      const res = await behindProxy.client().request('PUT', `${CAFE}/cart`, {
        json: { cart: [], tabItems: [] },
        headers: { origin: 'https://shop.example' },
      });
      expect(res.status).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });

  it('the demo’s own forms (payment simulator) refuse posts from another origin', async () => {
    const c = await visitorWithPendingPayment();
    const { paymentId } = obj((await c.get(`${CAFE}/cart`)).json) as { paymentId: string };
    const res = await c.request('POST', `/demo/simulator/${paymentId}/approve`, {
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: otherPort() },
    });
    expect(res.status).toBe(403);
    expect(await paymentStatus(c)).toBe('STARTED');
  });
});
