/**
 * The rules the model-based payment test checks after every command, one named function each. Each takes
 * plain data (the demo server's payments and stock, what the pages showed) and returns what is wrong, as
 * sentences; an empty list (or null) means the rule holds. `RULES` gives each the product rule it stands
 * for (docs/product-rules.md), which is what a failure prints first.
 */
import type { PaymentRecord } from '../../../src/demo-api/store/demoRepository';
import type { Money } from '../../../src/domain/types';
import { edgeKey, type StateChart } from './stateChart';

export const RULES = {
  shownTotalIsCharged:
    '§4/§7 a payment the server starts charges the total the page showed when it was started',
  pendingPaymentIsForTheShownCart:
    '§4 a payment shown as pending, with no cancel on its way, is for the cart and details the page shows (a change cancels it)',
  onePendingPaymentPerSession: '§4 at most one pending (STARTED) payment per session on the server',
  completedReachesReceipt: '§2/§4 a payment the server reports COMPLETED reaches the receipt',
  completedNeverShownAsFailed: '§4/§8 a payment the server reports COMPLETED is never shown as failed',
  receiptOnlyForCompletedPayment:
    '§2/§4 nothing reaches the receipt without a completed payment on the server',
  stockNeverOversold: '§5 stock is never negative nor oversold',
  tabLinePaidOnce:
    '§3 a tab line is held while it is paid: pending payments hold no more than the tab has left, and the tab goes down by exactly what was paid',
  statusFollowsStateChart: '§4 the page moves only along the payment state chart (docs/architecture.md)',
} as const;
export type Rule = keyof typeof RULES;

/** One startPayment request a page sent, with the total it showed at that moment. */
export interface StartRecord {
  tab: string;
  page: number;
  shownTotal: Money;
  /** The answer's HTTP status (also when the page never got it). */
  status: number;
  paymentId: string | null;
  /** The answer was dropped on its way back (a network drop after the server acted). */
  lost: boolean;
}

/** A page that shows a payment the server completed as still pending, with its cart page open. */
export interface HeldPayment {
  tab: string;
  paymentId: string;
  since: number;
}

const money = (m: { amount: number; currency: string }) => `${(m.amount / 100).toFixed(2)} ${m.currency}`;

/** Invariant 1 (§4 start, §7 cartFingerprint): the server's amount is the total the page showed. */
export function shownTotalIsCharged(
  starts: readonly StartRecord[],
  payments: readonly PaymentRecord[],
): string[] {
  const problems: string[] = [];
  for (const start of starts) {
    if (!start.paymentId) continue;
    const payment = payments.find((p) => p.paymentId === start.paymentId);
    if (!payment) {
      problems.push(
        `tab ${start.tab} was answered payment ${start.paymentId}, which the server does not have`,
      );
    } else if (payment.amount !== start.shownTotal.amount || payment.currency !== start.shownTotal.currency) {
      problems.push(
        `payment ${payment.paymentId} (${payment.status}) charges ${money(payment)}, but tab ${start.tab} ` +
          `(page #${start.page}) showed ${money(start.shownTotal)} when it started it`,
      );
    }
  }
  return problems;
}

/** What a page shows of the order, for comparing with the payment it shows as pending. */
export interface ShownOrder {
  tab: string;
  total: Money;
  lines: readonly { productId: string; count: number }[];
  /** The details typed, when this page's start created the payment (another tab's form says nothing of it). */
  customer: Partial<Record<string, string>> | null;
}

const CUSTOMER_FIELDS = ['name', 'email', 'phone', 'extraInfo', 'postalCode', 'address', 'city'] as const;

const quantities = (lines: readonly { productId: string; count: number }[]) => {
  const byProduct = new Map<string, number>();
  for (const { productId, count } of lines) byProduct.set(productId, (byProduct.get(productId) ?? 0) + count);
  return [...byProduct]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, n]) => `${n} ${id}`)
    .join(', ');
};

/**
 * Invariant 1b (§4 cancel): once everything has settled, a page that shows a payment as pending and has no
 * cancel of it on its way shows the cart (and, in the tab that started it, the details) that the payment
 * charges for: any change since has cancelled it, or is cancelling it.
 */
