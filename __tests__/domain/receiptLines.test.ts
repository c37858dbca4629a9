import fc from 'fast-check';
import { roundMinorUnits } from '../../src/domain/money';
import { deviationCount, lineTotal, receiptTotals } from '../../src/domain/receipt';
import { receiptLayout, type PricedRow, type ReceiptRow } from '../../src/domain/receiptLines';
import type { WireReceiptProduct } from '../../src/contract';
import { receiptOrders } from '../helpers/receiptOrders';

/** Two cappuccinos (45,00 kr) in one cart line, each with vanilla syrup (+5,00) and soy milk (+3,00). */
const twoCappuccinos: WireReceiptProduct = {
  id: 'l1',
  title: 'Cappuccino',
  count: 2,
  price: 4500,
  sizeOfItem: 1,
  description: 'Extra varm',
  tax: 12,
  discount: null,
  deviations: [
    { id: 'd-vanilla', name: 'Vaniljsirap', count: 1, price: 500, tax: 12 },
    { id: 'd-soy', name: 'Sojadryck', count: 1, price: 300, tax: 12 },
  ],
};

const priced = (rows: ReceiptRow[]): PricedRow[] =>
  rows.filter((row): row is PricedRow => row.kind === 'product' || row.kind === 'extra');
const sum = (amounts: number[]) => amounts.reduce((a, b) => a + b, 0);

describe('§9 receipt layout', () => {
  it('§9 every receipt line reads count × unit price = amount: two cappuccinos carry two of each extra', () => {
    expect(receiptLayout([twoCappuccinos]).lines).toEqual([
      {
        id: 'l1',
        rows: [
          { kind: 'product', name: 'Cappuccino', quantity: 2, unitPrice: 4500, amount: 9000 },
          { kind: 'extra', name: 'Vaniljsirap', quantity: 2, unitPrice: 500, amount: 1000 },
          { kind: 'extra', name: 'Sojadryck', quantity: 2, unitPrice: 300, amount: 600 },
        ],
        note: 'Extra varm',
      },
    ]);
  });

  it("§9 an extra's own count and the item's size multiply its quantity; a missing count means 1", () => {
    const rows = receiptLayout([
      {
        ...twoCappuccinos,
        count: 3,
        sizeOfItem: 2,
        deviations: [
          { id: 'a', name: 'Extra shot', count: 2, price: 800, tax: 12 },
          { id: 'b', name: 'Grädde', price: 400, tax: 25 },
        ],
      },
    ]).lines[0]?.rows;
    expect(rows).toEqual([
      { kind: 'product', name: 'Cappuccino', quantity: 6, unitPrice: 4500, amount: 27000 },
      { kind: 'extra', name: 'Extra shot', quantity: 12, unitPrice: 800, amount: 9600 },
      { kind: 'extra', name: 'Grädde', quantity: 6, unitPrice: 400, amount: 2400 },
    ]);
  });

  it('§9 a discount is its own negative row, so the rows add up to the line total', () => {
    const percent = receiptLayout([{ ...twoCappuccinos, discount: { type: 'PERCENTAGE', amount: 10 } }]);
    // 106,00 kr less 10 % is 95,40 kr.
    expect(percent.lines[0]?.rows.at(-1)).toEqual({ kind: 'discount', percent: 10, amount: -1060 });
    expect(percent.sums.at(-1)).toEqual({ kind: 'total', amount: 9540 });
    const fixed = receiptLayout([{ ...twoCappuccinos, discount: { type: 'FIXED', amount: 20000 } }]);
    // A fixed discount larger than the line takes the whole line, never more (§9 never below 0).
    expect(fixed.lines[0]?.rows.at(-1)).toEqual({ kind: 'discount', percent: null, amount: -10600 });
    expect(fixed.sums.at(-1)).toEqual({ kind: 'total', amount: 0 });
    // A discount that takes nothing off prints nothing.
    const none = receiptLayout([{ ...twoCappuccinos, discount: { type: 'PERCENTAGE', amount: 0 } }]);
    expect(none.lines[0]?.rows.map((row) => row.kind)).toEqual(['product', 'extra', 'extra']);
  });

  it('§9 half an item at an odd price: each row rounds to whole öre and a rounding row keeps the sum exact', () => {
    const rows = receiptLayout([
      {
        ...twoCappuccinos,
        count: 1,
        sizeOfItem: 0.5,
        price: 3333,
        deviations: [{ id: 'a', name: 'Ost', count: 1, price: 333, tax: 12 }],
      },
    ]).lines[0]?.rows;
    // 0,5 × 33,33 = 16,665 → 16,67 and 0,5 × 3,33 = 1,665 → 1,67; the line is 18,33 (18,33 rounded once).
    expect(rows).toEqual([
      { kind: 'product', name: 'Cappuccino', quantity: 0.5, unitPrice: 3333, amount: 1667 },
      { kind: 'extra', name: 'Ost', quantity: 0.5, unitPrice: 333, amount: 167 },
      { kind: 'rounding', amount: -1 },
    ]);
  });

  it('§9 the VAT rows are per rate with VAT, net and gross; the VAT sum is printed only beside several rates', () => {
    const one = receiptLayout([twoCappuccinos]);
    expect(one.vatRows).toEqual([{ rate: 12, vat: 1136, net: 9464, gross: 10600 }]);
    expect(one.sums.map((s) => s.kind)).toEqual(['net', 'total']);
    const two = receiptLayout([twoCappuccinos, { ...twoCappuccinos, id: 'l2', tax: 25, deviations: [] }]);
    expect(two.vatRows.map((row) => row.rate)).toEqual([12, 25]);
    expect(two.sums).toEqual([
      { kind: 'vat', amount: 1136 + 1800 },
      { kind: 'net', amount: 10600 + 9000 - 1136 - 1800 },
      { kind: 'total', amount: 19600 },
    ]);
  });
});

