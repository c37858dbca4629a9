/**
 * The lazily loaded half of reporting: @sentry/browser with this app's options and scrubber. Only
 * `index.ts` imports it, dynamically, so none of it is in the initial bundle.
 */
import { captureEvent, captureException, init } from '@sentry/browser';
import type { ReportingClient, ReportingConfig } from './reporter';

/** Where a test names the share of tabs measured; the app's is the build's SENTRY_TRACES_SAMPLE_RATE. */
type SentryConfig = ReportingConfig & { tracesSampleRate?: number };
import { resolveDsn, tabSampled } from './fieldSampling';
import { scrubEvent } from './scrubEvent';
import { sentryOptions } from './sentryOptions';

/** This tab's session storage, or none where the browser refuses it (the tab is then not measured). */
function sessionStore(): Pick<Storage, 'getItem' | 'setItem'> {
  try {
    return window.sessionStorage;
  } catch {
    return { getItem: () => '0', setItem: () => undefined };
  }
}

/**
 * Initialises Sentry (SPEC §8 options, see {@link sentryOptions}) and draws whether this tab measures field
 * metrics (issue 36).
 *
 * @param config - DSN, release and the share of tabs measured
 * @returns what the reporter sends errors and field metrics to
 */
export function startSentry(config: SentryConfig): ReportingClient {
  init(sentryOptions(resolveDsn(config.dsn, window.location.origin), config.release, config.typedCustomer));
  // The share of tabs measured is read here, in this lazy chunk, rather than in shared/config.ts: the page's
  // first load does not need it.
  const rate = config.tracesSampleRate ?? Number(process.env.SENTRY_TRACES_SAMPLE_RATE ?? 0.1);
  return {
    captureException,
    // Field events are built by the app from closed vocabularies; they are scrubbed as errors are anyway.
    captureEvent: (event) => void captureEvent(scrubEvent(event, config.typedCustomer?.())),
    measured: tabSampled(rate, sessionStore()),
  };
}
