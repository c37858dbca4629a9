import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { Button } from '../../shared/ui/Button';
import { ErrorText } from '../../shared/ui/ErrorText';
import { Spinner } from '../../shared/ui/Spinner';
import { selectCartTotal } from '../cart';
import { selectPaymentMethodById } from '../shop';
import { selectIsKiosk } from '../kiosk';
import { SwishPanel } from './panels/SwishPanel';
import { SwishQrPanel } from './panels/SwishQrPanel';
import { VivaPanel } from './panels/VivaPanel';
import { swishCallbackUrl } from './providers/swish';
import { selectPaymentCancelling, selectSelectedPaymentMethod } from './paymentSelectors';

// Stripe.js and its React bindings load only when a card panel opens (DESIGN rule 7). A new lazy component
// per attempt: React keeps a failed import, so trying again needs a fresh one.
const loadStripePanel = () =>
  lazy(() => import(/* webpackChunkName: "stripe-panel" */ './panels/StripePanel'));

/**
 * A panel whose code could not be loaded (offline, a flaky network) shows why in place, with a way to try
 * again, instead of the route's error page: the cart and the typed details stay.
 */
export class PanelLoadBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The card panel, loaded on demand; a failed load can be tried again. */
function LazyStripePanel(props: { paymentMethodId: string; stripeAccountId: string | null }) {
  const { t } = useTranslation();
  const total = useAppSelector(selectCartTotal);
  const [attempt, setAttempt] = useState(() => ({ n: 0, Panel: loadStripePanel() }));
  const { Panel } = attempt;
  return (
    <PanelLoadBoundary
      key={attempt.n}
      fallback={
        <>
          <ErrorText>{navigator.onLine ? t('error.anErrorOccurred') : t('common.offline')}</ErrorText>
          <Button onClick={() => setAttempt(({ n }) => ({ n: n + 1, Panel: loadStripePanel() }))}>
            {t('common.retry')}
          </Button>
        </>
      }
    >
      <Suspense fallback={<Spinner label={t('paymentMethods.stripe.loading')} />}>
        <Panel {...props} amount={total} />
      </Suspense>
    </PanelLoadBoundary>
  );
}

/**
 * The panel of the chosen payment method (§2 payment method panels). While a started payment is being
 * cancelled it stays pending until the server confirms, and this says so instead of a method's panel.
 * None while a wallet's attempt is on (issue 25): the wallet's own section shows it.
 */
export function PaymentPanel({ shopId, origin }: { shopId: string; origin: string }) {
  const { t } = useTranslation();
  const selectedId = useAppSelector(selectSelectedPaymentMethod);
  const cancelling = useAppSelector(selectPaymentCancelling);
  const method = useAppSelector((state) =>
    selectedId ? selectPaymentMethodById(state, selectedId) : undefined,
  );
  const kiosk = useAppSelector(selectIsKiosk);
  // A wallet's attempt shows its progress and outcome by the wallet buttons, and no panel may confirm it.
  const wallet = useAppSelector((state) => state.payment.wallet);
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