describe('§9 receipt layout over random orders (property)', () => {
  it('§9 every receipt line reads count × unit price = amount, extras counted for every unit they came with', () => {
    fc.assert(
      fc.property(receiptOrders, ({ products }) => {
        receiptLayout(products).lines.forEach((line, i) => {
          const input = products[i]!;
          expect(line.id).toBe(input.id);
          const [item, ...extras] = priced(line.rows);
          const units = input.count * input.sizeOfItem;
          expect(item).toMatchObject({ kind: 'product', quantity: units, unitPrice: input.price });
          expect(extras.map((row) => [row.name, row.quantity, row.unitPrice])).toEqual(
            input.deviations.map((d) => [d.name, deviationCount(d) * units, d.price]),
          );
          for (const row of priced(line.rows)) {
            expect(Number.isInteger(row.amount)).toBe(true);
            expect(row.amount).toBe(roundMinorUnits(row.quantity * row.unitPrice));
            // A whole quantity needs no rounding at all.
            if (Number.isInteger(row.quantity)) expect(row.amount).toBe(row.quantity * row.unitPrice);
          }
        });
      }),
      { numRuns: 100 },
    );
  });

  it('§9 the rows of a receipt add up to its total: per line to the line total, the discount its own row', () => {
    fc.assert(
      fc.property(receiptOrders, ({ products }) => {
        const layout = receiptLayout(products);
        layout.lines.forEach((line, i) => {
          const input = products[i]!;
          expect(sum(line.rows.map((row) => row.amount))).toBe(lineTotal(input));
          const discount = line.rows.filter((row) => row.kind === 'discount');
          if (!input.discount) expect(discount).toEqual([]);
          for (const row of discount) expect(row.amount).toBeLessThan(0);
          // Whole minor units leave at most half of one per priced row.
          const rounding = sum(line.rows.filter((row) => row.kind === 'rounding').map((row) => row.amount));
          expect(Math.abs(rounding)).toBeLessThanOrEqual(priced(line.rows).length / 2 + 0.5);
          if (input.sizeOfItem !== 0.5) expect(rounding).toBe(0);
        });
        const total = sum(layout.lines.flatMap((line) => line.rows.map((row) => row.amount)));
        expect(total).toBe(receiptTotals(products).total);
        expect(layout.sums.at(-1)).toEqual({ kind: 'total', amount: total });
      }),
      { numRuns: 100 },
    );
  });

  it('§9 the VAT rows add up to the VAT, net and total, and each reads net + VAT = gross', () => {
    fc.assert(
      fc.property(receiptOrders, ({ products }) => {
        const totals = receiptTotals(products);
        const { vatRows, sums } = receiptLayout(products);
        expect(sum(vatRows.map((row) => row.vat))).toBe(totals.vat);
        expect(sum(vatRows.map((row) => row.net))).toBe(totals.net);
        expect(sum(vatRows.map((row) => row.gross))).toBe(totals.total);
        for (const row of vatRows) expect(row.net + row.vat).toBe(row.gross);
        expect(sums.find((s) => s.kind === 'net')?.amount).toBe(totals.net);
        expect(sums.find((s) => s.kind === 'vat')?.amount ?? vatRows[0]?.vat ?? 0).toBe(totals.vat);
      }),
      { numRuns: 100 },
    );
  });
});
