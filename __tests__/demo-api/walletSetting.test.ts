/**
 * The demo session's wallet for the Stripe double's Express Checkout (src/demo-api/simulators/walletSetting.ts):
 * `?demoWallet=` on any GET sets the cookie `demo_wallet` (beside the session cookie `sid` when both are set),
 * invalid values set nothing, and the simulator page chooses it with POST /demo/wallet?wallet=….
 */
import { CAFE, obj, startDemo, type Answer, type Client, type Harness } from './demoTestClient';

let h: Harness;
beforeAll(async () => {
  h = await startDemo();
});
afterAll(async () => {
  await h.close();
});

/** The Set-Cookie headers of an answer whose cookie is `name`. */
function setCookies(res: Answer, name: string): string[] {
  return res.headers.getSetCookie().filter((cookie) => cookie.startsWith(`${name}=`));
}

/** The wallet the simulator page says is chosen. */
async function chosenOnPage(c: Client, query = ''): Promise<string | undefined> {
  const page = await c.get(`/demo/simulator${query}`);
  expect(page.status).toBe(200);
  return /Vald plånbok i den här webbläsarsessionen: <strong>([^<]*)<\/strong>/.exec(page.text)?.[1];
}

describe('?demoWallet= on a GET', () => {
  it('sets demo_wallet for the browser session (readable by scripts), alongside the session cookie sid', async () => {
    const c = h.client();
    const res = await c.get('/api/v2/webshop/cafe?demoWallet=applePay');
    expect(res.status).toBe(200);
    expect(setCookies(res, 'demo_wallet')).toEqual(['demo_wallet=applePay; Path=/; SameSite=Lax']);
    const [sid] = setCookies(res, 'sid');
    expect(sid).toMatch(/^sid=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(c.cookies.get('demo_wallet')).toBe('applePay');
    expect(c.sessionId).toBeDefined();
  });

  it.each([
    ['the demo page', '/demo?demoWallet=googlePay', 'googlePay'],
    ['the simulator page', '/demo/simulator?demoWallet=none', 'none'],
    ['a shop page path', '/cafe?demoWallet=applePay', 'applePay'],
  ])('works on any path: %s', async (_label, path, value) => {
    const res = await h.client().get(path);
    expect(setCookies(res, 'demo_wallet')).toEqual([`demo_wallet=${value}; Path=/; SameSite=Lax`]);
  });

  it.each([
    ['an unknown wallet', '?demoWallet=samsungPay'],
    ['an empty value', '?demoWallet='],
    ['another case', '?demoWallet=APPLEPAY'],
    ['a repeated parameter', '?demoWallet=applePay&demoWallet=googlePay'],
    ['markup', `?demoWallet=${encodeURIComponent('<script>')}`],
    ['a parameter of another name', '?demowallet=applePay'],
  ])('ignores %s (no cookie, the chosen wallet stays)', async (_label, query) => {
    const c = h.client();
    await c.get('/demo?demoWallet=googlePay');
    const res = await c.get(`/demo${query}`);
    expect(res.status).toBe(200);
    expect(setCookies(res, 'demo_wallet')).toEqual([]);
    expect(c.cookies.get('demo_wallet')).toBe('googlePay');
  });

  it('sets nothing on a POST', async () => {
    const res = await h.client().post(`${CAFE}/cart/cancelPayment?demoWallet=applePay`);
    expect(setCookies(res, 'demo_wallet')).toEqual([]);
  });
});

describe('the simulator page', () => {
  it('has a wallet section: the chosen wallet, a form per choice and the query parameter', async () => {
    const c = h.client();
    const page = await c.get('/demo/simulator');
    expect(page.text).toContain('<h2>Plånbok (Apple Pay / Google Pay)</h2>');
    for (const wallet of ['applePay', 'googlePay', 'none'])
      expect(page.text).toContain(`<form method="post" action="/demo/wallet?wallet=${wallet}">`);
    expect(page.text).toContain('?demoWallet=applePay');
    expect(await chosenOnPage(c)).toBe('Ingen');
    await c.get('/cafe?demoWallet=applePay');
    expect(await chosenOnPage(c)).toBe('Apple Pay');
    // The page's own query parameter counts at once (its cookie reaches the next request only).
    expect(await chosenOnPage(c, '?demoWallet=googlePay')).toBe('Google Pay');
  });

  it('POST /demo/wallet?wallet=… (an empty form) sets the cookie and redirects back with 303', async () => {
    const c = h.client();
    const res = await c.form('/demo/wallet?wallet=googlePay', {});
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/demo/simulator');
    expect(setCookies(res, 'demo_wallet')).toEqual(['demo_wallet=googlePay; Path=/; SameSite=Lax']);
    expect(await chosenOnPage(c)).toBe('Google Pay');

    const none = await c.post('/demo/wallet?wallet=none'); // a bodiless POST works too
    expect(none.status).toBe(303);
    expect(await chosenOnPage(c)).toBe('Ingen');
  });

  it.each([
    ['an unknown wallet', '/demo/wallet?wallet=samsungPay', {}],
    ['no wallet', '/demo/wallet', {}],
    ['a repeated wallet', '/demo/wallet?wallet=applePay&wallet=none', {}],
    ['an extra parameter', '/demo/wallet?wallet=applePay&admin=1', {}],
    ['the wallet in the body instead', '/demo/wallet', { wallet: 'applePay' }],
    ['fields in the body', '/demo/wallet?wallet=applePay', { x: '1' }],
  ])('POST /demo/wallet with %s → 400 { name, errorCode }, nothing changes', async (_label, path, fields) => {
    const c = h.client();
    await c.get('/demo?demoWallet=googlePay');
    const before = h.api.ctx.db.snapshot();
    const res = await c.form(path, fields);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ name: 'VALIDATION_ERROR', errorCode: 'BAD_REQUEST' });
    expect(typeof obj(res.json).name).toBe('string');
    expect(setCookies(res, 'demo_wallet')).toEqual([]);
    expect(h.api.ctx.db.snapshot()).toBe(before);
    expect(await chosenOnPage(c)).toBe('Google Pay');
  });

  it('POST /demo/wallet from another site → 403, no cookie', async () => {
    const res = await h.client().request('POST', '/demo/wallet?wallet=applePay', {
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ name: 'FORBIDDEN', errorCode: 'CROSS_ORIGIN_REQUEST' });
    expect(setCookies(res, 'demo_wallet')).toEqual([]);
  });
});
