import { Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type {
  StripeExpressCheckoutElementClickEvent,
  StripeExpressCheckoutElementConfirmEvent,
} from '@stripe/stripe-js';
import { useMemo, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/useTranslation';
import { useAppDispatch, useAppSelector, useAppStore, type AppStore } from '../../../app/hooks';
import type { PaymentMethod } from '../../../domain/types';
import { config } from '../../../shared/config';
import { useLanguage } from '../../../shared/i18n';
import { ErrorText } from '../../../shared/ui/ErrorText';
import { Spinner } from '../../../shared/ui/Spinner';
import { selectCartTotal } from '../../cart';
import { selectShopInfo } from '../../shopState';
import { errorOf } from '../paymentSelectors';
import { paymentActions, selectPaymentMachine, selectWallet, type PaymentMachine } from '../../paymentState';
import { confirmCard, loadStripeFor, STRIPE_LOCALE } from '../providers/stripe';
import { canRestart, paymentErrorText } from './paymentTexts';
import { WalletButtons } from './WalletButtons';

/** A wallet's sheet may open only when no attempt is under way: a tap while one is does nothing (issue 25). */
const startable = (machine: PaymentMachine) => canRestart(machine.status) || machine.status === 'NOT_STARTED';

/**
 * The machine once a start has settled: ended, or STARTED with the client secret to confirm (which §7's
 * intent call may bring a moment after the start's answer).
 */
function startSettled(store: AppStore): Promise<PaymentMachine> {
  return new Promise((resolve) => {
    const settled = () => {
      const machine = selectPaymentMachine(store.getState());
      return machine.status === 'LOADING' || (machine.status === 'STARTED' && !machine.clientSecret)
        ? null
        : machine;
    };
    const now = settled();
    if (now) return resolve(now);
    const unsubscribe = store.subscribe(() => {
      const machine = settled();
      if (!machine) return;
      unsubscribe();
      resolve(machine);
    });
  });
}

/**
 * The wallet buttons of the cart, inside Elements. A tap opens the wallet's sheet for the total the page
 * shows then; approving starts the payment as Pay does (the shown cart's fingerprint, so another tab's change
 * is refused with CART_CHANGED), for exactly that amount, and confirms it with the client secret; polling
 * then brings the receipt (§4). Cancelling the sheet changes nothing. Progress and failures show here, where
 * the customer tapped.
 */
function CartWalletButtons({ paymentMethodId }: { paymentMethodId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const stripe = useStripe();
  const elements = useElements();
  const merchantName = useAppSelector((state) => selectShopInfo(state)?.title ?? null);
  const machine = useAppSelector(selectPaymentMachine);
  const wallet = useAppSelector(selectWallet);
  const sheetAmount = useRef(0);

  const onClick = (event: StripeExpressCheckoutElementClickEvent) => {
    const state = store.getState();
    if (!elements || !startable(selectPaymentMachine(state))) return event.reject();
    // The sheet shows the total of this moment, whatever Elements last heard.
    sheetAmount.current = selectCartTotal(state).amount;
    elements.update({ amount: sheetAmount.current });
    event.resolve();
  };

  const onConfirm = async (event: StripeExpressCheckoutElementConfirmEvent) => {
    if (!stripe || !elements) return event.paymentFailed();
    const { error } = await elements.submit();
    if (error) return event.paymentFailed();
    dispatch(paymentActions.startRequested({ paymentMethodId, wallet: { amount: sheetAmount.current } }));
    const state = store.getState();
    if (selectPaymentMachine(state).status !== 'LOADING' || !selectWallet(state))
      return event.paymentFailed();
    const started = await startSettled(store);
    // Refused (CART_CHANGED with the new total, out of stock, offline…) or dropped meanwhile: the sheet
    // closes and this section says why.
    if (started.status !== 'STARTED' || !started.clientSecret) return event.paymentFailed();
    const outcome = await confirmCard(stripe, elements, started.clientSecret);
    if (outcome.kind === 'failed')
      dispatch(
        paymentActions.providerFailed({ error: { code: 'CARD_DECLINED', message: outcome.code ?? '' } }),
      );
  };

  const busy = wallet && (machine.status === 'LOADING' || machine.status === 'STARTED');
  return (
    <>
      <WalletButtons
        label={t('paymentMethods.wallet.label')}
        merchantName={merchantName}
        onClick={onClick}
        onConfirm={(event) => void onConfirm(event)}
      />
      {busy && <Spinner label={t('paymentMethods.stripe.processing')} />}
      {wallet && canRestart(machine.status) && (
        <ErrorText focus>{paymentErrorText(t, 'stripe', machine.status, errorOf(machine))}</ErrorText>
      )}
    </>
  );
}

/**
 * Issue 25 Apple Pay and Google Pay in the cart, through Stripe's Express Checkout Element: this file is its
 * own chunk, loaded with Stripe.js (for the card method's connected account) only once the buttons may show
 * (`selectWalletMethod`). Elements runs in deferred-intent mode with the shown total, which it hears again
 * on every change of the cart (react-stripe-js passes it on through `elements.update`). Stripe.js failing to
 * load shows no buttons: the methods below still offer the card.
 */
export default function CartWallet({ method }: { method: PaymentMethod }) {
  const lng = useLanguage();
  const total = useAppSelector(selectCartTotal);
  const locale = STRIPE_LOCALE[lng];
  const stripePromise = useMemo(
    () =>
      loadStripeFor(config.stripePublishableKey, method.stripeAccountId, config.stripeJsUrl, locale).catch(
        () => null,
      ),
    [method.stripeAccountId, locale],
  );
  return (
    <Elements
      key={`${method.stripeAccountId}:${locale}`}
      stripe={stripePromise}
      options={{ mode: 'payment', amount: total.amount, currency: total.currency.toLowerCase(), locale }}
    >
      <CartWalletButtons paymentMethodId={method.id} />
    </Elements>
  );
}
