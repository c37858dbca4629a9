import { cartFingerprint } from '../../src/domain/cart';

// Issue 9 "pay exactly what is shown": the page and the server must compute the same fingerprint for the
// same cart, and a different one for any change the customer would pay for.
const semla = { productId: 'semla', count: 1, deviations: ['d2', 'd1'], description: '' };
const latte = { productId: 'latte', count: 2, deviations: [], description: null };
const base = {
  lines: [semla, latte],
  tabItems: [{ id: 't1', count: 1 }],
  total: { amount: 10500, currency: 'SEK' },
};

describe('cartFingerprint', () => {
  test('the same cart gives the same fingerprint whatever the order of lines, extras and tab items', () => {
    const reordered = {
      lines: [
        { productId: 'latte', count: 2, deviations: [], description: undefined },
        { productId: 'semla', count: 1, deviations: ['d1', 'd2'], description: null },
      ],
      tabItems: [
        { id: 't0', count: 0 },
        { id: 't1', count: 1 },
      ],
      total: { amount: 10500, currency: 'SEK' },
    };
    expect(cartFingerprint(reordered)).toBe(cartFingerprint(base));
  });

  test('starts with the currency and total the customer saw', () => {
    expect(cartFingerprint(base)).toMatch(/^SEK:10500:[0-9a-f]{8}$/);
  });

  test.each([
    ['a count', { lines: [{ ...semla, count: 2 }, latte] }],
    ['an extra', { lines: [{ ...semla, deviations: ['d1'] }, latte] }],
    ['a note', { lines: [{ ...semla, description: 'no nuts' }, latte] }],
    ['a line removed', { lines: [semla] }],
    ['a tab selection', { tabItems: [{ id: 't1', count: 2 }] }],
    ['the total', { total: { amount: 7000, currency: 'SEK' } }],
    ['the currency', { total: { amount: 10500, currency: 'EUR' } }],
  ])('any change the customer pays for changes the fingerprint: %s', (_what, change) => {
    expect(cartFingerprint({ ...base, ...change })).not.toBe(cartFingerprint(base));
  });
});
