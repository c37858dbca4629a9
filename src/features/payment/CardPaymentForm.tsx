import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeExpressCheckoutElementConfirmEvent } from '@stripe/stripe-js';
import { useMemo, useState, type FormEvent } from 'react';
// eslint-disable-next-line no-restricted-imports -- a page in a fixed language, which react-i18next's hook loads first
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import type { Money } from '../../domain/types';
import { useTheme } from '@emotion/react';
import { config } from '../../shared/config';
import { fontSize, radius, space } from '../../shared/theme/tokens';
import { fieldLabelStyle } from '../../shared/ui/fieldStyles';
import { Button } from '../../shared/ui/Button';
import { cardPaymentActions } from './cardPaymentSlice';
import { WalletButtons } from './panels/WalletButtons';
import { confirmCard, confirmCardElement, loadStripeFor, type CardOutcome } from './providers/stripe';
import type { RootState } from '../../app/hooks';

const selectConfirmation = (state: RootState) => state.cardPayment.confirmation;

/** A confirmation's outcome as the page's state: polled from now on, or the provider's code (§8, issue 39). */
const confirmationEnded = (outcome: CardOutcome) =>
  outcome.kind === 'succeeded'
    ? cardPaymentActions.confirmed()
    : cardPaymentActions.confirmFailed({ code: 'CARD_DECLINED', message: outcome.code ?? '' });

/**
 * Issue 25 the wallet buttons beside the card form, for the intent's amount: approving confirms this intent
 * as the card form does; a tap while a confirmation is under way or done does nothing.
 */
function IntentWallet({ clientSecret }: { clientSecret: string }) {
  const { t } = useTranslation(undefined, { lng: 'se' });
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const stripe = useStripe();
  const elements = useElements();
  const onConfirm = async (event: StripeExpressCheckoutElementConfirmEvent) => {
    if (!stripe || !elements) return event.paymentFailed();
    const { error } = await elements.submit();
    if (error) return event.paymentFailed();
    dispatch(cardPaymentActions.confirmStarted());
    dispatch(confirmationEnded(await confirmCard(stripe, elements, clientSecret)));
  };
  return (
    <WalletButtons
      label={t('paymentMethods.wallet.label')}
      merchantName={null}
      onClick={(event) => {
        const confirmation = selectConfirmation(store.getState());
        if (confirmation === 'processing' || confirmation === 'confirmed') event.reject();
        else event.resolve();
      }}
      onConfirm={(event) => void onConfirm(event)}
    />
  );
}

function Form({ clientSecret }: { clientSecret: string }) {
  const { t } = useTranslation(undefined, { lng: 'se' });
  const theme = useTheme();
  const dispatch = useAppDispatch();
  const stripe = useStripe();
  const elements = useElements();
  const confirmation = useAppSelector(selectConfirmation);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || confirmation === 'processing') return;
    dispatch(cardPaymentActions.confirmStarted());
    dispatch(confirmationEnded(await confirmCardElement(stripe, card, clientSecret)));
  };
  return (
    <form onSubmit={onSubmit} css={{ display: 'grid', gap: space.md }}>
      {/* The card field (Stripe's iframe) labels itself; the group names it for the page. */}
      <div role="group" aria-labelledby="card-label">
        <span id="card-label" css={fieldLabelStyle}>
          {t('cardPayment.cardLabel')}
        </span>
        <div
          css={{
            marginTop: space.xs,
            padding: space.md,
            borderRadius: radius.sm,
            border: `1px solid ${theme.textColor}`,
          }}
        >
          <CardElement
            options={{
              hidePostalCode: true,
              style: { base: { fontSize: fontSize.body, color: theme.textColor } },
            }}
          />
        </div>
      </div>
      <Button
        type="submit"
        disabled={!stripe || confirmation === 'processing' || confirmation === 'confirmed'}
      >
        {t('cardPayment.pay')}
      </Button>
    </form>
  );
}

/**
 * §2 card payment page's card input (Swedish locale), loaded with the intent's connected account, and the
 * wallet buttons (issue 25) above it in their own Elements, in deferred-intent mode for the intent's amount.
 */
export default function CardPaymentForm({
  clientSecret,
  stripeAccountId,
  amount,
}: {
  clientSecret: string;
  stripeAccountId: string;
  amount: Money;
}) {
  const { t } = useTranslation(undefined, { lng: 'se' });
  const [failed, setFailed] = useState(false);
  const stripePromise = useMemo(
    () =>
      loadStripeFor(config.stripePublishableKey, stripeAccountId, config.stripeJsUrl, 'sv').catch(() => {
        setFailed(true);
        return null;
      }),
    [stripeAccountId],
  );
  if (failed) return <p role="alert">{t('paymentMethods.stripe.unknownError')}</p>;
  return (
    <>
      <Elements
        stripe={stripePromise}
        options={{
          mode: 'payment',
          amount: amount.amount,
          currency: amount.currency.toLowerCase(),
          locale: 'sv',
        }}
      >
        <IntentWallet clientSecret={clientSecret} />
      </Elements>
      <Elements stripe={stripePromise} options={{ locale: 'sv' }}>
        <Form clientSecret={clientSecret} />
      </Elements>
    </>
  );
}
