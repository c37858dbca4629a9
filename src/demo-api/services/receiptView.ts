/**
 * One presentation of a receipt for the e-mail text and the PDF: the rows of `receiptLayout` (§9), as the
 * receipt page shows them, with the page's words and money formatting.
 */
import type { Currency, ReceiptResponse } from '../../contract';
import { formatMoney } from '../../domain/money';
import { SUM_LABEL_KEYS, receiptLayout, receiptRowText, type ReceiptRow } from '../../domain/receiptLines';
import en from '../../../translations/en.json';
import fi from '../../../translations/fi.json';
import se from '../../../translations/se.json';

type Language = 'se' | 'en' | 'fi';
type Tree = { [key: string]: string | Tree };
const TEXTS: Record<Language, Tree> = { se, en, fi };
const INTL: Record<Language, string> = { se: 'sv-SE', en: 'en-GB', fi: 'fi-FI' };

/**
 * A text of the SPA's own translations (issue 39: the receipt reads the same on the page, in the PDF and in
 * the e-mail), `{{name}}` filled in.
 */
function tr(language: Language, key: string, vars: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = TEXTS[language];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No text ${language}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => String(vars[name] ?? ''));
}

/** The payment method names the receipt page shows (translations paymentMethods.names). */
const PAYMENT_NAME_KEYS: Record<string, string> = {
  SWISH_TRADE: 'paymentMethods.names.swish',
  SWISH: 'paymentMethods.names.swish',
  VIVA_WALLET_WEB: 'paymentMethods.names.vivaWallet',
  STRIPE: 'paymentMethods.names.stripe',
};

/**
 * A row with its amounts: `cells` are right-aligned columns, the last one the row's amount (a line row: unit
 * price, amount; a VAT row: VAT, net, gross; a sum: its amount).
 */
interface ViewRow {
  text: string;
  cells: string[];
  /** A product's row, drawn bold. */
  strong?: boolean;
  /** An extra, a discount or a rounding under its product. */
  indent?: boolean;
}

/** Everything a receipt shows, already formatted. */
export interface ReceiptView {
  /** BCP 47, for the PDF's language. */
  lang: string;
  title: string;
  seller: string[];
  /** §9 one layout with the receipt page: `receiptLayout`'s rows, per line, then the line's note. */
  lines: { rows: ViewRow[]; note: string | null }[];
  /** The VAT table's column headings (VAT, net, gross) over `vatRows`. */
  vatHeader: ViewRow;
  vatRows: ViewRow[];
  sums: ViewRow[];
  payments: ViewRow[];
  footer: string[];
}

/** A quantity, a percentage or a VAT rate as the language writes it ('25,5' in Swedish and Finnish). */
function numberIn(value: number, language: Language): string {
  return value.toLocaleString(INTL[language], { maximumFractionDigits: 2 });
}

/**
 * Builds the view in `language` (the page's that asked, else the shop's: issue 39) with the shop's clock,
 * its zone named (a reader of an e-mail or a PDF may be anywhere).
 */
export function receiptView(
  receipt: ReceiptResponse,
  options: { language: Language; timeZone: string; currency: Currency },
): ReceiptView {
  const { language } = options;
  const t = (key: string, vars?: Record<string, string | number>) => tr(language, key, vars);
  const m = (amount: number) => formatMoney({ amount, currency: options.currency });
  const count = (value: number) => numberIn(value, language);
  const rowText = (row: ReceiptRow) => {
    const text = receiptRowText(row, count);
    return t(text.key, text.vars);
  };
  const layout = receiptLayout(receipt.products);
  const date = new Intl.DateTimeFormat(INTL[language], {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: options.timeZone,
    timeZoneName: 'short',
  }).format(new Date(receipt.dateCreated));
  const paymentName = (type: string) => (PAYMENT_NAME_KEYS[type] ? t(PAYMENT_NAME_KEYS[type]) : type);
  return {
    lang: INTL[language].slice(0, 2),
    title: `${t('receipt.title')} ${receipt.receiptId}`,
    seller: [
      receipt.name,
      t('receipt.orgNumber', { number: receipt.organizationnumber }),
      receipt.street,
      `${receipt.postalcode} ${receipt.city}`,
      receipt.phone,
    ],
    lines: layout.lines.map((line) => ({
      rows: line.rows.map((row) => ({
        text: rowText(row),
        cells:
          row.kind === 'product' || row.kind === 'extra'
            ? [m(row.unitPrice), m(row.amount)]
            : [m(row.amount)],
        strong: row.kind === 'product',
        indent: row.kind !== 'product',
      })),
      note: line.note,
    })),
    vatHeader: { text: '', cells: [t('receipt.vat'), t('receipt.net'), t('receipt.gross')] },
    vatRows: layout.vatRows.map((row) => ({
      text: t('receipt.vatRate', { rate: count(row.rate) }),
      cells: [m(row.vat), m(row.net), m(row.gross)],
    })),
    sums: layout.sums.map((sum) => ({ text: t(SUM_LABEL_KEYS[sum.kind]), cells: [m(sum.amount)] })),
    payments: receipt.paymentMethods.map((p) => ({
      text: t('receipt.paidBy', { method: paymentName(p.type) }),
      cells: [m(p.amount)],
    })),
    footer: [
      t('receipt.receiptNumber', { number: receipt.receiptId }),
      `${t('receipt.date')}: ${date}`,
      `${t('receipt.cashRegister')}: ${receipt.cashRegisterLabel}`,
      `${t('receipt.controlUnit')}: ${receipt.controlUnitSerial}`,
      `${t('receipt.controlCode')}: ${receipt.controlUnitResponse}`,
    ],
  };
}

/** The e-mail's columns: a row is this wide unless its words are longer; each amount column this wide. */
const TEXT_WIDTH = 64;
const CELL_WIDTH = 14;

/** The receipt as plain text (the e-mail body). */
export function receiptText(view: ReceiptView): string {
  // Two spaces at least before each amount column, so no amount runs into the words or another amount.
  const row = (r: ViewRow) => {
    const words = `${r.indent ? '    ' : ''}${r.text}`;
    const cells = r.cells.map((cell) => `  ${cell.padStart(CELL_WIDTH - 2)}`).join('');
    return `${words.padEnd(TEXT_WIDTH - cells.length)}${cells}`.trimEnd();
  };
  const rule = '-'.repeat(TEXT_WIDTH);
  const out: string[] = [view.title, '', ...view.seller, '', rule];
  for (const line of view.lines) {
    out.push(...line.rows.map(row));
    if (line.note) out.push(`    "${line.note}"`);
  }
  out.push(rule, row(view.vatHeader));
  for (const r of [...view.vatRows, ...view.sums, ...view.payments]) out.push(row(r));
  out.push('', ...view.footer);
  return `${out.join('\n')}\n`;
}
