/**
 * Receipt maths of SPEC §9. Prices are integer minor units; tax rates are percentages (12 means 12 %).
 * A line's price = (price + Σ extras) × count × sizeOfItem, less the discount; the VAT part of an amount
 * including VAT is amount × (1 − 1/((tax + 100)/100)), taken per line and rounded per line to whole minor
 * units, and the receipt's VAT is the sum of those rounded line parts.
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
interface VatRateTotal {
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
 * Rounds `values` to integers that add up to exactly `target` (largest remainder), so a line's parts add up
 * to its printed total.
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

/** A line's amount at one VAT rate, after discount, and the VAT in it, both in whole minor units. */
interface TaxedPart {
  rate: number;
  gross: number;
  vat: number;
}

/**
 * The line's tax parts (§9), one per VAT rate on the line (the product's and its extras'): the after-discount
 * total is split over the rates in proportion to their gross, in whole minor units adding up to the line
 * total, and each part's VAT is rounded to whole minor units, halves away from zero. A line with one rate
 * gets exactly round(lineTotal × (1 − 1/((tax + 100)/100))). Rates with no amount are left out.
 */
function taxedParts(line: ReceiptLineInput): TaxedPart[] {
  const gross = lineGross(line);
  const total = lineTotal(line);
  if (gross === 0 || total === 0) return [];
  const byRate = new Map<number, number>();
  for (const part of lineParts(line)) byRate.set(part.rate, (byRate.get(part.rate) ?? 0) + part.gross);
  const rates = [...byRate.entries()].filter(([, partGross]) => partGross !== 0);
  const amounts = allocate(
    rates.map(([, partGross]) => (total * partGross) / gross),
    total,
  );
  return rates.map(([rate], i) => {
    const amount = amounts[i] ?? 0;
    return { rate, gross: amount, vat: roundMinorUnits(vatPart(amount, rate)) };
  });
}

/**
 * VAT part of a line (§9) in whole minor units: the sum of its tax parts, each rounded (one per rate when
 * extras carry another rate than the product).
 */
export function lineTax(line: ReceiptLineInput): number {
  return taxedParts(line).reduce((sum, part) => sum + part.vat, 0);
}

/**
 * Receipt totals (§9): total = Σ lineTotal, vat = Σ lineTax (each line rounded on its own, as the receipt
 * prints per line), net = total − vat, plus the VAT per rate sorted by rate. The per-rate rows are sums of
 * the same rounded line parts, so they add up to total and vat exactly.
 */
export function receiptTotals(products: ReceiptLineInput[]): ReceiptTotals {
  const byRate = new Map<number, { gross: number; vat: number }>();
  let total = 0;
  let vat = 0;
  for (const line of products) {
    total += lineTotal(line);
    for (const part of taxedParts(line)) {
      const entry = byRate.get(part.rate) ?? { gross: 0, vat: 0 };
      entry.gross += part.gross;
      entry.vat += part.vat;
      vat += part.vat;
      byRate.set(part.rate, entry);
    }
  }
  const vatByRate = [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, entry]) => ({ rate, vat: entry.vat, net: entry.gross - entry.vat, gross: entry.gross }));
  return { total, vat, net: total - vat, vatByRate };
}
