/**
 * One presentation of a receipt for the e-mail text and the PDF (the SPA has its own page): the same rows,
 * labels and money formatting, with VAT per rate from the shared domain maths (§9).
 */
import type { Currency, ReceiptResponse } from '../../contract';
import { formatMoney } from '../../domain/money';
import { lineTotal, receiptTotals } from '../../domain/receipt';
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

/** A money amount line. */
interface ViewRow {
  text: string;
  amount: string;
  indent?: boolean;
}

/** Everything a receipt shows, already formatted. */
export interface ReceiptView {
  /** BCP 47, for the PDF's language. */
  lang: string;
  title: string;
  seller: string[];
  products: { title: string; quantity: string; total: string; extras: ViewRow[]; note: string | null }[];
  vatRows: ViewRow[];
  totals: ViewRow[];
  payments: ViewRow[];
  footer: string[];
}

function rate(value: number, language: Language): string {
  return value.toLocaleString(INTL[language]);
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
  const totals = receiptTotals(receipt.products);
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
    products: receipt.products.map((p) => ({
      title: p.title,
      quantity: t('receipt.countTimesPrice', { count: p.count, price: m(p.price) }),
      total: m(lineTotal(p)),
      extras: p.deviations.map((d) => ({
        text: `${d.count ?? 1} × ${d.name}`,
        amount: m(d.price * (d.count ?? 1) * p.count * p.sizeOfItem),
        indent: true,
      })),
      note: p.description,
    })),
    vatRows: totals.vatByRate.map((row) => ({
      text: t('receipt.vatRate', { rate: rate(row.rate, language) }),
      amount: m(row.vat),
    })),
    totals: [
      { text: t('receipt.net'), amount: m(totals.net) },
      { text: t('receipt.vat'), amount: m(totals.vat) },
      { text: t('receipt.total'), amount: m(totals.total) },
    ],
    payments: receipt.paymentMethods.map((p) => ({
      text: t('receipt.paidBy', { method: paymentName(p.type) }),
      amount: m(p.amount),
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
