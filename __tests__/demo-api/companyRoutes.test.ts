/** Contract tests of the v1 company calls: card-page payment intents and bookkeeping integration. */
import type { IntegrationState, IntegrationUrlResponse, PaymentIntentResponse } from '../../src/contract';
import { obj, startDemo, type Client, type Harness } from './demoTestClient';

let h: Harness;
beforeEach(async () => {
  h = await startDemo();
});
afterEach(async () => {
  await h.close();
});

describe('GET /api/v1/company/:companyId/payments/:paymentIntentId', () => {
  it('answers the seeded intents of each company', async () => {
    const c = h.client();
    const pending = (await c.get('/api/v1/company/c-cafe/payments/pi_demo_pending'))
      .json as PaymentIntentResponse;
    expect(pending).toEqual({
      paymentIntent: {
        status: 'PENDING',
        paymentData: {
          clientSecret: expect.stringMatching(/^pi_demo_pending_.*_secret_/) as unknown as string,
          stripeAccountId: 'acct_demo_cafe',
          pendingPaymentMethod: { amount: 24900, currency: 'SEK' },
          error: null,
        },
      },
    });
    const failed = (await c.get('/api/v1/company/c-cafe/payments/pi_demo_failed'))
      .json as PaymentIntentResponse;
    expect(failed.paymentIntent).toMatchObject({
      status: 'FAILED',
      paymentData: { error: { message: 'Your card was declined.' } },
    });
    expect(
      ((await c.get('/api/v1/company/c-cafe/payments/pi_demo_completed')).json as PaymentIntentResponse)
        .paymentIntent.status,
    ).toBe('COMPLETED');
    const fi = (await c.get('/api/v1/company/c-kahvila/payments/pi_demo_pending'))
      .json as PaymentIntentResponse;
    expect(fi.paymentIntent.paymentData.pendingPaymentMethod.currency).toBe('EUR');
  });

  it('404 for unknown intents and companies', async () => {
    const c = h.client();
    expect((await c.get('/api/v1/company/c-cafe/payments/pi_nope')).json).toEqual({
      name: 'NOT_FOUND',
      errorCode: 'PAYMENT_INTENT_NOT_FOUND',
    });
    expect((await c.get('/api/v1/company/c-nope/payments/pi_demo_pending')).status).toBe(404);
  });
});

