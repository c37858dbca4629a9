import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/useTranslation';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { Money } from '../../../domain/types';
import { config } from '../../../shared/config';
import { useLanguage } from '../../../shared/i18n';
import { useRetryWhenOnline } from '../../../shared/useRetryWhenOnline';
import { Button } from '../../../shared/ui/Button';
import { Spinner } from '../../../shared/ui/Spinner';
import { space } from '../../../shared/theme/tokens';
import { errorOf } from '../paymentSelectors';
import { paymentActions, selectPaymentMachine } from '../../paymentState';
import { confirmCard, loadStripeFor, STRIPE_LOCALE } from '../providers/stripe';
import { ErrorText } from '../../../shared/ui/ErrorText';
import { LoadFailed } from '../../../shared/ui/LoadBoundary';
import { canRestart, paymentErrorText } from './paymentTexts';

/** The form inside Elements: Pay starts the payment; once it has a client secret the card is confirmed. */
function CardForm({ paymentMethodId }: { paymentMethodId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const stripe = useStripe();
  const elements = useElements();
  const machine = useAppSelector(selectPaymentMachine);
  const { status } = machine;
  const error = errorOf(machine);
  const { clientSecret = null, paymentId = null } = machine.status === 'STARTED' ? machine : {};
  const confirmed = useRef<string | null>(null);

  useEffect(() => {
    // One confirmation per started payment (§4: submit, confirm without redirect, then poll).
    if (status !== 'STARTED' || !clientSecret || !stripe || !elements || confirmed.current === paymentId)
      return;
    confirmed.current = paymentId;
    void confirmCard(stripe, elements, clientSecret).then((outcome) => {
      if (outcome.kind === 'failed') {
        confirmed.current = null; // a restart reuses the server's pending payment: confirm it again
        dispatch(
          paymentActions.providerFailed({ error: { code: 'CARD_DECLINED', message: outcome.code ?? '' } }),
        );
      }
    });
  }, [status, clientSecret, paymentId, stripe, elements, dispatch]);

  // After a reload the payment may still be STARTED but without its client secret (the session does not carry
  // it): the customer enters the card again and Pay fetches it anew (the server answers the same payment).
  const resumed = status === 'STARTED' && !clientSecret;
  const busy = status === 'LOADING' || (status === 'STARTED' && !resumed);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (busy || !elements) return;
        // Stripe's order: elements.submit() first, in the Pay handler, before any other async work (the
        // server round trip); the Payment Element itself shows what is wrong with the card details.
        void elements.submit().then(({ error: invalid }) => {
          if (!invalid) dispatch(paymentActions.startRequested({ paymentMethodId }));
        });
      }}
      css={{ display: 'grid', gap: space.md, marginTop: space.lg }}
    >
      <PaymentElement options={{ layout: 'tabs' }} />
      {busy && <Spinner label={t('paymentMethods.stripe.processing')} />}
      {canRestart(status) && <ErrorText focus>{paymentErrorText(t, 'stripe', status, error)}</ErrorText>}
      <Button type="submit" disabled={busy || !stripe || !elements}>
        {t('paymentMethods.stripe.pay')}
      </Button>
    </form>
  );
}

/** Stripe's elements for one attempt at loading Stripe.js (a new attempt is a new instance, see below). */
function StripeElements({
  paymentMethodId,
  stripeAccountId,
  amount,
  onLoadFailed,
}: {
  paymentMethodId: string;
  stripeAccountId: string | null;
  amount: Money;
  onLoadFailed: (failed: true) => void;
}) {
  const lng = useLanguage();
  const stripePromise = useMemo(
    () =>
      loadStripeFor(
        config.stripePublishableKey,
        stripeAccountId,
        config.stripeJsUrl,
        STRIPE_LOCALE[lng],
      ).catch(() => {
        onLoadFailed(true);
        return null;
      }),
    [stripeAccountId, lng, onLoadFailed],
  );
  return (
    <Elements
      stripe={stripePromise}
      options={{
        mode: 'payment',
        amount: Math.max(amount.amount, 1),
        currency: amount.currency.toLowerCase(),
        locale: STRIPE_LOCALE[lng],
      }}
    >
      <CardForm paymentMethodId={paymentMethodId} />
    </Elements>
  );
}

/**
 * §2 card via Stripe: Stripe.js is loaded with the method's connected account only when this panel
 * opens (this file is its own chunk), then the card element and a Pay button. Trying again after a failed
 * load mounts the elements afresh (a new `key`), which loads Stripe.js anew.
 */
export default function StripePanel(props: {
  paymentMethodId: string;
  stripeAccountId: string | null;
  amount: Money;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    setFailed(false);
    setAttempt((n) => n + 1);
  };
  // Back online: Stripe.js is asked for again by itself.
  useRetryWhenOnline(failed, retry);
  if (failed) return <LoadFailed retry={retry} errorText={t('paymentMethods.stripe.unknownError')} />;
  return <StripeElements key={attempt} {...props} onLoadFailed={setFailed} />;
}
