import { pageViewEvent, paymentEvent, type PageFacts } from '../../../src/shared/reporting/fieldEvents';
import { resolveDsn, SAMPLED_KEY, tabSampled } from '../../../src/shared/reporting/fieldSampling';
import { memoryStorage } from '../../helpers/memoryStorage';

const FACTS: PageFacts = {
  kind: 'receipt',
  shop: 'cafe',
  render: 'plain',
  lang: 'se',
  device: 'phone',
  connection: null,
};

describe('issue 36 field events', () => {
  it('a page view is a pageload transaction with its vitals as measurements and its facts as tags', () => {
    const event = pageViewEvent(
      'f'.repeat(32),
      1_000_000,
      FACTS,
      {
        LCP: { value: 1234.4, target: 'main>img.hero', url: 'https://img.example/a.jpg?sig=secret' },
        INP: { value: 88, target: 'button.add', type: 'pointer' },
        CLS: { value: 0.0123, target: 'div.cards' },
        TTFB: { value: 120 },
      },
      1_004_000,
    );
    expect(event).toEqual(
      expect.objectContaining({
        type: 'transaction',
        transaction: 'receipt',
        start_timestamp: 1000,
        timestamp: 1004,
        measurements: {
          lcp: { value: 1234, unit: 'millisecond' },
          inp: { value: 88, unit: 'millisecond' },
          cls: { value: 0.0123, unit: '' },
          ttfb: { value: 120, unit: 'millisecond' },
        },
        tags: { 'page.kind': 'receipt', shop: 'cafe', render: 'plain', lang: 'se', device: 'phone' },
      }),
    );
    expect(event.contexts?.trace).toEqual(
      expect.objectContaining({
        trace_id: 'f'.repeat(32),
        op: 'pageload',
        span_id: expect.stringMatching(/^[0-9a-f]{16}$/),
      }),
    );
    expect(event.contexts?.vitals).toEqual({
      lcpTarget: 'main>img.hero',
      lcpUrl: 'https://img.example/a.jpg',
      inpTarget: 'button.add',
      inpType: 'pointer',
      clsTarget: 'div.cards',
    });
  });

  it("no receipt or payment id leaves with a page view: the address is the page's kind", () => {
    const event = pageViewEvent('f'.repeat(32), 0, FACTS, { FCP: { value: 1 } }, 1);
    expect(event.request).toEqual({ url: '/receipt' });
  });

  it('a selector that names contact details loses them', () => {
    const event = pageViewEvent(
      'f'.repeat(32),
      0,
      FACTS,
      { INP: { value: 1, target: '#anna@example.com>button', type: 'pointer' } },
      1,
    );
    expect(JSON.stringify(event)).not.toContain('anna@example.com');
  });

  it('a payment attempt is a payment transaction with the time from Pay to each milestone it reached', () => {
    const event = paymentEvent(
      {
        id: 'a'.repeat(32),
        method: 'swish',
        payAt: 10_000,
        startedAt: 10_420,
        outcome: 'completed',
        outcomeAt: 19_000,
        receiptAt: 19_800,
      },
      FACTS,
    );
    expect(event).toEqual(
      expect.objectContaining({
        type: 'transaction',
        transaction: 'payment',
        start_timestamp: 10,
        timestamp: 19.8,
        tags: {
          shop: 'cafe',
          'payment.method': 'swish',
          'payment.outcome': 'completed',
          lang: 'se',
          device: 'phone',
        },
        measurements: {
          'payment.started': { value: 420, unit: 'millisecond' },
          'payment.outcome': { value: 9000, unit: 'millisecond' },
          'payment.receipt': { value: 9800, unit: 'millisecond' },
        },
      }),
    );
    const refused = paymentEvent(
      {
        id: 'a'.repeat(32),
        method: 'card',
        payAt: 0,
        startedAt: null,
        outcome: 'error',
        outcomeAt: 300,
        receiptAt: null,
      },
      { ...FACTS, shop: null },
    );
    expect(refused.measurements).toEqual({ 'payment.outcome': { value: 300, unit: 'millisecond' } });
    expect(refused.tags).not.toHaveProperty('shop');
  });
});

describe('issue 36 sampling', () => {
  it('a tab is measured at the build’s share, drawn once and kept for the whole visit', () => {
    const storage = memoryStorage();
    expect(tabSampled(0.1, storage, () => 0.05)).toBe(true);
    expect(storage.getItem(SAMPLED_KEY)).toBe('1');
    // The next page view of the tab keeps the draw, whatever the dice say now.
    expect(tabSampled(0.1, storage, () => 0.99)).toBe(true);
    const other = memoryStorage();
    expect(tabSampled(0.1, other, () => 0.1)).toBe(false);
    expect(tabSampled(0.1, other, () => 0)).toBe(false);
  });

  it('rate 0 (or no number) measures no tab, even one drawn before', () => {
    const storage = memoryStorage();
    storage.setItem(SAMPLED_KEY, '1');
    expect(tabSampled(0, storage, () => 0)).toBe(false);
    expect(tabSampled(Number('ten per cent'), memoryStorage(), () => 0)).toBe(false);
  });

  it('the demo’s DSN “self” is the page’s own origin', () => {
    expect(resolveDsn('self', 'http://127.0.0.1:8080')).toBe('http://demo@127.0.0.1:8080/1');
    expect(resolveDsn('https://k@o1.ingest.example/5', 'http://x')).toBe('https://k@o1.ingest.example/5');
  });
});
