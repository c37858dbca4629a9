/**
 * Field metrics at the report collector (issue 36): `transaction` items posted to the Sentry envelope
 * endpoint are merged per page view or payment attempt, summed up at /demo/field-metrics and drawn at
 * /demo/vitals, apart from the error reports the browser suite waits for.
 */
import { obj, startDemo, type Client, type Harness } from './demoTestClient';

let h: Harness;
let c: Client;
beforeAll(async () => {
  h = await startDemo();
  c = h.client();
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await c.request('DELETE', '/demo/error-reports');
  await c.request('DELETE', '/demo/field-metrics');
});

const NBSP = '\u00a0';

/** Posts an envelope as @sentry/browser does: text/plain, a header line, then item header and payload lines. */
function postEnvelope(items: { type: string; payload: unknown }[], projectId = '1') {
  const lines = [JSON.stringify({ sent_at: '2026-01-15T10:00:00.000Z', dsn: 'http://demo@127.0.0.1/1' })];
  for (const item of items) lines.push(JSON.stringify({ type: item.type }), JSON.stringify(item.payload));
  return c.request('POST', `/api/${projectId}/envelope/`, {
    body: `${lines.join('\n')}\n`,
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
  });
}

function pageView(
  traceId: string,
  measurements: Record<string, number>,
  tags: Record<string, string> = {},
): { type: string; payload: unknown } {
  return {
    type: 'transaction',
    payload: {
      type: 'transaction',
      transaction: tags['page.kind'] ?? 'store',
      start_timestamp: 1764250000.123,
      timestamp: 1764250004.5,
      contexts: {
        trace: { trace_id: traceId, span_id: '1'.repeat(16), op: 'pageload' },
        vitals: { lcpTarget: 'main>img.hero' },
      },
      tags: { 'page.kind': 'store', shop: 'cafe', render: 'hydrated', lang: 'se', device: 'phone', ...tags },
      measurements: Object.fromEntries(
        Object.entries(measurements).map(([name, value]) => [
          name,
          { value, unit: name === 'cls' ? '' : 'millisecond' },
        ]),
      ),
    },
  };
}

function attempt(
  traceId: string,
  tags: Record<string, string>,
  durations: Record<string, number>,
): { type: string; payload: unknown } {
  return {
    type: 'transaction',
    payload: {
      type: 'transaction',
      transaction: 'payment',
      start_timestamp: 1764250000,
      timestamp: 1764250010,
      contexts: { trace: { trace_id: traceId, span_id: '2'.repeat(16), op: 'payment' } },
      tags: { shop: 'cafe', 'payment.method': 'swish', 'payment.outcome': 'completed', ...tags },
      measurements: Object.fromEntries(
        Object.entries(durations).map(([name, value]) => [`payment.${name}`, { value, unit: 'millisecond' }]),
      ),
    },
  };
}

function errorEvent(message: string): { type: string; payload: unknown } {
  return { type: 'event', payload: { exception: { values: [{ type: 'Error', value: message }] } } };
}

function trace(n: number): string {
  return n.toString(16).padStart(32, '0');
}

async function fieldMetrics(): Promise<{
  pageViews: Record<string, unknown>[];
  paymentAttempts: Record<string, unknown>[];
  aggregate: Record<string, unknown>;
}> {
  const res = await c.get('/demo/field-metrics');
  expect(res.status).toBe(200);
  return res.json as never;
}

/** /demo/vitals with runs of ASCII white space (the template's line breaks) as one space; NBSPs kept. */
async function vitalsPage(): Promise<string> {
  return (await c.get('/demo/vitals')).text.replace(/[ \n\t]+/g, ' ');
}

async function errorReports(): Promise<{ raw: string; items: { header: { type?: string } }[] }[]> {
  return obj((await c.get('/demo/error-reports')).json).envelopes as never;
}

