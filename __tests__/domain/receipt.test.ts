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
  it('is amount × (1 − 1/((tax + 100)/100)), rounded to whole minor units per line', () => {
    expect(vatPart(9000, 12)).toBeCloseTo(964.2857, 3);
    expect(lineTax(line())).toBe(964);
  });

  it('§9 rounds each line’s tax part half away from zero: a Finnish 7,90 € item at 25.5 % carries 1,61 €', () => {
    expect(vatPart(790, 25.5)).toBeCloseTo(160.518, 3);
    expect(lineTax(line({ price: 790, count: 1, tax: 25.5 }))).toBe(161);
    // 14 öre at 12 % carries exactly 1.5 öre: the half goes up.
    expect(lineTax(line({ price: 14, count: 1 }))).toBe(2);
  });

  it('is one fifth of the gross at 25 %', () => {
    expect(lineTax(line({ tax: 25, price: 10000 }))).toBeCloseTo(4000, 9);
  });

  it('is 0 at a 0 % rate', () => {
    expect(lineTax(line({ tax: 0 }))).toBe(0);
  });

  it('is taken from the amount after discount', () => {
    expect(lineTax(line({ discount: { type: 'PERCENTAGE', amount: 10 } }))).toBe(868); // 867.86
    expect(lineTax(line({ discount: { type: 'FIXED', amount: 500 } }))).toBe(911); // 910.71
    expect(lineTax(line({ discount: { type: 'FIXED', amount: 100000 } }))).toBe(0);
  });

  it('taxes an extra at its own rate', () => {
    // Product part 2 × 4500 at 12 %, extra part 2 × 1000 at 25 %.
    expect(lineTax(line({ deviations: [extra()] }))).toBe(964 + 400); // 964.29 rounded + 400
  });

  it('gives exactly the single-rate formula when the extras share the product rate', () => {
    const sameRate = line({ deviations: [extra({ tax: 12 })] });
    expect(lineTax(sameRate)).toBe(1179); // vatPart(11000, 12) = 1178.57, one part, rounded once
  });

  it('splits a discount between the product and its extras in proportion to their price', () => {
    const discounted = line({ deviations: [extra()], discount: { type: 'PERCENTAGE', amount: 10 } });
    // 9900 after discount: 8100 product part at 12 %, 1800 extra part at 25 %.
    expect(lineTax(discounted)).toBe(868 + 360); // 867.86 rounded + 360
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

  it('§9 sums the VAT of each line rounded on its own, not the unrounded sum rounded once', () => {
    // 5 öre at 12 % carries 0.5357 VAT, 1 öre per line: 3, where the unrounded sum 1.607 would give 2.
    const cheap = line({ price: 5, count: 1 });
    expect(receiptTotals([cheap, cheap, cheap]).vat).toBe(3);
    // 4 öre carries 0.4286, 0 per line: 0, where the unrounded sum 1.2857 would give 1.
    const tiny = line({ price: 4, count: 1 });
    expect(receiptTotals([tiny, tiny, tiny]).vat).toBe(0);
  });

  it('§9 a Finnish receipt: 7,80 € at 14 % (0,96 €) and 7,90 € at 25.5 % (1,61 €) carry 2,57 € VAT', () => {
    // Unrounded 95.79 + 160.52 = 256.31 would print 2,56 € and a 25.5 % row of 1,60 €.
    expect(
      receiptTotals([
        line({ price: 390, count: 2, tax: 14 }),
        line({ id: 'p2', price: 790, count: 1, tax: 25.5 }),
      ]),
    ).toEqual({
      total: 1570,
      vat: 257,
      net: 1313,
      vatByRate: [
        { rate: 14, vat: 96, net: 684, gross: 780 },
        { rate: 25.5, vat: 161, net: 629, gross: 790 },
      ],
    });
  });

  it('per-rate rows are sums of the rounded lines, so they add up to the printed VAT and total', () => {
    // 1002 at 12 % has VAT 107.36 → 107 and 1002 at 25 % has 200.40 → 200.
    const totals = receiptTotals([line({ price: 1002, count: 1 }), line({ price: 1002, count: 1, tax: 25 })]);
    expect(totals.vat).toBe(307);
    expect(totals.vatByRate).toEqual([
      { rate: 12, vat: 107, net: 895, gross: 1002 },
      { rate: 25, vat: 200, net: 802, gross: 1002 },
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
