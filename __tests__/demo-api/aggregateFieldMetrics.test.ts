/** Field metrics (issue 36): how the collector merges page views and payment attempts and sums them up. */
import {
  VITAL_THRESHOLDS,
  addFieldMetricsEvent,
  aggregateFieldMetrics,
  emptyFieldMetrics,
  nearestRankPercentile,
  rateVital,
} from '../../src/demo-api/fieldMetrics/aggregateFieldMetrics';

const TRACE_A = 'a'.repeat(32);
const TRACE_B = 'b'.repeat(32);

/** A page view event as the browser sends it; `measurements` in plain numbers (CLS unitless, others ms). */
function pageView(
  traceId: string,
  measurements: Record<string, number>,
  tags: Record<string, string> = {},
  vitals: Record<string, string> = {},
): Record<string, unknown> {
  return {
    type: 'transaction',
    transaction: tags['page.kind'] ?? 'store',
    start_timestamp: 1764250000.123,
    timestamp: 1764250004.5,
    contexts: { trace: { trace_id: traceId, span_id: '1'.repeat(16), op: 'pageload' }, vitals },
    tags: { 'page.kind': 'store', shop: 'cafe', render: 'hydrated', lang: 'se', device: 'phone', ...tags },
    measurements: Object.fromEntries(
      Object.entries(measurements).map(([name, value]) => [
        name,
        { value, unit: name === 'cls' ? '' : 'millisecond' },
      ]),
    ),
  };
}

/** A payment attempt event; `durations` by the measurement's name after `payment.`. */
function attempt(
  traceId: string,
  tags: Record<string, string>,
  durations: Record<string, number> = {},
): Record<string, unknown> {
  return {
    type: 'transaction',
    transaction: 'payment',
    start_timestamp: 1764250000,
    timestamp: 1764250010,
    contexts: { trace: { trace_id: traceId, span_id: '2'.repeat(16), op: 'payment' } },
    tags: { shop: 'cafe', 'payment.method': 'swish', 'payment.outcome': 'completed', lang: 'se', ...tags },
    measurements: Object.fromEntries(
      Object.entries(durations).map(([name, value]) => [`payment.${name}`, { value, unit: 'millisecond' }]),
    ),
  };
}

/** A distinct trace id per number. */
function trace(n: number): string {
  return n.toString(16).padStart(32, '0');
}

