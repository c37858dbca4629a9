import { Suspense } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppSelector } from '../../app/hooks';
import { lazyWithRetry } from '../../shared/lazyWithRetry';
import { InView } from '../../shared/ui/InView';
import { LoadBoundary } from '../../shared/ui/LoadBoundary';
import { Spinner } from '../../shared/ui/Spinner';
import { selectCartTotal } from '../cart';
import { selectPaymentMethodById } from '../shopState';
import { selectIsKiosk } from '../kiosk';
import { SwishPanel } from './panels/SwishPanel';
import { SwishQrPanel } from './panels/SwishQrPanel';
import { VivaPanel } from './panels/VivaPanel';
import { swishCallbackUrl } from './providers/swish';
import { selectSelectedPaymentMethod, selectWallet } from '../paymentState';
import { selectPaymentCancelling } from './paymentSelectors';

// Stripe.js and its React bindings load only when a card panel opens (DESIGN rule 7).
const StripePanel = lazyWithRetry(
  () => import(/* webpackChunkName: "stripe-panel" */ './panels/StripePanel'),
);

/** The card panel, loaded on demand; a failed load is tried again (Try again, the method chosen again, online). */
function LazyStripePanel(props: { paymentMethodId: string; stripeAccountId: string | null }) {
  const { t } = useTranslation();
  const total = useAppSelector(selectCartTotal);
  return (
    <LoadBoundary>
      <Suspense fallback={<Spinner label={t('paymentMethods.stripe.loading')} />}>
        <StripePanel {...props} amount={total} />
      </Suspense>
    </LoadBoundary>
  );
}

/**
 * The panel of the chosen payment method (§2 payment method panels). While a started payment is being
 * cancelled it stays pending until the server confirms, and this says so instead of a method's panel.
 * None while a wallet's attempt is on (§2): the wallet's own section shows it. On a kiosk it comes
 * into view as it opens and grows (Swish's QR code and the amount, the card's form, a failure's message).
 */
export function PaymentPanel({ shopId, origin }: { shopId: string; origin: string }) {
  const kiosk = useAppSelector(selectIsKiosk);
  const panel = <MethodPanel shopId={shopId} origin={origin} kiosk={kiosk} />;
  return kiosk ? <InView>{panel}</InView> : panel;
}

function MethodPanel({ shopId, origin, kiosk }: { shopId: string; origin: string; kiosk: boolean }) {
  const { t } = useTranslation();
  const selectedId = useAppSelector(selectSelectedPaymentMethod);
  const cancelling = useAppSelector(selectPaymentCancelling);
  const method = useAppSelector((state) =>
    selectedId ? selectPaymentMethodById(state, selectedId) : undefined,
  );
  // A wallet's attempt shows its progress and outcome by the wallet buttons, and no panel may confirm it.
  const wallet = useAppSelector(selectWallet);
  if (cancelling === 'sending') return <Spinner label={t('paymentMethods.cancelling')} />;
  if (cancelling === 'retrying') return <Spinner label={t('paymentMethods.cancelFailed')} />;
  if (!method || wallet) return null;
  switch (method.type) {
    case 'SWISH_TRADE':
      if (kiosk) return <SwishQrPanel paymentMethodId={method.id} />;
      return <SwishPanel paymentMethodId={method.id} callbackUrl={swishCallbackUrl(origin, shopId)} />;
    case 'VIVA_WALLET_WEB':
      return <VivaPanel paymentMethodId={method.id} />;
    case 'STRIPE':
      return <LazyStripePanel paymentMethodId={method.id} stripeAccountId={method.stripeAccountId} />;
  }
}
