/**
 * The simulator timings of `npm start`, read from the environment. Kept apart from main.ts (which starts a
 * server when imported) so the parsing is testable.
 */
import { DEFAULT_RESERVATION_MS } from './demoApi';
import type { DemoDelays } from './demoContext';
import type { RateLimitRule, RateLimits } from './http/rateLimits';

/** A whole number from `env[name]`, `fallback` when unset or empty; throws a readable error otherwise. */
export function wholeNumberFromEnv(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  min = 0,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min)
    throw new Error(`${name} must be a whole number of at least ${min}, got "${raw}"`);
  return value;
}

/**
 * SWISH_DELAY_MS (4000), SWISH_AUTO_COMPLETE (true unless 'false') and RESERVATION_MS (10 minutes; at least
 * 1, since 0 would expire every payment before anyone could pay it).
 */
export function delaysFromEnv(env: Record<string, string | undefined>): DemoDelays {
  return {
    swishMs: wholeNumberFromEnv(env, 'SWISH_DELAY_MS', 4000),
    autoComplete: env.SWISH_AUTO_COMPLETE !== 'false',
    reservationMs: wholeNumberFromEnv(env, 'RESERVATION_MS', DEFAULT_RESERVATION_MS, 1),
  };
}

/** The environment variable of each rate limit (http/rateLimits.ts has the defaults and says why). */
export const RATE_LIMIT_ENV: Record<RateLimitRule, string> = {
  receiptEmailsPerSession: 'RATE_LIMIT_EMAILS_PER_SESSION',
  receiptEmailsPerReceipt: 'RATE_LIMIT_EMAILS_PER_RECEIPT',
  paymentStartsPerSession: 'RATE_LIMIT_STARTS_PER_SESSION',
  swishRequestsPerPhone: 'RATE_LIMIT_SWISH_PER_PHONE',
  cartWritesPerSession: 'RATE_LIMIT_CART_WRITES_PER_SESSION',
};

/**
 * RATE_LIMIT_* as `max/seconds` (e.g. RATE_LIMIT_SWISH_PER_PHONE=5/600: five per ten minutes); a rule whose
 * variable is unset or empty keeps its default. Both numbers are whole and at least 1.
 */
export function rateLimitsFromEnv(env: Record<string, string | undefined>): Partial<RateLimits> {
  const limits: Partial<RateLimits> = {};
  for (const [rule, name] of Object.entries(RATE_LIMIT_ENV) as [RateLimitRule, string][]) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const match = /^(\d+)\/(\d+)$/.exec(raw.trim());
    const max = Number(match?.[1]);
    const seconds = Number(match?.[2]);
    if (!match || !Number.isSafeInteger(max) || !Number.isSafeInteger(seconds) || max < 1 || seconds < 1)
      throw new Error(
        `${name} must be "max/seconds" with whole numbers of at least 1, e.g. "5/600", got "${raw}"`,
      );
    limits[rule] = { max, windowMs: seconds * 1000 };
  }
  return limits;
}