/** Follows the integration URL's consent page with a decision; answers the callback location. */
async function consent(c: Client, integrationUrl: string, decision: 'approve' | 'deny'): Promise<URL> {
  const url = new URL(integrationUrl);
  const page = await c.get(url.pathname + url.search);
  expect(page.status).toBe(200);
  expect(page.text).toContain('Café Kanelbullen AB');
  const bookkeeper = url.pathname.split('/')[3] ?? '';
  const res = await c.form(`/demo/oauth/${bookkeeper}/decision`, {
    companyId: url.searchParams.get('companyId') ?? '',
    scopeState: url.searchParams.get('scopeState') ?? '',
    decision,
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '', 'http://spa.invalid');
}

describe('bookkeeping integration', () => {
  it('integrationUrl points at this server’s authorize page', async () => {
    const c = h.client();
    const res = await c.get('/api/v1/webshop/bookkeeping/integrationUrl/c-cafe/fortnox/DEMOAUTH');
    expect(res.status).toBe(200);
    const { integrationUrl } = res.json as IntegrationUrlResponse;
    expect(integrationUrl).toBe(
      `${h.origin}/demo/oauth/fortnox/authorize?companyId=c-cafe&scopeState=DEMOAUTH`,
    );
  });

  it.each([
    ['bokio', 'DEMOAUTH', 400, 'INVALID_BOOKKEEPER'],
    ['fortnox', 'abc', 400, 'INVALID_AUTH_CODE'],
    ['fortnox', 'a%20b%3Cc', 400, 'INVALID_AUTH_CODE'],
    ['visma', 'x'.repeat(65), 400, 'INVALID_AUTH_CODE'],
  ])('integrationUrl refuses bookkeeper %s / auth code %s', async (bookkeeper, authCode, status, name) => {
    const res = await h
      .client()
      .get(`/api/v1/webshop/bookkeeping/integrationUrl/c-cafe/${bookkeeper}/${authCode}`);
    expect(res.status).toBe(status);
    expect(obj(res.json).name).toBe(name);
  });

  it('integrationUrl: unknown company → 404', async () => {
    expect(
      (await h.client().get('/api/v1/webshop/bookkeeping/integrationUrl/c-nope/visma/DEMOAUTH')).status,
    ).toBe(404);
  });

  it.each(['fortnox', 'visma'] as const)(
    '%s: approve → callback with code and state → integrate 204 → reuse rejected',
    async (bookkeeper) => {
      const c = h.client();
      const { integrationUrl } = (
        await c.get(`/api/v1/webshop/bookkeeping/integrationUrl/c-cafe/${bookkeeper}/AUTH_1234`)
      ).json as IntegrationUrlResponse;
      const callback = await consent(c, integrationUrl, 'approve');
      expect(callback.pathname).toBe(bookkeeper === 'fortnox' ? '/integrateFortnox' : '/integrateVisma');
      const code = callback.searchParams.get('code') ?? '';
      expect(code).toMatch(/^[A-Za-z0-9]{32}$/);
      const state = JSON.parse(callback.searchParams.get('state') ?? '') as IntegrationState;
      expect(state).toEqual({ isWeb: true, companyID: 'c-cafe', scopeState: 'AUTH_1234' });
      const path = `/api/v1/webshop/bookkeeping/${bookkeeper}/integrate/c-cafe`;
      const ok = await c.post(path, { authorizationCode: code, scopes: 'bookkeeping invoice' });
      expect(ok.status).toBe(204);
      const rows = h.api.ctx.db.sql.prepare('SELECT company_id, provider, scopes FROM integrations').all();
      expect(rows).toEqual([{ company_id: 'c-cafe', provider: bookkeeper, scopes: 'bookkeeping invoice' }]);
      const reuse = await c.post(path, { authorizationCode: code, scopes: 'x' });
      expect(reuse.status).toBe(400);
      expect(reuse.json).toEqual({
        name: 'INVALID_AUTHORIZATION_CODE',
        errorCode: 'INVALID_AUTHORIZATION_CODE',
      });
    },
  );

  it('a code only works for its provider and company, and only for 10 minutes', async () => {
    const c = h.client();
    const { integrationUrl } = (
      await c.get('/api/v1/webshop/bookkeeping/integrationUrl/c-cafe/fortnox/AUTH_1234')
    ).json as IntegrationUrlResponse;
    const code = (await consent(c, integrationUrl, 'approve')).searchParams.get('code') ?? '';
    const wrongProvider = await c.post('/api/v1/webshop/bookkeeping/visma/integrate/c-cafe', {
      authorizationCode: code,
      scopes: '',
    });
    expect(obj(wrongProvider.json).name).toBe('INVALID_AUTHORIZATION_CODE');
    const wrongCompany = await c.post('/api/v1/webshop/bookkeeping/fortnox/integrate/c-kahvila', {
      authorizationCode: code,
      scopes: '',
    });
    expect(obj(wrongCompany.json).name).toBe('INVALID_AUTHORIZATION_CODE');
    const invented = await c.post('/api/v1/webshop/bookkeeping/fortnox/integrate/c-cafe', {
      authorizationCode: 'made-up',
      scopes: '',
    });
    expect(obj(invented.json).name).toBe('INVALID_AUTHORIZATION_CODE');
    h.clock.advance(10 * 60 * 1000 + 1);
    const expired = await c.post('/api/v1/webshop/bookkeeping/fortnox/integrate/c-cafe', {
      authorizationCode: code,
      scopes: '',
    });
    expect(obj(expired.json).name).toBe('INVALID_AUTHORIZATION_CODE');
    expect(h.api.ctx.db.sql.prepare('SELECT COUNT(*) AS n FROM integrations').get()).toEqual({ n: 0 });
  });

  it('the control API lets every unredeemed code run out, and only those (issue 40: no test waits for the clock)', async () => {
    const c = h.client();
    const { integrationUrl } = (
      await c.get('/api/v1/webshop/bookkeeping/integrationUrl/c-cafe/fortnox/AUTH_1234')
    ).json as IntegrationUrlResponse;
    const used = (await consent(c, integrationUrl, 'approve')).searchParams.get('code') ?? '';
    const integrate = (code: string) =>
      c.post('/api/v1/webshop/bookkeeping/fortnox/integrate/c-cafe', { authorizationCode: code, scopes: '' });
    expect((await integrate(used)).status).toBe(204);
    const fresh = (await consent(c, integrationUrl, 'approve')).searchParams.get('code') ?? '';
    const expire = await c.post('/demo/api/oauth/expire');
    expect(expire.json).toEqual({ expired: 1 });
    const late = await integrate(fresh);
    expect(late.status).toBe(400);
    expect(late.json).toEqual({
      name: 'INVALID_AUTHORIZATION_CODE',
      errorCode: 'INVALID_AUTHORIZATION_CODE',
    });
    expect(h.api.ctx.db.sql.prepare('SELECT COUNT(*) AS n FROM integrations').get()).toEqual({ n: 1 });
    // A malformed request is refused and changes nothing.
    expect((await c.post('/demo/api/oauth/expire', { minutes: 5 })).status).toBe(400);
  });

  it('deny → error=access_denied with the same state and no code', async () => {
    const c = h.client();
    const { integrationUrl } = (
      await c.get('/api/v1/webshop/bookkeeping/integrationUrl/c-cafe/visma/AUTH_1234')
    ).json as IntegrationUrlResponse;
    const callback = await consent(c, integrationUrl, 'deny');
    expect(callback.pathname).toBe('/integrateVisma');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.has('code')).toBe(false);
    expect(JSON.parse(callback.searchParams.get('state') ?? '')).toEqual({
      isWeb: true,
      companyID: 'c-cafe',
      scopeState: 'AUTH_1234',
    });
  });

  it('the authorize page answers 404 for unknown companies and 400 for bad parameters', async () => {
    const c = h.client();
    expect((await c.get('/demo/oauth/fortnox/authorize?companyId=c-nope&scopeState=DEMOAUTH')).status).toBe(
      404,
    );
    expect((await c.get('/demo/oauth/bokio/authorize?companyId=c-cafe&scopeState=DEMOAUTH')).status).toBe(
      400,
    );
    expect(
      (await c.get('/demo/oauth/fortnox/authorize?companyId=c-cafe&scopeState=%3Cscript%3E')).status,
    ).toBe(400);
  });

  it('uses the configured public origin in the integration URL', async () => {
    const other = await startDemo({ publicOrigin: 'https://demo.example.com/' });
    try {
      const res = await other
        .client()
        .get('/api/v1/webshop/bookkeeping/integrationUrl/c-cafe/visma/DEMOAUTH');
      expect((res.json as IntegrationUrlResponse).integrationUrl).toBe(
        'https://demo.example.com/demo/oauth/visma/authorize?companyId=c-cafe&scopeState=DEMOAUTH',
      );
      expect(res.headers.getSetCookie()[0]).toMatch(/; Secure$/);
    } finally {
      await other.close();
    }
  });
});
