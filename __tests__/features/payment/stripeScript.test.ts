/**
 * Issue 34: a network blip while the card is chosen must not leave checkout stuck. The demo's Stripe.js
 * script that failed to load is removed, so the next attempt (Try again, back online, the card chosen again)
 * requests it anew instead of waiting for events the failed element will never send again.
 */
import { loadStripeFor } from '../../../src/features/payment/providers/stripe';

const SRC = '/demo/stripe/v3.js';
const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[data-stripe-js]')];

test('issue 34: a Stripe.js script that failed is requested anew by the next attempt', async () => {
  const first = loadStripeFor('pk_test', 'acct_1', SRC, 'sv');
  const [failed] = scripts();
  failed?.dispatchEvent(new Event('error'));
  await expect(first).rejects.toThrow('Stripe.js failed to load');
  expect(scripts()).toEqual([]);

  void loadStripeFor('pk_test', 'acct_1', SRC, 'sv').catch(() => undefined);
  const again = scripts();
  expect(again).toHaveLength(1);
  expect(again[0]).not.toBe(failed);
  expect(again[0]?.getAttribute('src')).toBe(SRC);
});
