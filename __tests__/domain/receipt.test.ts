import {
  deviationCount,
  lineGross,
  lineTax,
  lineTotal,
  receiptTotals,
  vatPart,
} from '../../src/domain/receipt';
import type { ReceiptDeviation, ReceiptProduct } from '../../src/domain/types';

function line(overrides: Partial<ReceiptProduct> = {}): ReceiptProduct {
  return {
    id: 'p1',
    title: 'Kaffe',
    count: 2,
    price: 4500,
    sizeOfItem: 1,
    description: '',
    tax: 12,
    discount: null,
    deviations: [],
    ...overrides,
  };
}

function extra(overrides: Partial<ReceiptDeviation> = {}): ReceiptDeviation {
  return { id: 'd1', name: 'Havremjölk', count: 1, price: 1000, tax: 25, ...overrides };
}

describe('§9 receipt line price before discount', () => {
  it('is price × count × sizeOfItem', () => {
    expect(lineGross(line())).toBe(9000);
    expect(lineGross(line({ count: 3, price: 3000, sizeOfItem: 0.5 }))).toBe(4500);
  });

  it('adds each extra price times its count to the unit price', () => {
    const withExtras = line({
      deviations: [extra({ price: 1000, count: 1 }), extra({ id: 'd2', price: 500, count: 3 })],
    });
    // (4500 + 1000 + 3 × 500) × 2
    expect(lineGross(withExtras)).toBe(14000);
  });

  it('counts an extra with a missing count once (§3 count default 1)', () => {
    expect(
      lineGross({ price: 4500, count: 2, sizeOfItem: 1, tax: 12, deviations: [{ price: 1000, tax: 25 }] }),
    ).toBe(11000);
    expect(deviationCount({})).toBe(1);
    expect(deviationCount({ count: null })).toBe(1);
  });

  it('keeps an explicit extra count of 0 (only a missing count means 1)', () => {
    expect(deviationCount({ count: 0 })).toBe(0);
    expect(lineGross(line({ deviations: [extra({ count: 0 })] }))).toBe(9000);
  });
});

describe('§9 receipt line price after discount', () => {
  it('equals the gross without a discount', () => {
    expect(lineTotal(line())).toBe(9000);
  });

  it('takes amount/100 off for a PERCENTAGE discount (10 means 10 %)', () => {
    expect(lineTotal(line({ discount: { type: 'PERCENTAGE', amount: 10 } }))).toBe(8100);
    expect(lineTotal(line({ discount: { type: 'PERCENTAGE', amount: 100 } }))).toBe(0);
  });

  it('subtracts a fixed amount in minor units for any other discount type', () => {
    expect(lineTotal(line({ discount: { type: 'FIXED', amount: 500 } }))).toBe(8500);
    expect(lineTotal(line({ discount: { type: 'AMOUNT', amount: 10 } }))).toBe(8990);
  });

  it('applies the discount to the whole line including extras', () => {
    const withExtra = line({ deviations: [extra()], discount: { type: 'PERCENTAGE', amount: 10 } });
    expect(lineTotal(withExtra)).toBe(9900); // 11000 − 10 %
  });

  it('never goes below 0', () => {
    expect(lineTotal(line({ discount: { type: 'FIXED', amount: 9000 } }))).toBe(0);
    expect(lineTotal(line({ discount: { type: 'FIXED', amount: 9001 } }))).toBe(0);
    expect(lineTotal(line({ discount: { type: 'PERCENTAGE', amount: 150 } }))).toBe(0);
  });

  it('rounds to whole minor units', () => {
    expect(lineTotal(line({ count: 1, price: 3333, sizeOfItem: 0.5 }))).toBe(1667); // 1666.5
    expect(lineTotal(line({ count: 1, price: 999, discount: { type: 'PERCENTAGE', amount: 10 } }))).toBe(899); // 899.1
  });
});

describe('§9 receipt line VAT', () => {
  it('is amount × (1 − 1/((tax + 100)/100))', () => {
    expect(vatPart(9000, 12)).toBeCloseTo(964.2857, 3);
    expect(lineTax(line())).toBeCloseTo(964.2857, 3);
  });

  it('is one fifth of the gross at 25 %', () => {
    expect(lineTax(line({ tax: 25, price: 10000 }))).toBeCloseTo(4000, 9);
  });

  it('is 0 at a 0 % rate', () => {
    expect(lineTax(line({ tax: 0 }))).toBe(0);
  });

  it('is taken from the amount after discount', () => {
    expect(lineTax(line({ discount: { type: 'PERCENTAGE', amount: 10 } }))).toBeCloseTo((8100 * 12) / 112, 6);
    expect(lineTax(line({ discount: { type: 'FIXED', amount: 500 } }))).toBeCloseTo((8500 * 12) / 112, 6);
    expect(lineTax(line({ discount: { type: 'FIXED', amount: 100000 } }))).toBe(0);
  });

  it('taxes an extra at its own rate', () => {
    // Product part 2 × 4500 at 12 %, extra part 2 × 1000 at 25 %.
    expect(lineTax(line({ deviations: [extra()] }))).toBeCloseTo((9000 * 12) / 112 + 2000 / 5, 6);
  });

  it('gives exactly the single-rate formula when the extras share the product rate', () => {
    const sameRate = line({ deviations: [extra({ tax: 12 })] });
    expect(lineTax(sameRate)).toBeCloseTo(vatPart(11000, 12), 9);
  });

  it('splits a discount between the product and its extras in proportion to their price', () => {
    const discounted = line({ deviations: [extra()], discount: { type: 'PERCENTAGE', amount: 10 } });
    // 9900 after discount: 8100 product part at 12 %, 1800 extra part at 25 %.
    expect(lineTax(discounted)).toBeCloseTo((8100 * 12) / 112 + 1800 / 5, 6);
  });
});

