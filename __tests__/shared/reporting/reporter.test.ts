import * as Sentry from '@sentry/browser';
import {
  MAX_QUEUED_REPORTS,
  createReporter,
  type ReportingClient,
  type ReportingConfig,
} from '../../../src/shared/reporting/reporter';
import { NetworkError } from '../../../src/shared/api';
import { scrubEvent } from '../../../src/shared/reporting/scrubEvent';
import { startSentry } from '../../../src/shared/reporting/sentrySdk';
import { pageViewEvent, type PageFacts } from '../../../src/shared/reporting/fieldEvents';
import type { SendEvent } from '../../../src/shared/reporting/reporter';
import { IGNORED_ERRORS, sentryOptions } from '../../../src/shared/reporting/sentryOptions';

/** A page whose selector happens to carry the customer's typed name (a class made from it). */
const FACTS_WITH_NAME: PageFacts = {
  kind: 'store',
  shop: 'cafe',
  render: 'hydrated',
  lang: 'se',
  device: 'phone',
  connection: null,
};

/** An envelope as the transport receives it: [headers, items]. */
type Envelope = unknown[];
const mockSentEnvelopes: Envelope[] = [];

// The real SDK, whose transport records envelopes instead of posting them.
jest.mock('@sentry/browser', () => {
  const actual = jest.requireActual<typeof Sentry>('@sentry/browser');
  return {
    ...actual,
    init: (options: Sentry.BrowserOptions) =>
      actual.init({
        ...options,
        transport: () => ({
          send: (envelope: unknown) => {
            mockSentEnvelopes.push(envelope as Envelope);
            return Promise.resolve({});
          },
          flush: () => Promise.resolve(true),
        }),
      }),
  };
});

function fakeClient() {
  return { captureException: jest.fn(() => 'event-id') };
}

