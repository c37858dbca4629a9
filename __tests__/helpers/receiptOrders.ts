/**
 * Random receipts in wire shape for the §9 property tests: products with extras (some counted more than once,
 * some at their own VAT rate), random quantities and sizes, lines paid from an open tab, percentage and fixed
 * discounts, in a Swedish (SEK) or a Finnish (EUR) shop. Names are short words, so no rendering wraps them.
 */
import fc from 'fast-check';
import type { ReceiptResponse, WireReceiptProduct } from '../../src/contract';
import { receiptTotals } from '../../src/domain/receipt';

const TITLES = ['Cappuccino', 'Kanelbulle', 'Te', 'Smörgås', 'Äppelcider', 'Soppa', 'Kahvi'];
const EXTRAS = ['Vaniljsirap', 'Sojadryck', 'Havredryck', 'Extra shot', 'Grädde', 'Ost'];
const RATES = { SEK: [6, 12, 25], EUR: [0, 10, 14, 25.5] } as const;

function product(currency: 'SEK' | 'EUR', id: string): fc.Arbitrary<WireReceiptProduct> {
  const rate = fc.constantFrom(...RATES[currency]);
  return fc.record({
    id: fc.constant(id),
    title: fc.constantFrom(...TITLES),
    count: fc.integer({ min: 1, max: 12 }),
    price: fc.integer({ min: 0, max: 30_000 }),
    // Mostly whole items; a half or a double size makes quantities like 1,5.
    sizeOfItem: fc.constantFrom(1, 1, 1, 2, 0.5),
    description: fc.option(fc.constantFrom('Extra varm', 'Utan lök', 'Bord 7'), { nil: null }),
    tax: rate,
    discount: fc.option(
      fc.oneof(
        fc.record({
          type: fc.constant('PERCENTAGE'),
          amount: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constant(12.5)),
        }),
        fc.record({ type: fc.constant('FIXED'), amount: fc.integer({ min: 0, max: 40_000 }) }),
      ),
      { nil: null },
    ),
    deviations: fc
      .array(
        fc.record(
          {
            name: fc.constantFrom(...EXTRAS),
            // A missing count means 1 (§3).
            count: fc.integer({ min: 1, max: 3 }),
            price: fc.integer({ min: 0, max: 2_000 }),
            tax: rate,
          },
          { requiredKeys: ['name', 'price', 'tax'] },
        ),
        { maxLength: 3 },
      )
      .map((extras) => extras.map((extra, i) => ({ id: `${id}-d${i}`, ...extra }))),
  });
}

/** Lines of the cart, then lines paid from an open tab (the demo's receipt lists them alike, in that order). */
function products(currency: 'SEK' | 'EUR'): fc.Arbitrary<WireReceiptProduct[]> {
  const lines = (prefix: string, maxLength: number) =>
    fc
      .integer({ min: 0, max: maxLength })
      .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => product(currency, `${prefix}${i}`))));
  return fc
    .tuple(lines('cart-', 4), lines('tab-', 2))
    .map(([cart, tab]) => [...cart, ...tab])
    .filter((all) => all.length > 0);
}

/** A paid receipt: its payment is the receipt's total (§9). */
export const receiptOrders: fc.Arbitrary<ReceiptResponse> = fc
  .constantFrom('SEK' as const, 'EUR' as const)
  .chain((currency) =>
    fc.record({
      currency: fc.constant(currency),
      products: products(currency),
      paymentType: fc.constantFrom('SWISH_TRADE', 'VIVA_WALLET_WEB', 'STRIPE'),
    }),
  )
  .map(({ currency, products: lines, paymentType }) => ({
    id: 'r1',
    receiptId: 'R-0001',
    name: currency === 'EUR' ? 'Kahvila Oy' : 'Café AB',
    organizationnumber: '556677-8899',
    street: 'Gatan 1',
    postalcode: '111 22',
    city: 'Stockholm',
    phone: '08-123 45 67',
    currency,
    products: lines,
    paymentMethods: [{ id: 'pay1', type: paymentType, amount: receiptTotals(lines).total }],
    dateCreated: '2026-11-21T10:15:00.000Z',
    cashRegisterLabel: 'Kassa 1',
    controlUnitSerial: 'CU-123',
    controlUnitResponse: 'ABCDEF123',
  }));