describe('/demo/field-metrics', () => {
  it('transactions posted to the envelope endpoint show as merged page views and attempts, with their aggregate', async () => {
    expect(
      (await postEnvelope([pageView(trace(1), { lcp: 1200, fcp: 800, ttfb: 300, cls: 0.01 })])).json,
    ).toEqual({});
    // The same page view hidden again: only what changed since.
    await postEnvelope([pageView(trace(1), { inp: 180, cls: 0.3 })]);
    await postEnvelope([
      pageView(trace(2), { lcp: 3100, inp: 90, cls: 0 }),
      attempt(trace(3), {}, { started: 420, outcome: 9000, receipt: 9800 }),
    ]);
    const res = await c.get('/demo/field-metrics');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toEqual({
      pageViews: [
        {
          traceId: trace(1),
          kind: 'store',
          shop: 'cafe',
          render: 'hydrated',
          lang: 'se',
          device: 'phone',
          connection: null,
          metrics: { lcp: 1200, fcp: 800, ttfb: 300, inp: 180, cls: 0.3 },
          attribution: { lcpTarget: 'main>img.hero' },
          events: 2,
        },
        expect.objectContaining({ traceId: trace(2), events: 1 }),
      ],
      paymentAttempts: [
        {
          traceId: trace(3),
          shop: 'cafe',
          method: 'swish',
          outcome: 'completed',
          lang: null,
          device: null,
          durations: { started: 420, outcome: 9000, receipt: 9800 },
        },
      ],
      aggregate: {
        pageViews: 2,
        paymentAttempts: 1,
        pages: [
          {
            shop: 'cafe',
            kind: 'store',
            pageViews: 2,
            vitals: {
              lcp: {
                count: 2,
                p75: 3100,
                p75Rating: 'needsImprovement',
                good: 1,
                needsImprovement: 1,
                poor: 0,
              },
              inp: { count: 2, p75: 180, p75Rating: 'good', good: 2, needsImprovement: 0, poor: 0 },
              cls: { count: 2, p75: 0.3, p75Rating: 'poor', good: 1, needsImprovement: 0, poor: 1 },
              fcp: { count: 1, p75: 800, p75Rating: 'good', good: 1, needsImprovement: 0, poor: 0 },
              ttfb: { count: 1, p75: 300, p75Rating: 'good', good: 1, needsImprovement: 0, poor: 0 },
            },
          },
        ],
        payments: [
          {
            shop: 'cafe',
            method: 'swish',
            attempts: 1,
            outcomes: { completed: 1, declined: 0, cancelled: 0, timedOut: 0, error: 0 },
            completedShare: 1,
            durations: {
              started: { count: 1, median: 420, p90: 420 },
              outcome: { count: 1, median: 9000, p90: 9000 },
              receipt: { count: 1, median: 9800, p90: 9800 },
            },
          },
        ],
      },
    });
  });

  it('a malformed envelope or transaction still answers 200 as Sentry does, and adds no metrics', async () => {
    for (const body of [
      '',
      'not json',
      '{}\n{"type":"transaction"}\nnot json\n',
      '{}\n{"type":"transaction"}\n',
    ]) {
      const res = await c.request('POST', '/api/1/envelope/', {
        body,
        headers: { 'content-type': 'text/plain' },
      });
      expect(res.status).toBe(200);
    }
    await postEnvelope([
      {
        type: 'transaction',
        payload: { type: 'transaction', contexts: { trace: { trace_id: 'nope', op: 'pageload' } } },
      },
      { type: 'transaction', payload: [1, 2, 3] },
      { type: 'transaction', payload: null },
    ]);
    expect((await fieldMetrics()).pageViews).toEqual([]);
    // The project id is still checked as before.
    expect((await c.request('POST', '/api/abc/envelope/', { body: '{}' })).status).toBe(400);
  });

  it('error envelopes and field metrics never evict each other', async () => {
    await postEnvelope([errorEvent('the error a test waits for')]);
    // More metrics envelopes than the 200 envelopes kept of each kind.
    for (let n = 1; n <= 210; n += 1) await postEnvelope([pageView(trace(n), { lcp: n })]);
    const afterMetrics = await errorReports();
    expect(afterMetrics[0]?.raw).toContain('the error a test waits for');
    expect(afterMetrics).toHaveLength(201);
    // The error reports list everything that arrived, newest last, transactions too (searched for secrets).
    expect(afterMetrics[200]?.items[0]?.header.type).toBe('transaction');

    for (let n = 1; n <= 210; n += 1) await postEnvelope([errorEvent(`error ${n}`)]);
    expect((await fieldMetrics()).pageViews).toHaveLength(210);
    const afterErrors = await errorReports();
    expect(afterErrors).toHaveLength(400);
    expect(afterErrors.filter((e) => e.items[0]?.header.type === 'event')).toHaveLength(200);
    expect(afterErrors[afterErrors.length - 1]?.raw).toContain('error 210');
  });

  it('DELETE forgets the field metrics (204), not the error reports', async () => {
    await postEnvelope([pageView(trace(1), { lcp: 1000 }), attempt(trace(2), {}, { outcome: 500 })]);
    await postEnvelope([errorEvent('kept')]);
    const res = await c.request('DELETE', '/demo/field-metrics');
    expect(res.status).toBe(204);
    expect(await fieldMetrics()).toEqual({
      pageViews: [],
      paymentAttempts: [],
      aggregate: { pageViews: 0, paymentAttempts: 0, pages: [], payments: [] },
    });
    expect((await errorReports()).map((e) => e.raw).join('\n')).toContain('kept');
  });
});