/** A reporter whose scheduled loading runs when the test says so. */
function setup(
  client: ReportingClient = fakeClient(),
  load?: (config: ReportingConfig) => Promise<ReportingClient>,
) {
  const tasks: Array<() => void> = [];
  const loadClient = jest.fn(load ?? (() => Promise.resolve(client)));
  const reporter = createReporter({ loadClient, schedule: (task) => tasks.push(task) });
  const runScheduled = async () => {
    for (const task of tasks.splice(0)) task();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { reporter, loadClient, runScheduled, sdk: client as ReturnType<typeof fakeClient> };
}

describe('createReporter', () => {
  it('loads nothing until the page has painted, then starts the SDK with the DSN and release', async () => {
    const { reporter, loadClient, runScheduled } = setup();
    reporter.init({ dsn: 'https://key@errors.example/1', release: '1.2.3' });
    expect(loadClient).not.toHaveBeenCalled();
    await runScheduled();
    expect(loadClient).toHaveBeenCalledTimes(1);
    expect(loadClient).toHaveBeenCalledWith({ dsn: 'https://key@errors.example/1', release: '1.2.3' });
  });

  it('queues reports made before the SDK has loaded and sends them, with their context, once it has', async () => {
    const { reporter, runScheduled, sdk } = setup();
    const early = new Error('early');
    reporter.report(early, { area: 'integration' });
    reporter.init({ dsn: 'https://key@errors.example/1', release: '' });
    expect(sdk.captureException).not.toHaveBeenCalled();
    await runScheduled();
    expect(sdk.captureException).toHaveBeenCalledWith(early, {
      contexts: { details: { area: 'integration' } },
    });
    const late = new Error('late');
    reporter.report(late);
    expect(sdk.captureException).toHaveBeenLastCalledWith(late, undefined);
  });

  it("§8 a failed call's answer text (NetworkError detail) goes with the report, also from a cause", async () => {
    const { reporter, runScheduled, sdk } = setup();
    reporter.init({ dsn: 'https://key@errors.example/1', release: '' });
    await runScheduled();
    const failed = new NetworkError('HTTP 502', { status: 502, detail: 'GET /a answered 502: <html>' });
    reporter.report(failed, { area: 'cart' });
    expect(sdk.captureException).toHaveBeenLastCalledWith(failed, {
      contexts: { details: { area: 'cart' }, response: { detail: 'GET /a answered 502: <html>' } },
    });
    const wrapped = new Error('Failed to fetch payment intent', {
      cause: new NetworkError('INTERNAL_ERROR', { status: 500, detail: 'GET /b answered 500: {}' }),
    });
    reporter.report(wrapped);
    expect(sdk.captureException).toHaveBeenLastCalledWith(wrapped, {
      contexts: { response: { detail: 'GET /b answered 500: {}' } },
    });
  });

  it('reports the same error object once (an error page that renders again)', async () => {
    const { reporter, runScheduled, sdk } = setup();
    reporter.init({ dsn: 'https://key@errors.example/1', release: '' });
    await runScheduled();
    const error = new Error('once');
    reporter.report(error);
    reporter.report(error);
    expect(sdk.captureException).toHaveBeenCalledTimes(1);
  });

  it('is off without a DSN: nothing is loaded and queued reports are dropped', async () => {
    const { reporter, loadClient, runScheduled, sdk } = setup();
    reporter.report(new Error('before'));
    reporter.init({ dsn: '', release: '' });
    reporter.report(new Error('after'));
    await runScheduled();
    expect(loadClient).not.toHaveBeenCalled();
    expect(sdk.captureException).not.toHaveBeenCalled();
  });

  it('keeps at most MAX_QUEUED_REPORTS while loading', async () => {
    const { reporter, runScheduled, sdk } = setup();
    for (let i = 0; i < MAX_QUEUED_REPORTS + 10; i += 1) reporter.report(new Error(`e${i}`));
    reporter.init({ dsn: 'https://key@errors.example/1', release: '' });
    await runScheduled();
    expect(sdk.captureException).toHaveBeenCalledTimes(MAX_QUEUED_REPORTS);
  });

  it('lets the app work on when the SDK cannot be loaded', async () => {
    const { reporter, runScheduled } = setup(fakeClient(), () =>
      Promise.reject(new Error('Loading chunk sentry failed')),
    );
    reporter.init({ dsn: 'https://key@errors.example/1', release: '' });
    await expect(runScheduled()).resolves.toBeUndefined();
    expect(() => reporter.report(new Error('after'))).not.toThrow();
  });

  it('initialises once', async () => {
    const { reporter, loadClient, runScheduled } = setup();
    reporter.init({ dsn: 'https://key@errors.example/1', release: '' });
    reporter.init({ dsn: 'https://key@errors.example/1', release: '' });
    await runScheduled();
    expect(loadClient).toHaveBeenCalledTimes(1);
  });
});

describe('createReporter: field metrics (issue 36)', () => {
  it('load nothing without a DSN', async () => {
    const { reporter, loadClient, runScheduled } = setup();
    const fieldMetrics = jest.fn(() => Promise.resolve());
    reporter.init({ dsn: '', release: '', fieldMetrics });
    await runScheduled();
    expect(loadClient).not.toHaveBeenCalled();
    expect(fieldMetrics).not.toHaveBeenCalled();
  });
});

describe('sentryOptions (SPEC §8)', () => {
  const options = sentryOptions('https://key@errors.example/1', 'abc123');

  it('reports as production with the release', () => {
    expect(options.environment).toBe('production');
    expect(options.release).toBe('abc123');
    expect(sentryOptions('https://key@errors.example/1', '').release).toBeUndefined();
  });

  it('samples no traces and adds no tracing integration', () => {
    expect(options.tracesSampleRate).toBeUndefined();
    expect(options.tracesSampler).toBeUndefined();
    expect(options.integrations).toBeUndefined();
  });

  it("ignores exactly 'Failed to fetch', 'Load failed' and 'fetch failed' (§8), not messages that start so", () => {
    expect(options.ignoreErrors).toEqual(IGNORED_ERRORS);
    const ignored = (message: string) => IGNORED_ERRORS.some((pattern) => pattern.test(message));
    expect(['Failed to fetch', 'Load failed', 'fetch failed'].filter(ignored)).toHaveLength(3);
    expect(ignored('Failed to fetch payment intent')).toBe(false);
    expect(ignored('Load failed: receipt')).toBe(false);
    expect(ignored('Sync: fetch failed twice')).toBe(false);
  });

  it('collects nothing personal (Sentry 11 dataCollection, the successor of sendDefaultPii: false)', () => {
    expect(options.dataCollection).toEqual(
      expect.objectContaining({ userInfo: false, cookies: false, urlQueryParams: false, httpBodies: [] }),
    );
  });

  it("beforeSend scrubs with the customer's details as they are when the report leaves", () => {
    let typed = { name: '' };
    const { beforeSend } = sentryOptions('https://key@errors.example/1', '', () => typed);
    const event = (): Sentry.ErrorEvent => ({
      type: undefined,
      exception: { values: [{ type: 'NetworkError', value: 'Payment failed for Ada Lovelace <a@b.se>' }] },
    });
    const scrub = (e: Sentry.ErrorEvent) =>
      (beforeSend?.(e, {}) as Sentry.ErrorEvent).exception?.values?.[0]?.value;
    expect(scrub(event())).toBe('Payment failed for Ada Lovelace <[Filtered]>');
    typed = { name: 'Ada Lovelace' };
    expect(scrub(event())).toBe('Payment failed for [Filtered] <[Filtered]>');
    expect(scrub(event())).toBe(scrubEvent(event(), typed).exception?.values?.[0]?.value);
  });
});

describe('with the real @sentry/browser', () => {
  const sent = mockSentEnvelopes;

  // Each test starts its own client: the one before is closed, so their state cannot mix.
  afterEach(async () => {
    await Sentry.close();
  });

  it("sends a thrown error scrubbed and drops 'Failed to fetch'", async () => {
    const { reporter, runScheduled } = setup(undefined, (config) => Promise.resolve(startSentry(config)));
    reporter.init({ dsn: 'https://key@errors.example/1', release: 'r1' });
    await runScheduled();

    const networkDown = new TypeError('Failed to fetch');
    reporter.report(networkDown);
    reporter.report(new Error('Render failed for anna@example.com at 0701234567'), { area: 'route' });
    await Sentry.flush(2000);

    const events = sent
      .flatMap((envelope) =>
        (envelope[1] as Array<[{ type: string }, unknown]>).filter(([header]) => header.type === 'event'),
      )
      .map(([, payload]) => payload as Sentry.ErrorEvent);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event?.exception?.values?.[0]?.value).toBe('Render failed for [Filtered] at [Filtered]');
    expect(event?.environment).toBe('production');
    expect(event?.release).toBe('r1');
    expect(event?.contexts?.details).toEqual({ area: 'route' });
    expect(JSON.stringify(sent)).not.toContain('Failed to fetch');
  });

  it("a sent report echoing the customer's name and address in its text and detail carries neither", async () => {
    sent.length = 0;
    const { reporter, runScheduled } = setup(undefined, (config) => Promise.resolve(startSentry(config)));
    reporter.init({
      dsn: 'https://key@errors.example/1',
      release: 'r1',
      typedCustomer: () => ({ name: 'Ada Lovelace', address: 'Storgatan 12B', city: 'Stockholm' }),
    });
    await runScheduled();

    // As the API edge throws it: a short message, the answer text in `detail` (sent as a context).
    const detail = 'getPaymentIntent answered 500: no intent for Lovelace, Ada (Storgatan 12B, Stockholm)';
    reporter.report(new NetworkError('Payment failed for Ada Lovelace', { status: 500, code: null, detail }));
    await Sentry.flush(2000);

    const everything = JSON.stringify(sent);
    for (const secret of ['Ada', 'Lovelace', 'Storgatan', 'Stockholm'])
      expect(everything).not.toContain(secret);
    expect(everything).toContain('Payment failed for [Filtered]');
    expect(everything).toContain('no intent for [Filtered], [Filtered] ([Filtered], [Filtered])');
  });

  it('issue 36 a measured tab starts the field metrics, whose events leave as transactions, scrubbed, without breadcrumbs', async () => {
    sent.length = 0;
    window.sessionStorage.clear();
    let send: SendEvent | null = null;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = startSentry({
      dsn: 'https://key@errors.example/1',
      release: 'r1',
      tracesSampleRate: 1,
      typedCustomer: () => ({ name: 'Ada Lovelace' }),
      fieldMetrics: (given) => {
        send = given;
        return Promise.resolve();
      },
    });
    expect(client.measured).toBe(true);
    // The SDK keeps the hook that scrubs them, and says nothing to the page's console about it.
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
    // The page's breadcrumbs name receipts: a field event leaves without them.
    Sentry.addBreadcrumb({ category: 'navigation', data: { from: '/cafe/cart', to: '/cafe/receipt/R-77' } });
    (send as SendEvent | null)?.(
      pageViewEvent('f'.repeat(32), 0, FACTS_WITH_NAME, { LCP: { value: 900, target: 'p.Lovelace' } }, 1000),
    );
    await Sentry.flush(2000);
    const transactions = sent.flatMap((envelope) =>
      (envelope[1] as Array<[{ type: string }, unknown]>).filter(([header]) => header.type === 'transaction'),
    );
    expect(transactions).toHaveLength(1);
    expect(transactions[0]?.[1]).toEqual(
      expect.objectContaining({ measurements: { lcp: { value: 900, unit: 'millisecond' } } }),
    );
    expect(JSON.stringify(sent)).not.toContain('Lovelace');
    expect(JSON.stringify(sent)).not.toContain('R-77');
  });

  it('issue 36 a tab drawn out (or rate 0) loads no field metrics', () => {
    window.sessionStorage.clear();
    const fieldMetrics = jest.fn(() => Promise.resolve());
    const client = startSentry({
      dsn: 'https://key@errors.example/1',
      release: '',
      tracesSampleRate: 0,
      fieldMetrics,
    });
    expect(client.measured).toBe(false);
    expect(fieldMetrics).not.toHaveBeenCalled();
  });

  it('issue 36 a field-metrics chunk that cannot load leaves error reporting working', async () => {
    sent.length = 0;
    window.sessionStorage.clear();
    const { reporter, runScheduled } = setup(undefined, (config) =>
      Promise.resolve(startSentry({ ...config, tracesSampleRate: 1 })),
    );
    reporter.init({
      dsn: 'https://key@errors.example/1',
      release: 'r1',
      fieldMetrics: () => Promise.reject(new Error('Loading chunk vitals failed')),
    });
    await runScheduled();
    reporter.report(new Error('later'));
    await Sentry.flush(2000);
    expect(JSON.stringify(sent)).toContain('later');
  });

  it("§8 reports 'Failed to fetch payment intent' (logged) while dropping a bare 'Failed to fetch'", async () => {
    sent.length = 0;
    const { reporter, runScheduled } = setup(undefined, (config) => Promise.resolve(startSentry(config)));
    reporter.init({ dsn: 'https://key@errors.example/1', release: 'r1' });
    await runScheduled();

    // As the card payment page reports it: the failed fetch is the cause.
    const networkDown = new TypeError('Failed to fetch');
    reporter.report(new Error('Failed to fetch payment intent', { cause: networkDown }));
    reporter.report(new TypeError('Failed to fetch'));
    reporter.report(new TypeError('Load failed'));
    await Sentry.flush(2000);

    const values = sent
      .flatMap((envelope) =>
        (envelope[1] as Array<[{ type: string }, unknown]>).filter(([header]) => header.type === 'event'),
      )
      .map(([, payload]) => (payload as Sentry.ErrorEvent).exception?.values?.at(-1)?.value);
    expect(values).toEqual(['Failed to fetch payment intent']);
  });
});
