import { formatMoney } from '../../domain/money';
import type { Money } from '../../domain/types';
import { space } from '../theme/tokens';

/*
 * How the app draws amounts (issue 35). Only screens loaded after the store's first one use this module (the
 * first screen writes the hook itself), so none of it weighs on the initial load's budget.
 */

/**
 * One amount as the page draws it: §9's format in a `<span data-amount>`. The page's own stylesheet
 * (static/index.html) keeps every `[data-amount]` on one line (issue 35): never broken between its number and
 * its currency, nor inside its thousands ('1 229,00 kr' is never '1 229,00 / kr'), however large the text or
 * narrow the column; the text itself keeps §9's plain spaces. The attribute also tells an amount from the
 * text around it; a translation's `<strong data-amount>` is one too.
 * `sign` goes before the amount, inside: an extra's price is '+5,00 kr', a discount '-5,00 kr'.
 */
export function Amount({ value, sign = '' }: { value: Money; sign?: '+' | '-' | '' }) {
  return <span data-amount="">{sign + formatMoney(value)}</span>;
}

/** Stands in for the amount while the text around it is translated: a private-use character, in no text. */
const SLOT = '\uE000';

/**
 * A translated text with one amount in it ('Total: {{total}}'), the amount drawn as an Amount: the words are
 * the translation's, in its order, and only the amount is kept whole. `text` is the translation with its
 * amount given, e.g. `(amount) => t('product.total', { total: amount })`.
 */
export function AmountInText({ value, text }: { value: Money; text: (amount: string) => string }) {
  const [before = '', ...after] = text(SLOT).split(SLOT);
  if (after.length === 0) return <>{before}</>;
  return (
    <>
      {before}
      <Amount value={value} />
      {after.join(formatMoney(value))}
    </>
  );
}

/**
 * A label and then its amount (a sum, a receipt's row): on one row, the amount at the end, when both fit;
 * else the amount, whole, at the end of a row of its own under its label. Larger text never squeezes the two
 * side by side into "Amount to / pay" and "0,00 / kr" (issue 35).
 */
export const amountRowStyle = {
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  columnGap: space.md,
  '& > :last-child': { marginLeft: 'auto' },
} as const;
