/**
 * Builds the receipt of a completed payment from the lines the server priced at start. VAT figures are not
 * stored: every reader (receipt page, e-mail, PDF) derives them with the shared domain maths, so the SPA and
 * the server always agree.
 */
import { createHmac } from 'node:crypto';
import type { ReceiptResponse, WireReceiptProduct } from '../../contract';
import type { PaymentRecord } from '../store/demoRepository';
import type { CatalogShop } from './shopCatalog';

/** A receipt line in the shape the domain maths takes (count of extras defaults to 1). */
function receiptProducts(payment: PaymentRecord): WireReceiptProduct[] {
  return payment.lines.map((line) => ({
    id: line.lineId,
    title: line.title,
    count: line.count,
    price: line.price,
    sizeOfItem: 1,
    description: line.description && line.description.trim() !== '' ? line.description : null,
    tax: line.tax,
    discount: null,
    deviations: line.deviations.map((d) => ({
      id: d.id,
      name: d.name,
      count: 1,
      price: d.price,
      tax: d.tax,
    })),
  }));
}

/**
 * The control code a Swedish control unit signs a receipt with. The demo has no control unit, so it is an
 * HMAC of the receipt's content: stable for the same receipt, different for any other.
 */
function controlCode(receiptId: string, serial: string, amount: number, date: string): string {
  const digest = createHmac('sha256', 'demo-control-unit')
    .update(`${serial}|${receiptId}|${amount}|${date}`)
    .digest('hex')
    .toUpperCase();
  return (digest.slice(0, 40).match(/.{1,8}/g) ?? []).join(' ');
}

/** The receipt of `payment` in wire shape. */
export function buildReceipt(
  shop: CatalogShop,
  payment: PaymentRecord,
  ids: { id: string; receiptId: string },
  now: number,
): ReceiptResponse {
  const { company, cashRegisterLabel, controlUnitSerial } = shop.fixture;
  const dateCreated = new Date(now).toISOString();
  return {
    id: ids.id,
    receiptId: ids.receiptId,
    name: company.name,
    organizationnumber: company.organizationnumber,
    street: company.street,
    postalcode: company.postalCode,
    city: company.city,
    phone: company.phone,
    currency: payment.currency,
    products: receiptProducts(payment),
    paymentMethods: [{ id: payment.paymentId, type: payment.methodType, amount: payment.amount }],
    dateCreated,
    cashRegisterLabel,
    controlUnitSerial,
    controlUnitResponse: controlCode(ids.receiptId, controlUnitSerial, payment.amount, dateCreated),
  };
}
