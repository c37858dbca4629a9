import { Suspense, useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { lazyWithRetry } from '../../shared/lazyWithRetry';
import { mq, space } from '../../shared/theme/tokens';
import { LoadBoundary } from '../../shared/ui/LoadBoundary';
import { ErrorText } from '../../shared/ui/ErrorText';
import { CustomerInfoForm } from './CustomerInfoForm';
import { PaymentMethodChoice } from './PaymentMethodChoice';
import { PaymentPanel } from './PaymentPanel';
import {
  selectCanChoosePayment,
  selectHasStockErrors,
  selectTabBeingPaidNotice,
  selectWalletMethod,
} from './paymentSelectors';
import { paymentActions } from '../paymentState';

// Apple Pay and Google Pay (issue 25) come with Stripe.js in their own chunk, only once they may show.
const CartWallet = lazyWithRetry(() => import(/* webpackChunkName: "wallet" */ './panels/CartWallet'));

/**
 * The wallet buttons, the payment choice and the chosen method's panel, once "your info" is valid and
 * something is in the cart (§2), and the stock message. Its own component: when a keystroke makes the form
 * valid or invalid, this part re-renders, not the form beside it.
 */
function PaymentSection({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const canChoosePayment = useAppSelector(selectCanChoosePayment);
  const walletMethod = useAppSelector(selectWalletMethod);
  const stockErrors = useAppSelector(selectHasStockErrors);
  const tabBeingPaid = useAppSelector(selectTabBeingPaidNotice);
  return (
    <div>
      {walletMethod && (
        // A wallet that cannot load shows nothing (the card is still among the choices) until the network is back.
        <LoadBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <CartWallet method={walletMethod} />
          </Suspense>
        </LoadBoundary>
      )}
      {canChoosePayment && (
        <>
          <PaymentMethodChoice />
          <PaymentPanel shopId={shopId} origin={window.location.origin} />
        </>
      )}
      {stockErrors && <ErrorText>{t('cart.outOfStockError')}</ErrorText>}
      {tabBeingPaid && (
        <ErrorText>
          {tabBeingPaid.titles.length > 0
            ? t('cart.tabBeingPaidError', { items: tabBeingPaid.titles })
            : t('cart.tabBeingPaidErrorUnnamed')}
        </ErrorText>
      )}
    </div>
  );
}

/**
 * The payment part of the cart page (§2): the customer's info and, once that is valid and something is in
 * the cart, the payment choice and the chosen method's panel. Only a choice made while it is shown starts a
 * payment (a pending one is polled on every screen, §4).
 */
export function Checkout({ shopId }: { shopId: string }) {
  const dispatch = useAppDispatch();

  useEffect(() => {
    dispatch(paymentActions.cartOpened());
    return () => {
      dispatch(paymentActions.cartClosed());
    };
  }, [dispatch]);

  return (
    <div css={{ display: 'grid', gap: space.xl, [mq.tabletUp]: { gridTemplateColumns: '1fr 1fr' } }}>
      <CustomerInfoForm />
      <PaymentSection shopId={shopId} />
    </div>
  );
}
