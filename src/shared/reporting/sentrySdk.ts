/**
 * The lazily loaded half of reporting: @sentry/browser with this app's options and scrubber. Only
 * `index.ts` imports it, dynamically, so none of it is in the initial bundle.
 */
import { captureException, init } from '@sentry/browser';
import type { ReportingClient, ReportingConfig } from './reporter';
import { sentryOptions } from './sentryOptions';

/**
 * Initialises Sentry (SPEC §8 options, see {@link sentryOptions}).
 *
 * @param config - DSN and release
 * @returns what the reporter sends errors to
 */
export function startSentry(config: ReportingConfig): ReportingClient {
  init(sentryOptions(config.dsn, config.release, config.typedCustomer));
  return { captureException };
}
