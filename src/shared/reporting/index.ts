/**
 * Error reporting (SPEC §8, DESIGN rule 7): @sentry/browser is loaded after first paint, only when a DSN
 * is configured, and every report is scrubbed of customer contact details.
 */
import { afterFirstPaint, createReporter, type ReportContext, type ReportingConfig } from './reporter';

export type { ReportContext, ReportingConfig } from './reporter';

const reporter = createReporter({
  // The SDK, its options and the scrubber are one chunk, loaded after first paint.
  loadClient: (config) =>
    import(/* webpackChunkName: "sentry" */ './sentrySdk').then((module) => module.startSentry(config)),
  schedule: afterFirstPaint,
});

/**
 * Starts loading the reporting SDK once the page has painted; an empty DSN turns reporting off.
 *
 * @param config - the DSN and release from the build configuration, and where to read what the customer
 *   typed (removed from every report)
 */
export function initReporting(config: ReportingConfig): void {
  reporter.init(config);
}

/**
 * Reports an error to the error-reporting service, now or once it has loaded.
 *
 * @param error - what was thrown
 * @param context - plain, non-personal facts that help debugging
 */
export function reportError(error: unknown, context?: ReportContext): void {
  reporter.report(error, context);
}
