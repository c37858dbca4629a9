/**
 * The lazily loaded half of reporting: @sentry/browser with this app's options and scrubber. Only
 * `index.ts` imports it, dynamically, so none of it is in the initial bundle.
 */
import { captureEvent, captureException, init } from '@sentry/browser';
import type { ReportingClient, ReportingConfig } from './reporter';

/** Where a test names the share of tabs measured; the app's is the build's SENTRY_TRACES_SAMPLE_RATE. */
type SentryConfig = ReportingConfig & { tracesSampleRate?: number };
import { resolveDsn, tabSampled } from './fieldSampling';
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
 * Initialises Sentry (SPEC §8 options, see {@link sentryOptions}) and, in a tab drawn to measure them, starts
 * the field metrics (issue 36), best effort: a tab whose field-metrics chunk fails to load is not measured.
 *
 * @param config - DSN, release, the share of tabs measured and how to start the field metrics
 * @returns what the reporter sends errors to
 */
export function startSentry(config: SentryConfig): ReportingClient & { measured: boolean } {
  init(sentryOptions(resolveDsn(config.dsn, window.location.origin), config.release, config.typedCustomer));
  // The share of tabs measured is read here, in this lazy chunk, rather than in shared/config.ts: the page's
  // first load does not need it.
  const rate = config.tracesSampleRate ?? Number(process.env.SENTRY_TRACES_SAMPLE_RATE ?? 0.1);
  const measured = tabSampled(rate, sessionStore());
  // Field events are scrubbed, and leave without breadcrumbs, by sentryOptions' beforeSendTransaction.
  if (measured) config.fieldMetrics?.(captureEvent).catch(() => undefined);
  return { captureException, measured };
}
