import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Spinner } from '../../shared/ui/Spinner';
import { selectCartTotal } from '../cart/cartSelectors';
import { selectPaymentMethodById } from '../shop/shopSelectors';
import type { ShopState } from '../shop/shopSlice';
import { SwishPanel } from './panels/SwishPanel';
import { VivaPanel } from './panels/VivaPanel';
import { selectSelectedPaymentMethod } from './paymentSelectors';

// Stripe.js and its React bindings load only when a card panel opens (DESIGN rule 7).
const StripePanel = lazy(() => import(/* webpackChunkName: "stripe-panel" */ './panels/StripePanel'));

/** The panel of the chosen payment method (§2 payment method panels). */
export function PaymentPanel({ shopId, origin }: { shopId: string; origin: string }) {
  const { t } = useTranslation();
  const selectedId = useSelector(selectSelectedPaymentMethod);
  const method = useSelector((state: { shop: ShopState }) =>
    selectedId ? selectPaymentMethodById(state, selectedId) : undefined,
  );
  const total = useSelector(selectCartTotal);
  if (!method) return null;
  switch (method.type) {
    case 'SWISH_TRADE':
      return (
        <SwishPanel
          paymentMethodId={method.id}
          callbackUrl={`${origin}/${encodeURIComponent(shopId)}/cart`}
        />
      );
    case 'VIVA_WALLET_WEB':
      return <VivaPanel paymentMethodId={method.id} />;
    case 'STRIPE':
      return (
        <Suspense fallback={<Spinner label={t('paymentMethods.stripe.loading')} />}>
          <StripePanel paymentMethodId={method.id} stripeAccountId={method.stripeAccountId} amount={total} />
        </Suspense>
      );
  }
}
