/**
 * The ONE place where the model-based payment test reads a store's state. Everything the test looks at (the
 * §4 status, the payment id, what the cart page shows and offers) comes out of `observe`, so a change of the
 * payment slice's shape (e.g. a discriminated union on `status` with a `CANCELLING` status) is a change of
 * this function only.
 */
import type { RootState } from '../../../src/app/store';
import type { CustomerField, Money } from '../../../src/domain/types';
import { selectCartItems, selectCartTotal, selectRemainingStock } from '../../../src/features/cart';
import { selectCanChoosePayment } from '../../../src/features/payment/paymentSelectors';
import { paymentIdOf } from '../../../src/features/paymentState/paymentSlice';

/** The products the commands put in carts (café fixtures). */
const MODEL_PRODUCTS = ['semla', 'kanelbulle', 'cappuccino'] as const;
export type ModelProduct = (typeof MODEL_PRODUCTS)[number];

interface CartLineView {
  id: string;
  productId: string;
  count: number;
}

/** What one tab shows, as far as the test cares. */
export interface Observation {
  /** The §4 status the page shows (a state of the chart in docs/architecture.md). */
  status: string;
  /** The payment the page is about (started, picked up from the session, or the last one that ended). */
  paymentId: string | null;
  receiptId: string | null;
  /** The page shows a payment under way: it polls it, and an approval must still lead to the receipt. */
  pending: boolean;
  /** A cancel of the pending payment is on its way or being retried. */
  cancelling: boolean;
  selectedMethod: string | null;
  /** A card payment's client secret (a resumed Stripe payment has none: Pay starts it again). */
  clientSecret: string | null;
  /** §2 the payment choices are offered (valid details, something to pay). */
  canChoose: boolean;
  /** The total the cart page shows (cart lines and chosen tab lines). */
  total: Money;
  lines: CartLineView[];
  /** The details in "your info" as typed. */
  customer: Partial<Record<CustomerField, string>>;
  /** §5 how many more of each model product the page lets the customer add. */
  remaining: Record<ModelProduct, number>;
  shopLoaded: boolean;
  sessionLoaded: boolean;
  kioskResetting: boolean;
}

export function observe(state: RootState): Observation {
  const payment = state.payment;
  const m = payment.machine;
  const remaining = {} as Record<ModelProduct, number>;
  for (const product of MODEL_PRODUCTS) remaining[product] = selectRemainingStock(state, product);
  return {
    status: m.status,
    paymentId: paymentIdOf(m),
    receiptId: m.status === 'COMPLETED' ? m.receiptId : null,
    pending: m.status === 'STARTED' || m.status === 'CANCELLING',
    cancelling: m.status === 'CANCELLING',
    selectedMethod: payment.selectedPaymentMethod,
    clientSecret: m.status === 'STARTED' ? m.clientSecret : null,
    canChoose: state.shop.status === 'loaded' && selectCanChoosePayment(state),
    total: selectCartTotal(state),
    lines: selectCartItems(state).map(({ id, productId, count }) => ({ id, productId, count })),
    customer: { ...payment.customer },
    remaining,
    shopLoaded: state.shop.status === 'loaded',
    sessionLoaded: state.session.initialLoadDone,
    kioskResetting: state.kiosk.resetting,
  };
}
