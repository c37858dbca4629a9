import type * as SentryBrowser from '@sentry/browser';
import type { Event } from '@sentry/browser';
import type { TypedCustomerInfo } from './scrubEvent';

/** Hands a field-metrics event to the reporting SDK. */
export type SendEvent = (event: Event) => void;

/** The part of an initialised @sentry/browser the reporter uses (a test double needs only this). */
export type ReportingClient = Pick<typeof SentryBrowser, 'captureException'>;

/** Plain facts that help debugging, e.g. `{ bookkeeper: 'visma' }`; never customer data. */
export type ReportContext = Readonly<Record<string, string | number | boolean | null>>;

/** Where reports go; an empty DSN disables reporting. */
export interface ReportingConfig {
  dsn: string;
  release: string;
  /**
   * What the customer has typed into the details form, read each time a report is about to leave: a
   * server's error text may echo the name or address, and no pattern recognises a name, so the values
   * themselves are removed from the report's texts. The app reads them from its store.
   */
  typedCustomer?: () => TypedCustomerInfo;
  /**
   * Loads and starts the field metrics (their own chunk): the SDK's start calls it in the tabs that measure
   * them (sentrySdk.ts, issue 36).
   */
  fieldMetrics?: (send: SendEvent) => Promise<unknown>;
}

export interface ReporterOptions {
  /** Loads and initialises the SDK (a dynamic import, so it is its own chunk). */
  loadClient: (config: ReportingConfig) => Promise<ReportingClient>;
  /** Runs the loading once the page has painted and is idle. */
  schedule: (task: () => void) => void;
}

export interface Reporter {
  /**
   * Schedules loading the SDK; calling it again does nothing. With an empty DSN reporting is off: the
   * queue is dropped and nothing is loaded or sent.
   */
  init(config: ReportingConfig): void;
  /** Reports an error now, or once the SDK has loaded. The same error object is reported once. */
  report(error: unknown, context?: ReportContext): void;
}

/**
 * The `detail` of a failed call (the API edge's NetworkError keeps the answer text there, §8, while its
 * message stays short for customers), on the error or along its causes; Sentry would not send it by
 * itself. Duck-typed, so reporting does not pull in the API code.
 */
function failureDetail(error: unknown): string | null {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { detail, cause } = current as { detail?: unknown; cause?: unknown };
    if (typeof detail === 'string' && detail !== '') return detail;
    current = cause;
  }
  return null;
}

/** Errors kept while the SDK loads; a crash loop must not grow memory without bound. */
export const MAX_QUEUED_REPORTS = 30;

/**
 * Creates the error reporter: Sentry is loaded lazily after first paint, so the shop's first load neither
 * downloads nor runs it, and errors reported before then wait in a small queue.
 *
 * @param options - how to load the SDK and when
 * @returns the reporter
 */
export function createReporter({ loadClient, schedule }: ReporterOptions): Reporter {
  let enabled = true; // until init says otherwise, reports are kept for when the SDK arrives
  let client: ReportingClient | null = null;
  let started = false;
  const queue: Array<{ error: unknown; context: ReportContext | undefined }> = [];
  // A route error page renders (and reports) again when the visitor navigates within it.
  const reported = new WeakSet<object>();

  const send = (target: ReportingClient, error: unknown, context: ReportContext | undefined) => {
    const detail = failureDetail(error);
    const contexts = {
      ...(context ? { details: { ...context } } : {}),
      ...(detail === null ? {} : { response: { detail } }),
    };
    target.captureException(error, Object.keys(contexts).length > 0 ? { contexts } : undefined);
  };

  return {
    init(config) {
      if (started) return;
      started = true;
      if (config.dsn === '') {
        enabled = false;
        queue.length = 0;
        return;
      }
      schedule(() => {
        loadClient(config).then(
          (loaded) => {
            client = loaded;
            for (const { error, context } of queue.splice(0)) send(loaded, error, context);
          },
          () => {
            // Reporting is best effort: without the SDK (offline, blocked) the app works on.
            enabled = false;
            queue.length = 0;
          },
        );
      });
    },
    report(error, context) {
      if (!enabled) return;
      if (typeof error === 'object' && error !== null) {
        if (reported.has(error)) return;
        reported.add(error);
      }
      if (client) send(client, error, context);
      else if (queue.length < MAX_QUEUED_REPORTS) queue.push({ error, context });
    },
  };
}

/**
 * Runs `task` after the window's load event, when the browser is idle (or within 3 s at the latest),
 * so reporting never competes with the first paint.
 *
 * @param task - what to run
 */
export function afterFirstPaint(task: () => void): void {
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => task(), { timeout: 3000 });
    else window.setTimeout(task, 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
