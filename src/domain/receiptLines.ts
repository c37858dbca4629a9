/**
 * The printed rows of a receipt (§9), one layout for the receipt page, the PDF and the e-mail: every priced
 * row reads quantity × unit price = amount, and the rows of a line add up to the line's total, so the rows of
 * the receipt add up to its total. Amounts are integer minor units; each renderer formats them itself.
 */
import { roundMinorUnits } from './money';
import {
  deviationCount,
  lineGross,
  lineTotal,
  receiptTotals,
  type ReceiptDeviationInput,
  type ReceiptLineInput,
  type ReceiptTotals,
} from './receipt';

/** What the layout needs of a receipt line: the maths' input plus the words (`ReceiptProduct` fits). */
export interface PrintedLineInput extends ReceiptLineInput {
  id: string;
  title: string;
  description?: string | null;
  deviations: (ReceiptDeviationInput & { id: string; name: string })[];
}

/**
 * A row that reads `quantity × name   unitPrice   amount`: the product (`kind: 'product'`, quantity = count ×
 * sizeOfItem) or one of its extras (`kind: 'extra'`, quantity = the extra's count × count × sizeOfItem: an extra
 * is counted for every unit it came with). amount = quantity × unitPrice in whole minor units (halves away
 * from zero, §9).
 */
export interface PricedRow {
  kind: 'product' | 'extra';
  name: string;
  quantity: number;
  unitPrice: number;
  amount: number;
}

/**
 * The line's discount (§9), a negative amount: what it takes off the line's rounded price before discount.
 * `percent` is set for a PERCENTAGE discount (10 means 10 %), null for a fixed one.
 */
interface DiscountRow {
  kind: 'discount';
  percent: number | null;
  amount: number;
}

/**
 * What whole minor units leave over: the line's price before discount, rounded once, less the sum of its
 * rounded priced rows. Only a fractional quantity (sizeOfItem 0.5) can leave one; it is never more than a
 * minor unit or so per row.
 */
interface RoundingRow {
  kind: 'rounding';
  amount: number;
}

export type ReceiptRow = PricedRow | DiscountRow | RoundingRow;

/** One receipt line as printed: its product row first, then its extras, discount and rounding, and its note. */
interface PrintedLine {
  id: string;
  rows: ReceiptRow[];
  /** The customer's note on the line, or null. */
  note: string | null;
}

/** A sum under the lines: the VAT (only when there are several rates; one rate's row is the VAT), net, total. */
export interface PrintedSum {
  kind: 'vat' | 'net' | 'total';
  amount: number;
}

/** Everything a receipt prints in figures, in minor units. */
export interface PrintedReceipt {
  lines: PrintedLine[];
  /** One row per VAT rate, ascending: rate %, VAT, net and gross (receiptTotals' `vatByRate`). */
  vatRows: ReceiptTotals['vatByRate'];
  sums: PrintedSum[];
}

function pricedRow(kind: PricedRow['kind'], name: string, quantity: number, unitPrice: number): PricedRow {
  return { kind, name, quantity, unitPrice, amount: roundMinorUnits(quantity * unitPrice) };
}

function printedLine(line: PrintedLineInput): PrintedLine {
  const units = line.count * line.sizeOfItem;
  const priced = [
    pricedRow('product', line.title, units, line.price),
    ...line.deviations.map((d) => pricedRow('extra', d.name, deviationCount(d) * units, d.price)),
  ];
  const gross = roundMinorUnits(lineGross(line));
  const rounding = gross - priced.reduce((sum, row) => sum + row.amount, 0);
  const discount = lineTotal(line) - gross;
  const rows: ReceiptRow[] = [...priced];
  if (discount !== 0)
    rows.push({
      kind: 'discount',
      percent: line.discount?.type === 'PERCENTAGE' ? line.discount.amount : null,
      amount: discount,
    });
  if (rounding !== 0) rows.push({ kind: 'rounding', amount: rounding });
  const note = line.description?.trim() ? line.description : null;
  return { id: line.id, rows, note };
}

/**
 * Lays out a receipt's printed rows (§9 "every receipt line reads count × unit price = amount"): per line its
 * product row, a row per extra, a discount row when the discount takes something off and a rounding row when
 * whole minor units leave something over; each line's rows sum to its `lineTotal`, so all rows sum to
 * `receiptTotals(products).total`. Then the VAT per rate and the sums, from `receiptTotals`.
 */
export function receiptLayout(products: PrintedLineInput[]): PrintedReceipt {
  const totals = receiptTotals(products);
  const sums: PrintedSum[] = [
    ...(totals.vatByRate.length === 1 ? [] : [{ kind: 'vat' as const, amount: totals.vat }]),
    { kind: 'net', amount: totals.net },
    { kind: 'total', amount: totals.total },
  ];
  return { lines: products.map(printedLine), vatRows: totals.vatByRate, sums };
}

/** A translation key of a receipt's words and its values, for each renderer's own translation function. */
export type ReceiptText =
  | { key: 'receipt.countTimes'; vars: { count: string; name: string } }
  | { key: 'receipt.discountPercent'; vars: { percent: string } }
  | { key: 'receipt.discount' | 'receipt.rounding'; vars?: undefined };

/**
 * A row's words (§9), the same for every renderer: "2 × Vaniljsirap", "Rabatt 10 %". `count` writes a
 * quantity or a percentage the way the renderer's language does ('1,5' in Swedish).
 */
export function receiptRowText(row: ReceiptRow, count: (value: number) => string): ReceiptText {
  switch (row.kind) {
    case 'product':
    case 'extra':
      return { key: 'receipt.countTimes', vars: { count: count(row.quantity), name: row.name } };
    case 'discount':
      return row.percent === null
        ? { key: 'receipt.discount' }
        : { key: 'receipt.discountPercent', vars: { percent: count(row.percent) } };
    case 'rounding':
      return { key: 'receipt.rounding' };
  }
}

/** The words of a sum row (§9). */
export const SUM_LABEL_KEYS = {
  vat: 'receipt.vat',
  net: 'receipt.net',
  total: 'receipt.total',
} as const satisfies Record<PrintedSum['kind'], string>;