describe('§9 receipt totals', () => {
  it('sums 2 × 45,00 kr at 12 %: total 9000, VAT 964, net 8036', () => {
    expect(receiptTotals([line()])).toEqual({
      total: 9000,
      vat: 964,
      net: 8036,
      vatByRate: [{ rate: 12, vat: 964, net: 8036, gross: 9000 }],
    });
  });

  it('gives VAT of one fifth at 25 %', () => {
    expect(receiptTotals([line({ tax: 25, price: 10000 })])).toMatchObject({
      total: 20000,
      vat: 4000,
      net: 16000,
    });
  });

  it('applies a PERCENTAGE 10 discount and a fixed 500 discount', () => {
    expect(receiptTotals([line({ discount: { type: 'PERCENTAGE', amount: 10 } })])).toMatchObject({
      total: 8100,
      vat: 868, // 867.86
      net: 7232,
    });
    expect(receiptTotals([line({ discount: { type: 'FIXED', amount: 500 } })])).toMatchObject({
      total: 8500,
      vat: 911, // 910.71
      net: 7589,
    });
  });

  it('handles sizeOfItem 0.5', () => {
    expect(receiptTotals([line({ count: 3, price: 3000, sizeOfItem: 0.5 })])).toMatchObject({
      total: 4500,
      vat: 482, // 482.14
      net: 4018,
    });
  });

  it('reports VAT per rate when an extra at 25 % sits on a product at 12 %', () => {
    expect(receiptTotals([line({ deviations: [extra()] })])).toEqual({
      total: 11000,
      vat: 1364, // 964.29 + 400
      net: 9636,
      vatByRate: [
        { rate: 12, vat: 964, net: 8036, gross: 9000 },
        { rate: 25, vat: 400, net: 1600, gross: 2000 },
      ],
    });
  });

  it('sorts VAT rates ascending and groups lines of the same rate', () => {
    const totals = receiptTotals([
      line({ tax: 25, price: 1000, count: 1 }),
      line({ tax: 6, price: 10600, count: 1 }),
      line({ tax: 25, price: 1000, count: 1 }),
    ]);
    expect(totals.vatByRate).toEqual([
      { rate: 6, vat: 600, net: 10000, gross: 10600 },
      { rate: 25, vat: 400, net: 1600, gross: 2000 },
    ]);
    expect(totals).toMatchObject({ total: 12600, vat: 1000, net: 11600 });
  });

  it('rounds the total VAT once over all lines, not per line', () => {
    // 5 öre at 12 % carries 0.5357 VAT: per-line rounding would give 3, the sum 1.607 rounds to 2.
    const cheap = line({ price: 5, count: 1 });
    expect(receiptTotals([cheap, cheap, cheap]).vat).toBe(2);
    // 4 öre carries 0.4286: per-line rounding would give 0, the sum 1.2857 rounds to 1.
    const tiny = line({ price: 4, count: 1 });
    expect(receiptTotals([tiny, tiny, tiny]).vat).toBe(1);
  });

  it('rounds the per-rate rows so they add up to the printed VAT and total', () => {
    // 1002 at 12 % has VAT 107.36 and 1002 at 25 % has 200.40: together 307.76 → 308.
    const totals = receiptTotals([line({ price: 1002, count: 1 }), line({ price: 1002, count: 1, tax: 25 })]);
    expect(totals.vat).toBe(308);
    expect(totals.vatByRate).toEqual([
      { rate: 12, vat: 107, net: 895, gross: 1002 },
      { rate: 25, vat: 201, net: 801, gross: 1002 },
    ]);
  });

  it('keeps per-rate gross adding up to the total when a discount splits unevenly', () => {
    const totals = receiptTotals([
      line({
        count: 1,
        price: 1001,
        deviations: [extra({ price: 1001 })],
        discount: { type: 'FIXED', amount: 1 },
      }),
    ]);
    expect(totals.total).toBe(2001);
    expect(totals.vatByRate.reduce((sum, r) => sum + r.gross, 0)).toBe(2001);
    expect(totals.vatByRate.reduce((sum, r) => sum + r.vat, 0)).toBe(totals.vat);
    for (const row of totals.vatByRate) expect(row.net).toBe(row.gross - row.vat);
  });

  it('leaves out rates with nothing to pay and is all zero for an empty receipt', () => {
    expect(receiptTotals([line({ deviations: [extra({ price: 0 })] })]).vatByRate.map((r) => r.rate)).toEqual(
      [12],
    );
    expect(receiptTotals([])).toEqual({ total: 0, vat: 0, net: 0, vatByRate: [] });
  });
});