export function pendingPaymentIsForTheShownCart(shown: ShownOrder, payment: PaymentRecord): string[] {
  const problems: string[] = [];
  const paid = quantities(payment.lines.filter((line) => line.source === 'cart'));
  const seen = quantities(shown.lines);
  if (payment.amount !== shown.total.amount || paid !== seen)
    problems.push(
      `tab ${shown.tab} shows ${money(shown.total)} (${seen || 'nothing'}) with payment ${payment.paymentId} ` +
        `pending and no cancel on its way, but that payment charges ${money(payment)} (${paid || 'nothing'})`,
    );
  if (shown.customer) {
    const customer = shown.customer;
    const differ = CUSTOMER_FIELDS.filter((f) => (customer[f] ?? '').trim() !== payment.customer[f].trim());
    if (differ.length > 0)
      problems.push(
        `tab ${shown.tab} started payment ${payment.paymentId}, still pending with no cancel on its way, ` +
          `but its ${differ.join(', ')} now differ from what the payment was started with`,
      );
  }
  return problems;
}

/** Invariant 2 (§4): never two payments pending for one session (one cart). */
export function onePendingPaymentPerSession(payments: readonly PaymentRecord[]): string[] {
  const bySession = new Map<string, string[]>();
  for (const p of payments) {
    if (p.status === 'STARTED') bySession.set(p.sid, [...(bySession.get(p.sid) ?? []), p.paymentId]);
  }
  return [...bySession]
    .filter(([, ids]) => ids.length > 1)
    .map(([sid, ids]) => `session ${sid.slice(0, 8)}… has ${ids.length} STARTED payments: ${ids.join(', ')}`);
}

/**
 * Invariant 3 (§2 cart page, §4 polling): a page that shows a payment as pending, with the cart page open,
 * learns within `graceMs` that the server completed it, and goes to the receipt.
 */
export function completedReachesReceipt(
  held: readonly HeldPayment[],
  now: number,
  graceMs: number,
): string[] {
  return held
    .filter((h) => now - h.since >= graceMs)
    .map(
      (h) =>
        `tab ${h.tab} has shown payment ${h.paymentId} as pending for ${(now - h.since) / 1000} s with the ` +
        'cart page open, though the server completed it',
    );
}

/** Invariant 3, at the end of a run (every tab back on the cart page for a while): every receipt was shown. */
export function everyCompletedPaymentReachedItsReceipt(
  payments: readonly PaymentRecord[],
  receipts: readonly { receiptId: string }[],
): string[] {
  return payments
    .filter((p) => p.status === 'COMPLETED' && !receipts.some((r) => r.receiptId === p.receiptId))
    .map(
      (p) =>
        `payment ${p.paymentId} (${p.methodType}, ${money(p)}) completed with receipt ${p.receiptId}, ` +
        'which no tab ever showed',
    );
}

/**
 * KNOWN ISSUE in today's code (reported with the test, docs/development.md "Model-based payment test"): the
 * session remembers a completed payment only until the next cart save. The demo server (like the backend's
 * PUT cart) then detaches it from the session (`releasePaymentForCartChange`), so no session answer says
 * COMPLETED for it again. A tab that still shows it pending when that happens (another tab showed the
 * receipt and saved the empty cart, or another tab saved an edit of the cart before any tab polled) never
 * learns the outcome: it waits and polls for ever; in the second case the paid lines are back in the cart
 * and no tab ever shows the receipt.
 *
 * `detached`: the payment completed and the session's cart no longer points at it. Such a payment excuses a
 * tab left showing it pending, and, when no page ever saw it COMPLETED (`seenCompleted` false), a receipt
 * never shown. A completion some page did see must still reach the receipt. `PAYMENT_MODEL_STRICT=1` turns
 * the excuse off.
 */
export function completedPaymentDetachedFromSession(
  payment: PaymentRecord,
  sessionCartPaymentId: string | null,
): boolean {
  return payment.status === 'COMPLETED' && sessionCartPaymentId !== payment.paymentId;
}

