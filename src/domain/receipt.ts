/**
 * Receipt maths of SPEC §9. Prices are integer minor units; tax rates are percentages (12 means 12 %).
 * A line's price = (price + Σ extras) × count × sizeOfItem, less the discount; the VAT part of an amount
 * including VAT is amount × (1 − 1/((tax + 100)/100)).
 */
import { roundMinorUnits } from './money';
import type { Discount } from './types';

/** What the maths needs of a receipt extra; a missing count means 1 (§3). */
export interface ReceiptDeviationInput {
  price: number;
  tax: number;
  count?: number | null;
}

/** What the maths needs of a receipt line; `ReceiptProduct` satisfies it. */
export interface ReceiptLineInput {
  price: number;
  count: number;
  sizeOfItem: number;
  tax: number;
  discount?: Discount | null;
  deviations: ReceiptDeviationInput[];
}

/** VAT summary for one tax rate, in minor units (gross = net + vat). */
export interface VatRateTotal {
  rate: number;
  vat: number;
  net: number;
  gross: number;
}

/** Totals of a receipt in minor units (total = net + vat). */
export interface ReceiptTotals {
  total: number;
  vat: number;
  net: number;
  vatByRate: VatRateTotal[];
}

/** The count of an extra on a receipt: the given count, or 1 when it is missing (§3 "count default 1"). */
export function deviationCount(deviation: Pick<ReceiptDeviationInput, 'count'>): number {
  return deviation.count ?? 1;
}

/** The VAT part of an amount that includes VAT at `rate` % (§9): amount × (1 − 1/((rate + 100)/100)). */
export function vatPart(amountIncludingVat: number, rate: number): number {
  return amountIncludingVat * (1 - 1 / ((rate + 100) / 100));
}

/** One taxed part of a line before discount: the product itself or one extra. */
interface LinePart {
  rate: number;
  gross: number;
}

function lineParts(line: ReceiptLineInput): LinePart[] {
  const multiplier = line.count * line.sizeOfItem;
  return [
    { rate: line.tax, gross: line.price * multiplier },
    ...line.deviations.map((d) => ({ rate: d.tax, gross: d.price * deviationCount(d) * multiplier })),
  ];
}

/** Line price before discount (§9): (price + Σ extra price × extra count) × count × sizeOfItem; unrounded. */
export function lineGross(line: ReceiptLineInput): number {
  return lineParts(line).reduce((sum, part) => sum + part.gross, 0);
}

function applyDiscount(gross: number, discount: Discount | null | undefined): number {
  if (!discount) return gross;
  if (discount.type === 'PERCENTAGE') return gross * (1 - discount.amount / 100);
  return gross - discount.amount;
}

/**
 * Line price after discount in whole minor units (§9): a PERCENTAGE discount takes amount/100 of the gross
 * off (10 means 10 %), any other type subtracts `amount` minor units. Never below 0.
 */
export function lineTotal(line: ReceiptLineInput): number {
  return Math.max(0, roundMinorUnits(applyDiscount(lineGross(line), line.discount)));
}

/**
 * The after-discount line total split over the line's parts in proportion to their gross, so a discount
 * reduces the product and each extra alike; parts with no amount are left out.
 */
function discountedParts(line: ReceiptLineInput): LinePart[] {
  const gross = lineGross(line);
  const total = lineTotal(line);
  if (gross === 0 || total === 0) return [];
  return lineParts(line)
    .filter((part) => part.gross !== 0)
    .map((part) => ({ rate: part.rate, gross: (total * part.gross) / gross }));
}

/**
 * VAT part of a line (§9), unrounded: the after-discount total is split between the product and its extras
 * in proportion to their gross and each part is taxed at its own rate (one rate gives exactly the §9 formula).
 */
export function lineTax(line: ReceiptLineInput): number {
  return discountedParts(line).reduce((sum, part) => sum + vatPart(part.gross, part.rate), 0);
}

/**
 * Rounds `values` to integers that add up to exactly `target` (largest remainder), so the per-rate rows of a
 * receipt add up to its printed totals.
 */
function allocate(values: number[], target: number): number[] {
  const floors = values.map((v) => Math.floor(v));
  let remaining = target - floors.reduce((a, b) => a + b, 0);
  const order = values
    .map((v, index) => ({ index, fraction: v - Math.floor(v) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  const result = [...floors];
  for (const { index } of order) {
    if (remaining <= 0) break;
    result[index] = (result[index] ?? 0) + 1;
    remaining -= 1;
  }
  return result;
}

/**
 * Receipt totals (§9): total = Σ lineTotal, vat = round(Σ lineTax), net = total − vat, plus the VAT per rate
 * sorted by rate; the per-rate rows are rounded so that they add up to total and vat exactly.
 */
export function receiptTotals(products: ReceiptLineInput[]): ReceiptTotals {
  const total = products.reduce((sum, line) => sum + lineTotal(line), 0);
  const byRate = new Map<number, { gross: number; vat: number }>();
  for (const line of products) {
    for (const part of discountedParts(line)) {
      const entry = byRate.get(part.rate) ?? { gross: 0, vat: 0 };
      entry.gross += part.gross;
      entry.vat += vatPart(part.gross, part.rate);
      byRate.set(part.rate, entry);
    }
  }
  const rates = [...byRate.entries()].sort(([a], [b]) => a - b);
  const vat = roundMinorUnits(products.reduce((sum, line) => sum + lineTax(line), 0));
  const grossRounded = allocate(
    rates.map(([, entry]) => entry.gross),
    total,
  );
  const vatRounded = allocate(
    rates.map(([, entry]) => entry.vat),
    vat,
  );
  const vatByRate = rates.map(([rate], i) => {
    const gross = grossRounded[i] ?? 0;
    const rateVat = vatRounded[i] ?? 0;
    return { rate, vat: rateVat, net: gross - rateVat, gross };
  });
  return { total, vat, net: total - vat, vatByRate };
}
