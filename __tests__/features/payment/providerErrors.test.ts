/**
 * Issue 39 §4, one language per sentence: a provider's outcome reads in our own words (providerErrors.ts),
 * in each language, and never as its code.
 */
import en from '../../../translations/en.json';
import fi from '../../../translations/fi.json';
import se from '../../../translations/se.json';
import { providerErrorKey } from '../../../src/features/payment/providerErrors';

const lookup = (texts: object, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);

describe("issue 39 §4: a provider's outcome in our words", () => {
  it.each([
    ['card_declined', 'stripe', 'paymentErrors.cardDeclined'],
    ['insufficient_funds', 'stripe', 'paymentErrors.insufficientFunds'],
    ['RF07', 'swish', 'paymentErrors.swishDeclined'],
    ['TM01', 'swish', 'paymentErrors.swishTimedOut'],
    // Viva's decline as the session carries it: the event id of its failure URL picks the words.
    ['DECLINED (10051)', 'swish', 'paymentErrors.insufficientFunds'],
    ['DECLINED (10054)', 'swish', 'paymentErrors.expiredCard'],
    ['DECLINED (10005)', 'swish', 'paymentErrors.cardDeclined'],
    // Unknown outcomes read as the provider's general failure.
    ['DECLINED (constructor)', 'swish', 'paymentMethods.swish.failed'],
    ['boom', 'stripe', 'paymentErrors.cardFailed'],
    [null, 'swish', 'paymentMethods.swish.failed'],
  ] as const)('%s (%s) reads as %s', (code, provider, key) => {
    expect(providerErrorKey(code, provider)).toBe(key);
  });

  it('every sentence exists in se, en and fi, and none carries a code', () => {
    const codes = ['card_declined', 'expired_card', 'RF07', 'TM01', 'EXPIRED', 'DECLINED (10051)', 'x'];
    const keys = new Set(
      codes.flatMap((code) => [providerErrorKey(code, 'swish'), providerErrorKey(code, 'stripe')]),
    );
    for (const key of keys)
      for (const texts of [se, en, fi]) {
        const sentence = lookup(texts, key);
        expect(typeof sentence).toBe('string');
        expect(sentence).not.toMatch(/\b[A-Z]{2,}[0-9_]*\b|\d{4,}|_/);
      }
  });
});
