/**
 * Issue 39 §4, one language per sentence: what a payment provider reports (Stripe.js's `decline_code` or
 * `code`, or the outcome the session carries: Swish's MSS codes, Viva's, Stripe's) in our own words, in the
 * page's language. The provider's own sentence (Stripe's English "Your card was declined.") and its code are
 * never shown: a code we do not know reads as the provider's general failure text.
 */

/** The translation key for each known outcome code. */
const KNOWN = {
  // A card the bank refused (Stripe's code and its usual decline codes; Viva's outcome).
  card_declined: 'paymentErrors.cardDeclined',
  generic_decline: 'paymentErrors.cardDeclined',
  do_not_honor: 'paymentErrors.cardDeclined',
  DECLINED: 'paymentErrors.cardDeclined',
  insufficient_funds: 'paymentErrors.insufficientFunds',
  expired_card: 'paymentErrors.expiredCard',
  incorrect_number: 'paymentErrors.incorrectNumber',
  invalid_number: 'paymentErrors.incorrectNumber',
  incorrect_cvc: 'paymentErrors.incorrectCvc',
  invalid_cvc: 'paymentErrors.incorrectCvc',
  // 3-D Secure not passed.
  payment_intent_authentication_failure: 'paymentErrors.authenticationFailed',
  authentication_required: 'paymentErrors.authenticationFailed',
  processing_error: 'paymentErrors.processingError',
  // Swish (MSS codes): declined by the payer; not answered in time.
  RF07: 'paymentErrors.swishDeclined',
  TM01: 'paymentErrors.swishTimedOut',
  // Our server cancelled a payment whose reservation ran out.
  EXPIRED: 'paymentErrors.expired',
} as const;

/**
 * Viva's declines as the session carries them, `DECLINED (eventId)` (the event id of its failure URL): the
 * ids with words of their own; any other reads as a declined card.
 */
const VIVA_DECLINE = /^DECLINED \((\d+)\)$/;
const VIVA_EVENTS: Readonly<Record<string, (typeof KNOWN)[keyof typeof KNOWN]>> = {
  '10051': KNOWN.insufficient_funds,
  '10054': KNOWN.expired_card,
};

/** A sentence of ours for a provider's outcome (a key of translations/*.json). */
type ProviderErrorKey =
  (typeof KNOWN)[keyof typeof KNOWN] | 'paymentErrors.cardFailed' | 'paymentMethods.swish.failed';

/**
 * @param code - the provider's code (never shown), possibly empty
 * @param provider - which panel shows it: a card's or Swish's (Viva's outcomes read as Swish's panel does)
 * @returns the translation key of the sentence to show
 */
export function providerErrorKey(
  code: string | null | undefined,
  provider: 'swish' | 'stripe',
): ProviderErrorKey {
  const known =
    code && Object.prototype.hasOwnProperty.call(KNOWN, code) ? KNOWN[code as keyof typeof KNOWN] : undefined;
  const vivaEvent = code ? VIVA_DECLINE.exec(code)?.[1] : undefined; // digits only: never a prototype key
  const vivaKey = vivaEvent === undefined ? undefined : (VIVA_EVENTS[vivaEvent] ?? KNOWN.DECLINED);
  return (
    known ?? vivaKey ?? (provider === 'stripe' ? 'paymentErrors.cardFailed' : 'paymentMethods.swish.failed')
  );
}
