import type { BrowserOptions } from '@sentry/browser';
import { scrubEvent, type TypedCustomerInfo } from './scrubEvent';

/**
 * Errors that only say the network went away (SPEC §8): Chromium's, Safari's and Node's wording of a
 * fetch that got no answer. They are the customer's connection, not a bug. Anchored, because Sentry
 * matches a plain string anywhere in the message and would also drop 'Failed to fetch payment intent',
 * which §8 wants logged.
 */
export const IGNORED_ERRORS: readonly RegExp[] = [/^Failed to fetch$/, /^Load failed$/, /^fetch failed$/];

/**
 * The options `Sentry.init` gets (SPEC §8): release, environment 'production', no trace sampling (no
 * tracing integration and no `tracesSampleRate`), network failures ignored, and nothing personal
 * collected. Sentry 11 replaced `sendDefaultPii` by `dataCollection`; everything it would collect about
 * the visitor is switched off here, and `beforeSend` scrubs what the app itself attaches.
 *
 * @param dsn - the project DSN (reporting is off when it is empty, so it is never empty here)
 * @param release - the release name; '' leaves it unset
 * @param typedCustomer - what the customer has typed, read when each report is scrubbed
 * @returns the options object
 */
export function sentryOptions(
  dsn: string,
  release: string,
  typedCustomer: () => TypedCustomerInfo = () => ({}),
): BrowserOptions {
  return {
    dsn,
    release: release === '' ? undefined : release,
    environment: 'production',
    ignoreErrors: [...IGNORED_ERRORS],
    dataCollection: {
      userInfo: false, // no IP address inference, no user fields
      cookies: false,
      httpHeaders: { request: { allow: ['User-Agent'] }, response: false }, // Referer would carry query strings
      httpBodies: [],
      urlQueryParams: false,
    },
    // Keep the app's own errors as they are; the hostname is in the stack anyway.
    enhanceFetchErrorMessages: false,
    // Read at send time: the details as they are when the error happens, not when reporting started.
    beforeSend: (event) => scrubEvent(event, typedCustomer()),
    // Field metrics (issue 36) are transactions. Sentry gives them the page's breadcrumbs, whose navigations
    // and requests name receipts and payments: a field event carries its measurements and tags only.
    beforeSendTransaction: (event) => ({ ...scrubEvent(event, typedCustomer()), breadcrumbs: undefined }),
    // The lifecycle whose last hook is beforeSendTransaction. Sentry 11 defaults to span streaming, which the
    // app does not use (it sends its own transactions), and then warns on every measured page that the hook
    // above is ignored.
    traceLifecycle: 'static',
  };
}
