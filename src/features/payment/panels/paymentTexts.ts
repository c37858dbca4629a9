import type { TFunction } from 'i18next';
import type { ErrorInfo } from '../../../domain/types';
import type { PaymentStatusName } from '../../paymentState';
import { RATE_LIMITED } from '../../../shared/api';
import { providerErrorKey } from '../providerErrors';

/**
 * The text for a payment that did not go through (§8): the customer sees why, in their language
 * (null where the cart page already says it).
 * Refusals made before any request carry a code of ours. Anything else is the provider's outcome (a declined
 * card's code, the session's Swish or Viva code) or a refusal our server named: known ones in our own words,
 * the rest as the provider's general failure, one language per sentence and never a code (issue 39).
 */
export function paymentErrorText(
  t: TFunction,
  provider: 'swish' | 'stripe',
  state: PaymentStatusName,
  error: ErrorInfo | null,
): string | null {
  if (state === 'CANCELLED') return t('paymentMethods.swish.cancelled');
  switch (error?.code) {
    case 'PHONE_REQUIRED':
      return t('paymentMethods.swish.phoneRequired');
    case 'CART_NOT_SAVED':
      // The header's status says it while the cart is unsaved, and goes once a retry saves it: one fact,
      // one place. A copy here stayed after the save (issue 24).
      return null;
    case 'CART_CHANGED':
      return t('paymentMethods.cartChanged');
    case 'NETWORK':
      return t('common.offline'); // no answer at all: the connection, not the payment
    case RATE_LIMITED:
      return t('error.tooManyAttempts'); // 429: too many starts for this session or this phone number
    case 'OUT_OF_STOCK':
      return null; // §8 the cart page says it once, under the payment section, with each line's stock
    case 'TAB_ITEM_BEING_PAID':
      return null; // §3 the cart page says it once, under the payment section, naming the lines
  }
  if (!error) return provider === 'stripe' ? t('paymentMethods.stripe.unknownError') : t('error.unknown');
  return t(providerErrorKey(error.message, provider));
}

/** States after which the customer may start again (§4: ERROR, FAILED and CANCELLED allow restart). */
export const canRestart = (state: PaymentStatusName) =>
  state === 'ERROR' || state === 'FAILED' || state === 'CANCELLED';
