import type { PaymentIntentResult, Stripe, StripeCardElement, StripeElements } from '@stripe/stripe-js';

/** Stripe's locale for each of the shop's languages ('se' is Swedish here, see DESIGN: Intl). */
export const STRIPE_LOCALE = { se: 'sv', en: 'en', fi: 'fi' } as const;

/**
 * How a card confirmation ended (DESIGN rule 6: Stripe objects stay here and in the panel). A failure keeps
 * Stripe's code (its `decline_code`, else its `code`), which the page puts in its own words (issue 39,
 * providerErrors.ts); Stripe's own sentence is not kept, as it may be in another language than the page's.
 */
export type CardOutcome = { kind: 'succeeded' } | { kind: 'failed'; code: string | null };

/** The code of a Stripe.js error: the bank's reason when there is one, else Stripe's. */
const codeOf = (error: { code?: string; decline_code?: string }) => error.decline_code ?? error.code ?? null;

/**
 * Loads a script once (the demo's Stripe.js double; @stripe/stripe-js reuses an existing window.Stripe). A
 * script that failed is removed, so the next attempt (Try again, back online) requests it anew instead of
 * waiting on the failed one forever.
 */
function loadScript(src: string): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>(`script[data-stripe-js="${CSS.escape(src)}"]`);
  if (existing?.dataset.loaded) return Promise.resolve();
  const script = existing ?? document.createElement('script');
  const loaded = new Promise<void>((resolve, reject) => {
    script.addEventListener('load', () => {
      script.dataset.loaded = '1';
      resolve();
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error('Stripe.js failed to load'));
    });
  });
  if (!existing) {
    script.src = src;
    script.async = true;
    script.dataset.stripeJs = src;
    document.head.appendChild(script);
  }
  return loaded;
}

/**
 * Loads Stripe for a connected account (§2: the card provider script is loaded with the connected
 * account id of the payment method). Only called when a card panel opens, so Stripe is not in the shop's
 * initial load. `scriptUrl` is the demo's Stripe.js double; '' loads Stripe's own.
 */
export async function loadStripeFor(
  publishableKey: string,
  stripeAccount: string | null,
  scriptUrl: string,
  locale: 'sv' | 'en' | 'fi',
): Promise<Stripe | null> {
  if (scriptUrl) await loadScript(scriptUrl);
  const { loadStripe } = await import(/* webpackChunkName: "stripe" */ '@stripe/stripe-js/pure');
  return loadStripe(publishableKey, { ...(stripeAccount ? { stripeAccount } : {}), locale });
}

/**
 * §4 card payment, after the Pay handler has submitted the elements (Stripe wants `elements.submit()` before
 * any other async work): confirm without redirect; when the bank asks for authentication (requires_action),
 * confirm again through Stripe's next-action step; the outcome then comes from polling.
 */
export async function confirmCard(
  stripe: Stripe,
  elements: StripeElements,
  clientSecret: string,
): Promise<CardOutcome> {
  const first = await stripe.confirmPayment({ elements, clientSecret, redirect: 'if_required' });
  return outcomeAfterConfirm(stripe, clientSecret, first);
}

/**
 * What a confirmation's answer means: failed with Stripe's message, succeeded, or (requires_action) the
 * outcome of Stripe's next-action step (3-D Secure), where a card sent back for another one has failed.
 */
async function outcomeAfterConfirm(
  stripe: Stripe,
  clientSecret: string,
  first: PaymentIntentResult,
): Promise<CardOutcome> {
  if (first.error) return { kind: 'failed', code: codeOf(first.error) };
  if (first.paymentIntent.status !== 'requires_action') return { kind: 'succeeded' };
  const second = await stripe.handleNextAction({ clientSecret });
  if (second.error) return { kind: 'failed', code: codeOf(second.error) };
  // Sent back for another card: the authentication was not passed.
  return second.paymentIntent?.status === 'requires_payment_method'
    ? { kind: 'failed', code: 'payment_intent_authentication_failure' }
    : { kind: 'succeeded' };
}

/**
 * The card payment page (§2): confirm the intent with the card element; an authentication step
 * (requires_action) is confirmed again through Stripe's next-action step.
 */
export async function confirmCardElement(
  stripe: Stripe,
  card: StripeCardElement,
  clientSecret: string,
): Promise<CardOutcome> {
  const first = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
  return outcomeAfterConfirm(stripe, clientSecret, first);
}
