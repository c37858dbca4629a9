/**
 * Money rules of SPEC §3 and §9: integer minor units plus a currency, sv-SE formatting, SEK by default and
 * EUR for Finland.
 */
import type { Country, Currency, Money } from './types';
import { memoized } from './memoized';

/**
 * Rounds to the nearest integer, halves away from zero, after trimming binary noise (4500 × 1.1 is
 * 4950.000000000001 in floating point). Never returns -0. Shared by money and receipt maths (§9).
 */
export function roundMinorUnits(value: number): number {
  const cleaned = Number(Math.abs(value).toPrecision(15));
  const rounded = Math.sign(value) * Math.round(cleaned);
  return rounded + 0; // + 0 turns -0 into 0
}

/** Makes a §3 Money of `amount` minor units; currency defaults to SEK (§9). -0 is stored as 0. */
export function money(amount: number, currency: Currency = 'SEK'): Money {
  return { amount: amount + 0, currency };
}

/** Zero in the given currency (§3). */
export function zero(currency: Currency): Money {
  return { amount: 0, currency };
}

function assertSameCurrency(a: Currency, b: Currency): void {
  if (a !== b) throw new Error('Currencies do not match');
}

/** Adds two amounts; different currencies fail with 'Currencies do not match' (§5). */
export function addMoney(a: Money, b: Money): Money {
  assertSameCurrency(a.currency, b.currency);
  return money(a.amount + b.amount, a.currency);
}

/** Multiplies an amount by `factor`, rounded to whole minor units (halves away from zero) (§3). */
export function multiplyMoney(m: Money, factor: number): Money {
  return money(roundMinorUnits(m.amount * factor), m.currency);
}

/** Sums amounts in `currency` (empty list gives zero); any other currency fails as in §5. */
export function sumMoney(items: Money[], currency: Currency): Money {
  return items.reduce<Money>((total, item) => addMoney(total, item), zero(currency));
}

/** Every amount is formatted in this locale, whatever the page's language (SPEC §9). */
export const MONEY_LOCALE = 'sv-SE';

const formatters = new Map<Currency, Intl.NumberFormat>();

function formatterFor(currency: Currency): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat(MONEY_LOCALE, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/**
 * Formats as sv-SE with two decimals (§9): non-breaking spaces become normal spaces and the Unicode minus
 * becomes '-', e.g. 123456 SEK → '1 234,56 kr', -500 SEK → '-5,00 kr', 250 EUR → '2,50 €'. Remembered per
 * currency and amount (a shop shows each distinct price many times: cards, lines, totals), for every distinct
 * price of a big shop.
 */
export const formatMoney: (m: Money) => string = memoized(
  (m: Money) =>
    formatterFor(m.currency)
      .format(m.amount / 100 + 0)
      .replace(/[\u00A0\u202F]/g, ' ')
      .replace(/\u2212/g, '-'),
  (m) => `${m.currency}${m.amount}`,
  5000,
);

/** The shop's currency (§9): an explicit currency wins, else EUR for FINLAND, else SEK. */
export function defaultCurrency(country: Country | null | undefined, currency?: Currency | null): Currency {
  if (currency) return currency;
  return country === 'FINLAND' ? 'EUR' : 'SEK';
}
