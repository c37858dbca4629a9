/**
 * Which tabs measure field metrics (issue 36): a share of them, set when building
 * (`SENTRY_TRACES_SAMPLE_RATE`: 10 % in production, all of them in the demo). Drawn once per tab and kept
 * in its session storage, so a customer's whole visit is measured or none of it: a payment that leaves for
 * a provider's page and comes back is one attempt, not half of one.
 */

/** The session-storage key of this tab's draw: '1' measured, '0' not. */
export const SAMPLED_KEY = 'fieldMetrics.sampled';

/**
 * Whether this tab measures field metrics, drawn on its first page view.
 *
 * @param rate - the share of tabs measured, 0 … 1 (0: none, anything not a number: none)
 * @param storage - the tab's session storage (a stand-in where the browser refuses it)
 * @param random - a number in [0, 1)
 */
export function tabSampled(
  rate: number,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  random: () => number = Math.random,
): boolean {
  if (!(rate > 0)) return false;
  let drawn = storage.getItem(SAMPLED_KEY);
  if (drawn !== '1' && drawn !== '0') {
    drawn = random() < rate ? '1' : '0';
    storage.setItem(SAMPLED_KEY, drawn);
  }
  return drawn === '1';
}

/**
 * The DSN reports go to. `self` (the demo build's default) is this page's own origin, where the demo
 * server collects them (`/api/1/envelope/`).
 *
 * @param dsn - the build's SENTRY_DSN
 * @param origin - the page's origin
 */
export function resolveDsn(dsn: string, origin: string): string {
  if (dsn !== 'self') return dsn;
  const { protocol, host } = new URL(origin);
  return `${protocol}//demo@${host}/1`;
}