/** Invariant 3 (§4, §8): what the page shows as ERROR, FAILED or CANCELLED is not a completed payment. */
export function completedNeverShownAsFailed(
  shown: string,
  paymentId: string,
  serverStatus: string | null,
): string | null {
  return serverStatus === 'COMPLETED'
    ? `shows payment ${paymentId} as ${shown}, but the server has completed it`
    : null;
}

/** Invariant 4 (§2): the store goes to a receipt only of a payment of this session the server completed. */
export function receiptOnlyForCompletedPayment(
  receiptId: string,
  sid: string | null,
  payments: readonly PaymentRecord[],
): string | null {
  const payment = payments.find((p) => p.receiptId === receiptId);
  if (!payment) return `went to receipt ${receiptId}, which no payment on the server has`;
  if (payment.status !== 'COMPLETED')
    return `went to receipt ${receiptId} of payment ${payment.paymentId}, which is ${payment.status}`;
  if (payment.sid !== sid) return `went to receipt ${receiptId}, which belongs to another session's payment`;
  return null;
}

/**
 * Invariant 5 (§5 stock, demo-api.md "stock held while paying"): stock is never below 0, what was sold is
 * what the completed payments paid for and never more than there was, and the pending payments never hold
 * more than is left.
 */
export function stockNeverOversold(
  initial: ReadonlyMap<string, number>,
  current: ReadonlyMap<string, number>,
  payments: readonly PaymentRecord[],
  shopId: string,
): string[] {
  const problems: string[] = [];
  const units = (status: string, productId: string) =>
    payments
      .filter((p) => p.shopId === shopId && p.status === status)
      .flatMap((p) => p.lines)
      .filter((line) => line.source === 'cart' && line.productId === productId)
      .reduce((sum, line) => sum + line.count, 0);
  for (const [productId, start] of initial) {
    const left = current.get(productId);
    const sold = units('COMPLETED', productId);
    const held = units('STARTED', productId);
    if (left === undefined) problems.push(`${productId}: the server has no stock row`);
    else if (left < 0) problems.push(`${productId}: stock is ${left}`);
    if (sold > start) problems.push(`${productId}: ${sold} paid for, but only ${start} were in stock`);
    if (left !== undefined && left !== start - sold)
      problems.push(`${productId}: stock is ${left}, but ${start} − ${sold} paid for = ${start - sold}`);
    if (sold + held > start)
      problems.push(`${productId}: ${held} held by pending payments, but only ${start - sold} are left`);
  }
  return problems;
}

/** Invariant 6 (§4): the status is a state of the chart and each change of it is an edge of the chart. */
export function statusFollowsStateChart(chart: StateChart, from: string, to: string): string | null {
  if (!chart.states.has(to)) return `${to} is not a state of the chart`;
  if (!chart.edges.has(edgeKey(from, to))) return `${from} → ${to} is not an edge of the chart`;
  return null;
}

/**
 * §3 a tab shared by guests: for every entry, the pending payments' tab lines hold no more than the tab has
 * left, and what left the tab is exactly what the completed payments paid of it (never twice, never lost).
 */
export function tabLinePaidOnce(
  initial: readonly { id: string; count: number }[],
  left: ReadonlyMap<string, number>,
  payments: readonly PaymentRecord[],
): string[] {
  const units = (status: PaymentRecord['status'], entry: string) =>
    payments
      .filter((p) => p.status === status)
      .flatMap((p) => p.lines)
      .filter((line) => line.source === 'tab' && line.lineId === entry)
      .reduce((sum, line) => sum + line.count, 0);
  return initial.flatMap(({ id, count }) => {
    const now = left.get(id) ?? 0;
    const held = units('STARTED', id);
    const paid = units('COMPLETED', id);
    return [
      ...(held > now ? [`${id}: pending payments hold ${held}, the tab has ${now} left`] : []),
      ...(count - now !== paid
        ? [`${id}: ${count - now} left the tab, completed payments paid ${paid}`]
        : []),
    ];
  });
}