describe('percentiles are nearest-rank: the value at rank ⌈p·n⌉ of the sorted values', () => {
  it('p75 of 1, 2, 3, 4 is 3, whatever their order', () => {
    expect(nearestRankPercentile([1, 2, 3, 4], 0.75)).toBe(3);
    expect(nearestRankPercentile([4, 1, 3, 2], 0.75)).toBe(3);
  });

  it('the percentile of one value is that value; of none, null', () => {
    expect(nearestRankPercentile([1234.5], 0.75)).toBe(1234.5);
    expect(nearestRankPercentile([1234.5], 0.5)).toBe(1234.5);
    expect(nearestRankPercentile([], 0.75)).toBeNull();
  });

  it('the median of an even count is the lower middle value; p90 of 1…10 is 9', () => {
    expect(nearestRankPercentile([10, 40, 20, 30], 0.5)).toBe(20);
    expect(nearestRankPercentile([3, 1, 2], 0.5)).toBe(2);
    const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(nearestRankPercentile(upTo(10), 0.9)).toBe(9);
    // 0.07 · 100 is 7.000000000000001 in floating point: still rank 7.
    expect(nearestRankPercentile(upTo(100), 0.07)).toBe(7);
    expect(nearestRankPercentile(upTo(5), 1)).toBe(5);
  });

  it('does not reorder the values it is given', () => {
    const values = [3, 1, 2];
    nearestRankPercentile(values, 0.75);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("ratings use Google's thresholds: good up to the first, poor above the second", () => {
  it('LCP: 2500 ms is good, 2501 needs improvement, 4000 needs improvement, 4001 poor', () => {
    expect(VITAL_THRESHOLDS.lcp).toEqual({ good: 2500, poor: 4000 });
    expect(rateVital('lcp', 2500)).toBe('good');
    expect(rateVital('lcp', 2501)).toBe('needsImprovement');
    expect(rateVital('lcp', 4000)).toBe('needsImprovement');
    expect(rateVital('lcp', 4001)).toBe('poor');
  });

  it('CLS: 0.1 is good, 0.11 needs improvement, 0.25 needs improvement, 0.26 poor', () => {
    expect(rateVital('cls', 0)).toBe('good');
    expect(rateVital('cls', 0.1)).toBe('good');
    expect(rateVital('cls', 0.11)).toBe('needsImprovement');
    expect(rateVital('cls', 0.25)).toBe('needsImprovement');
    expect(rateVital('cls', 0.26)).toBe('poor');
  });

  it('INP 200/500, FCP 1800/3000 and TTFB 800/1800 ms', () => {
    expect(VITAL_THRESHOLDS).toMatchObject({
      inp: { good: 200, poor: 500 },
      fcp: { good: 1800, poor: 3000 },
      ttfb: { good: 800, poor: 1800 },
    });
    for (const [vital, good, poor] of [
      ['inp', 200, 500],
      ['fcp', 1800, 3000],
      ['ttfb', 800, 1800],
    ] as const) {
      expect([good, good + 1, poor, poor + 1].map((v) => rateVital(vital, v))).toEqual([
        'good',
        'needsImprovement',
        'needsImprovement',
        'poor',
      ]);
    }
  });

  it('a group counts its values per rating and rates its p75', () => {
    const summary = aggregateFieldMetrics(
      [1000, 2500, 2501, 3000, 4001].map((lcp, i) => pageView(trace(i + 1), { lcp })),
    );
    expect(summary.pages[0]?.vitals.lcp).toEqual({
      count: 5,
      p75: 3000, // rank ⌈0.75 · 5⌉ = 4
      p75Rating: 'needsImprovement',
      good: 2,
      needsImprovement: 2,
      poor: 1,
    });
    expect(summary.pages[0]?.vitals.inp).toEqual({
      count: 0,
      p75: null,
      p75Rating: null,
      good: 0,
      needsImprovement: 0,
      poor: 0,
    });
  });
});

describe("one page view's several events merge: each metric's latest value wins, and it counts once", () => {
  it('later events replace the metrics they send and keep the others; tags come from the latest', () => {
    const records = emptyFieldMetrics();
    addFieldMetricsEvent(
      records,
      pageView(
        TRACE_A,
        { lcp: 1200, fcp: 800, ttfb: 300, cls: 0.01 },
        { connection: '4g' },
        {
          lcpTarget: 'main>img.hero',
        },
      ),
    );
    addFieldMetricsEvent(records, pageView(TRACE_A, { inp: 120, cls: 0.05 }, { render: 'redrawn' }, {}));
    addFieldMetricsEvent(
      records,
      pageView(TRACE_A, { inp: 350, cls: 0.3 }, { render: 'redrawn' }, { inpTarget: 'button.add' }),
    );
    expect([...records.pageViews.values()]).toEqual([
      {
        traceId: TRACE_A,
        kind: 'store',
        shop: 'cafe',
        render: 'redrawn',
        lang: 'se',
        device: 'phone',
        connection: null,
        metrics: { lcp: 1200, fcp: 800, ttfb: 300, inp: 350, cls: 0.3 },
        attribution: { lcpTarget: 'main>img.hero', inpTarget: 'button.add' },
        events: 3,
      },
    ]);
  });

  it('the merged page view counts once in its group, with its latest values', () => {
    const summary = aggregateFieldMetrics([
      pageView(TRACE_A, { lcp: 1200, cls: 0.01 }),
      pageView(TRACE_B, { lcp: 5000 }),
      pageView(TRACE_A, { cls: 0.3 }),
    ]);
    expect(summary.pageViews).toBe(2);
    expect(summary.pages).toHaveLength(1);
    expect(summary.pages[0]).toMatchObject({ shop: 'cafe', kind: 'store', pageViews: 2 });
    expect(summary.pages[0]?.vitals.cls).toMatchObject({ count: 1, p75: 0.3, poor: 1 });
    expect(summary.pages[0]?.vitals.lcp).toMatchObject({ count: 2, good: 1, poor: 1 });
  });

  it('page views group per (shop, page kind); no shop is a group of its own, sorted last', () => {
    const summary = aggregateFieldMetrics([
      pageView(trace(1), { lcp: 1 }, { 'page.kind': 'cart' }),
      pageView(trace(2), { lcp: 1 }, { 'page.kind': 'store', shop: 'restaurant' }),
      pageView(trace(3), { lcp: 1 }, { 'page.kind': 'store' }),
      pageView(trace(4), { lcp: 1 }, { 'page.kind': 'cardPayment', shop: '' }),
      pageView(trace(5), { lcp: 1 }, { 'page.kind': 'aNewKind' }),
      pageView(trace(6), { lcp: 1 }, { 'page.kind': 'cart' }),
    ]);
    expect(summary.pages.map((g) => [g.shop, g.kind, g.pageViews])).toEqual([
      ['cafe', 'store', 1],
      ['cafe', 'cart', 2],
      ['cafe', 'aNewKind', 1],
      ['restaurant', 'store', 1],
      [null, 'cardPayment', 1],
    ]);
  });

  it('beyond the number kept, the page view heard of least recently is dropped', () => {
    const records = emptyFieldMetrics();
    for (const n of [1, 2, 3]) addFieldMetricsEvent(records, pageView(trace(n), { lcp: n }), 3);
    addFieldMetricsEvent(records, pageView(trace(1), { inp: 10 }), 3); // 1 is the newest now
    addFieldMetricsEvent(records, pageView(trace(4), { lcp: 4 }), 3);
    expect([...records.pageViews.keys()]).toEqual([trace(3), trace(1), trace(4)]);
  });
});

describe('malformed payloads are ignored, never thrown on', () => {
  it('anything that is no page view or payment event of the expected form adds nothing', () => {
    const good = pageView(TRACE_A, { lcp: 1000 });
    const malformed: unknown[] = [
      null,
      undefined,
      42,
      'transaction',
      [good],
      {},
      { ...good, type: 'event' },
      { ...good, contexts: null },
      { ...good, contexts: { trace: { ...(good.contexts as { trace: object }).trace, trace_id: 'xyz' } } },
      { ...good, contexts: { trace: { trace_id: TRACE_B, op: 'navigation' } } },
      { ...good, contexts: { trace: { trace_id: TRACE_B } } },
      { ...good, contexts: { trace: { trace_id: 12345, op: 'pageload' } } },
      // No page kind at all.
      { ...good, transaction: 7, tags: { shop: 'cafe' } },
      // A payment with an unknown outcome, or without a method.
      attempt(TRACE_B, { 'payment.outcome': 'maybe' }),
      attempt(TRACE_B, { 'payment.method': '' }),
      // Inherited fields are not its own.
      Object.create(good) as unknown,
    ];
    const records = emptyFieldMetrics();
    for (const payload of malformed) expect(addFieldMetricsEvent(records, payload)).toBe(false);
    expect(records.pageViews.size).toBe(0);
    expect(records.paymentAttempts.size).toBe(0);
    expect(aggregateFieldMetrics(malformed)).toEqual({
      pageViews: 0,
      paymentAttempts: 0,
      pages: [],
      payments: [],
    });
  });

  it('a bad measurement is left out; the rest of the event counts', () => {
    const event = pageView(TRACE_A, { lcp: 1000 });
    event.measurements = {
      lcp: { value: 1000, unit: 'millisecond' },
      fcp: { value: -5, unit: 'millisecond' },
      ttfb: { value: '300', unit: 'millisecond' },
      inp: { value: 2, unit: 'second' },
      cls: { value: Number.NaN, unit: '' },
    };
    const records = emptyFieldMetrics();
    expect(addFieldMetricsEvent(records, event)).toBe(true);
    expect(records.pageViews.get(TRACE_A)?.metrics).toEqual({ lcp: 1000 });
    // A measurement without a unit is taken in the expected one; absurd values are none.
    event.measurements = {
      lcp: { value: 900 },
      inp: { value: 1e300, unit: 'millisecond' },
      cls: { value: 0.2 },
    };
    addFieldMetricsEvent(records, event);
    expect(records.pageViews.get(TRACE_A)?.metrics).toEqual({ lcp: 900, cls: 0.2 });
  });

  it('hostile texts are kept as text, cut short, without control or bidi characters', () => {
    const records = emptyFieldMetrics();
    addFieldMetricsEvent(
      records,
      pageView(
        TRACE_A.toUpperCase(),
        { lcp: 1 },
        {
          shop: '<img src=x onerror=alert(1)>',
          'page.kind': `store\u202e\u0000${'x'.repeat(200)}`,
          device: 42 as unknown as string,
        },
      ),
    );
    const view = records.pageViews.get(TRACE_A);
    expect(view?.shop).toBe('<img src=x onerror=alert(1)>');
    expect(view?.kind).toBe(`store${'x'.repeat(59)}`);
    expect(view?.device).toBeNull();
  });
});

describe('the payment funnel per (shop, method): outcomes, completed share, median and p90 of each duration', () => {
  it('counts outcomes and takes the median and p90 over the attempts that have each duration', () => {
    const summary = aggregateFieldMetrics([
      attempt(trace(1), {}, { started: 400, outcome: 9000, receipt: 9800 }),
      attempt(trace(2), {}, { started: 300, outcome: 7000, receipt: 7500 }),
      attempt(trace(3), {}, { started: 500, outcome: 8000, receipt: 8600 }),
      attempt(trace(4), { 'payment.outcome': 'declined' }, { started: 350, outcome: 4000 }),
      // A start refused never started.
      attempt(trace(5), { 'payment.outcome': 'error' }, { outcome: 600 }),
      attempt(trace(6), { 'payment.method': 'stripe', 'payment.outcome': 'timedOut' }, { outcome: 60000 }),
      attempt(
        trace(7),
        { shop: 'kahvila', 'payment.outcome': 'cancelled' },
        { started: 900, outcome: 20000 },
      ),
    ]);
    expect(summary.paymentAttempts).toBe(7);
    expect(summary.payments.map((g) => [g.shop, g.method, g.attempts])).toEqual([
      ['cafe', 'stripe', 1],
      ['cafe', 'swish', 5],
      ['kahvila', 'swish', 1],
    ]);
    expect(summary.payments[1]).toEqual({
      shop: 'cafe',
      method: 'swish',
      attempts: 5,
      outcomes: { completed: 3, declined: 1, cancelled: 0, timedOut: 0, error: 1 },
      completedShare: 0.6,
      durations: {
        // 300, 350, 400, 500: the median is the lower middle one.
        started: { count: 4, median: 350, p90: 500 },
        // 600, 4000, 7000, 8000, 9000
        outcome: { count: 5, median: 7000, p90: 9000 },
        // 7500, 8600, 9800
        receipt: { count: 3, median: 8600, p90: 9800 },
      },
    });
    expect(summary.payments[0]?.durations.started).toEqual({ count: 0, median: null, p90: null });
  });

  it('an attempt sent twice counts once, as its latest event says', () => {
    const summary = aggregateFieldMetrics([
      attempt(TRACE_A, { 'payment.outcome': 'error' }, { started: 400, outcome: 900 }),
      attempt(TRACE_A, {}, { started: 400, outcome: 9000, receipt: 9500 }),
    ]);
    expect(summary.payments).toHaveLength(1);
    expect(summary.payments[0]).toMatchObject({
      attempts: 1,
      completedShare: 1,
      outcomes: { completed: 1, error: 0 },
      durations: { outcome: { count: 1, median: 9000, p90: 9000 } },
    });
  });
});
