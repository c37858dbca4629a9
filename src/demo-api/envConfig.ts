/**
 * The simulator timings of `npm start`, read from the environment. Kept apart from main.ts (which starts a
 * server when imported) so the parsing is testable.
 */
import { DEFAULT_RESERVATION_MS } from './demoApi';
import type { DemoDelays } from './demoContext';

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
