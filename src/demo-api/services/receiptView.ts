/**
 * One presentation of a receipt for the e-mail text and the PDF (the SPA has its own page): the same rows,
 * labels and money formatting, with VAT per rate from the shared domain maths (§9).
 */
import type { Currency, ReceiptResponse } from '../../contract';
import { formatMoney } from '../../domain/money';
import { lineTotal, receiptTotals } from '../../domain/receipt';

interface Labels {
  receipt: string;
  orgNumber: string;
  phone: string;
  pieces: string;
  vat: string;
  net: string;
  total: string;
  payments: string;
  date: string;
  cashRegister: string;
  controlUnit: string;
  controlCode: string;
  receiptNumber: string;
  paidBy: string;
  gross: string;
}

const SWEDISH: Labels = {
  receipt: 'Kvitto',
  orgNumber: 'Org.nr',
  phone: 'Telefon',
  pieces: 'st',
  vat: 'Moms',
  net: 'Netto',
  total: 'Totalt',
  payments: 'Betalning',
  date: 'Datum',
  cashRegister: 'Kassa',
  controlUnit: 'Kontrollenhet',
  controlCode: 'Kontrollkod',
  receiptNumber: 'Kvittonummer',
  paidBy: 'Betalt med',
  gross: 'Brutto',
};

const FINNISH: Labels = {
  receipt: 'Kuitti',
  orgNumber: 'Y-tunnus',
  phone: 'Puhelin',
  pieces: 'kpl',
  vat: 'ALV',
  net: 'Veroton',
  total: 'Yhteensä',
  payments: 'Maksu',
  date: 'Päivämäärä',
  cashRegister: 'Kassa',
  controlUnit: 'Valvontayksikkö',
  controlCode: 'Tarkistuskoodi',
  receiptNumber: 'Kuittinumero',
  paidBy: 'Maksutapa',
  gross: 'Verollinen',
};

const PAYMENT_NAMES: Record<string, string> = {
  SWISH_TRADE: 'Swish',
  VIVA_WALLET_WEB: 'Kort (Viva Wallet)',
  STRIPE: 'Kort (Stripe)',
};

/** A money amount line. */
interface ViewRow {
  text: string;
  amount: string;
  indent?: boolean;
}

/** Everything a receipt shows, already formatted. */
export interface ReceiptView {
  lang: 'sv' | 'fi';
  title: string;
  seller: string[];
  products: { title: string; quantity: string; total: string; extras: ViewRow[]; note: string | null }[];
  vatRows: ViewRow[];
  totals: ViewRow[];
  payments: ViewRow[];
  footer: string[];
}

function rate(value: number, lang: 'sv' | 'fi'): string {
  return `${value.toLocaleString(lang === 'fi' ? 'fi-FI' : 'sv-SE')} %`;
}

/** Builds the view; `country`/`timeZone` choose the language and the clock shown. */
export function receiptView(
  receipt: ReceiptResponse,
  options: { finnish: boolean; timeZone: string; currency: Currency },
): ReceiptView {
  const lang = options.finnish ? 'fi' : 'sv';
  const L = options.finnish ? FINNISH : SWEDISH;
  const m = (amount: number) => formatMoney({ amount, currency: options.currency });
  const totals = receiptTotals(receipt.products);
  const date = new Intl.DateTimeFormat(lang === 'fi' ? 'fi-FI' : 'sv-SE', {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: options.timeZone,
  }).format(new Date(receipt.dateCreated));
  return {
    lang,
    title: `${L.receipt} ${receipt.receiptId}`,
    seller: [
      receipt.name,
      `${L.orgNumber}: ${receipt.organizationnumber}`,
      receipt.street,
      `${receipt.postalcode} ${receipt.city}`,
      `${L.phone}: ${receipt.phone}`,
    ],
    products: receipt.products.map((p) => ({
      title: p.title,
      quantity: `${p.count} ${L.pieces} * ${m(p.price)}`,
      total: m(lineTotal(p)),
      extras: p.deviations.map((d) => ({
        text: `+ ${d.name} ${d.count ?? 1} ${L.pieces} * ${m(d.price)}`,
        amount: m(d.price * (d.count ?? 1) * p.count * p.sizeOfItem),
        indent: true,
      })),
      note: p.description,
    })),
    vatRows: totals.vatByRate.map((row) => ({
      text: `${L.vat} ${rate(row.rate, lang)} (${L.net} ${m(row.net)}, ${L.gross} ${m(row.gross)})`,
      amount: m(row.vat),
    })),
    totals: [
      { text: L.net, amount: m(totals.net) },
      { text: L.vat, amount: m(totals.vat) },
      { text: L.total, amount: m(totals.total) },
    ],
    payments: receipt.paymentMethods.map((p) => ({
      text: `${L.paidBy} ${PAYMENT_NAMES[p.type] ?? p.type}`,
      amount: m(p.amount),
    })),
    footer: [
      `${L.receiptNumber}: ${receipt.receiptId}`,
      `${L.date}: ${date}`,
      `${L.cashRegister}: ${receipt.cashRegisterLabel}`,
      `${L.controlUnit}: ${receipt.controlUnitSerial}`,
      `${L.controlCode}: ${receipt.controlUnitResponse}`,
    ],
  };
}

/** The receipt as plain text (the e-mail body). */
export function receiptText(view: ReceiptView): string {
  const row = (r: ViewRow) => `${r.indent ? '    ' : ''}${r.text}`.padEnd(44) + ` ${r.amount}`;
  const out: string[] = [
    view.title,
    '',
    ...view.seller,
    '',
    '----------------------------------------------------',
  ];
  for (const p of view.products) {
    out.push(row({ text: p.title, amount: p.total }), `    ${p.quantity}`);
    for (const extra of p.extras) out.push(row(extra));
    if (p.note) out.push(`    "${p.note}"`);
  }
  out.push('----------------------------------------------------');
  for (const r of [...view.vatRows, ...view.totals, ...view.payments]) out.push(row(r));
  out.push('', ...view.footer);
  return `${out.join('\n')}\n`;
}