describe('/demo/vitals', () => {
  it('with nothing received, says so and how to get some', async () => {
    const res = await c.get('/demo/vitals');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.text).toMatch(/^<!doctype html><html lang="sv">/);
    expect(res.text).toContain('Inga mätningar ännu / <span lang="en">No measurements yet</span>');
    expect(res.text).toContain('öppna en butik');
    expect(res.text).not.toContain('<svg');
    expect(res.text).not.toContain('/demo/field-metrics/clear');
  });

  it('draws each shop and page kind: page views, the p75 with its rating, the shares as text and as a bar', async () => {
    await postEnvelope([
      pageView(trace(1), { lcp: 1234.4, inp: 120, cls: 0.02 }),
      pageView(trace(2), { lcp: 2000, inp: 350, cls: 0.2 }),
      pageView(trace(3), { lcp: 5200, inp: 80, cls: 0.01 }),
      pageView(trace(4), { lcp: 2600, inp: 140, cls: 0.005 }),
      pageView(trace(5), { lcp: 900 }, { 'page.kind': 'cardPayment', shop: '' }),
    ]);
    const page = await vitalsPage();
    expect(page).toContain('Baserat på 5 sidvisningar och 0 betalförsök');
    expect(page).toContain('<h3>Butik: cafe</h3>');
    expect(page).toContain('<h3>Butik: –</h3>');
    expect(page).toMatch(/store\s*<span class="muted">· 4 sidvisningar<\/span>/);
    // LCP 900, 1234.4, 2000, 2600, 5200 → p75 (rank 3 of 4, cafe/store: 1234.4, 2000, 2600, 5200) is 2600.
    expect(page).toContain(`2${NBSP}600${NBSP}ms<br /><strong class="needsImprovement"`);
    expect(page).toMatch(/<strong class="needsImprovement"\s*>behöver förbättras<\/strong/);
    expect(page).toContain(`50${NBSP}% bra`);
    expect(page).toContain(`25${NBSP}% behöver förbättras`);
    expect(page).toContain(`25${NBSP}% dålig`);
    expect(page).toContain('(4 värden)');
    // INP 80, 120, 140, 350 → 140, good; CLS 0.005, 0.01, 0.02, 0.2 → 0,02 with two decimals.
    expect(page).toContain(`140${NBSP}ms<br /><strong class="good"`);
    expect(page).toContain('0,02<br /><strong class="good"');
    // The shop with one page view and no INP or CLS.
    expect(page).toContain(`900${NBSP}ms`);
    expect(page).toContain('inga värden');
    // The bars: hidden from screen readers (the text says the same), one segment per rating present.
    expect(page).toMatch(/<svg\s+class="bar"[^>]*aria-hidden="true"/);
    expect(page).toContain('<rect x="0" y="0" width="50" height="16" fill="#1b6e3a" />');
    expect(page).toContain('<th scope="row"><abbr title="Largest Contentful Paint">LCP</abbr></th>');
    expect(page).toContain('<form method="post" action="/demo/field-metrics/clear">');
  });

  it('draws the payment funnel per shop and method: attempts, completed share, outcomes, median and p90', async () => {
    await postEnvelope([
      attempt(trace(1), {}, { started: 400, outcome: 9000, receipt: 9800 }),
      attempt(trace(2), {}, { started: 300, outcome: 7000, receipt: 7500 }),
      attempt(trace(3), { 'payment.outcome': 'declined' }, { started: 350, outcome: 4000 }),
      attempt(trace(4), { 'payment.outcome': 'error' }, { outcome: 600 }),
    ]);
    const page = await vitalsPage();
    expect(page).toContain('Baserat på 0 sidvisningar och 4 betalförsök');
    expect(page).toContain('Inga sidvisningar ännu.');
    expect(page).toMatch(/<th scope="row">swish<\/th>\s*<td>4<\/td>\s*<td>2 \(50\u00a0%\)<\/td>/);
    expect(page).toContain('2 genomförda · 1 nekad · 1 fel');
    // Started 300, 350, 400; outcome 600, 4000, 7000, 9000; receipt 7500, 9800.
    expect(page).toMatch(
      new RegExp(
        `median${NBSP}350${NBSP}ms<br />p90${NBSP}400${NBSP}ms<br /><span class="muted"\\s*>\\(3 försök\\)`,
      ),
    );
    expect(page).toContain(`median${NBSP}4${NBSP}000${NBSP}ms<br />p90${NBSP}9${NBSP}000${NBSP}ms`);
    expect(page).toContain(`median${NBSP}7${NBSP}500${NBSP}ms<br />p90${NBSP}9${NBSP}800${NBSP}ms`);
  });

  it('escapes hostile shop ids, page kinds and methods', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    await postEnvelope([
      pageView(trace(1), { lcp: 1000 }, { shop: hostile, 'page.kind': '<script>alert(1)</script>' }),
      attempt(trace(2), { shop: hostile, 'payment.method': '"><svg onload=alert(1)>' }, { outcome: 500 }),
    ]);
    const page = await vitalsPage();
    expect(page).not.toContain('<img src=x');
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<svg onload');
    expect(page).toContain('Butik: &lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('&quot;&gt;&lt;svg onload=alert(1)&gt;');
  });

  it('Töm forgets the field metrics and goes back to the page (303); not from another origin', async () => {
    await postEnvelope([pageView(trace(1), { lcp: 1000 })]);
    const refused = await c.request('POST', '/demo/field-metrics/clear', {
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-site' },
    });
    expect(refused.status).toBe(403);
    expect((await fieldMetrics()).pageViews).toHaveLength(1);

    const res = await c.form('/demo/field-metrics/clear', {});
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/demo/vitals');
    expect((await fieldMetrics()).pageViews).toEqual([]);
    expect((await c.get('/demo/vitals')).text).toContain('Inga mätningar ännu');
  });
});
