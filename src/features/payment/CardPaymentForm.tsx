import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useTheme } from '@emotion/react';
import { config } from '../../shared/config';
import { fontSize, radius, space } from '../../shared/theme/tokens';
import { fieldLabelStyle } from '../../shared/ui/fieldStyles';
import { Button } from '../../shared/ui/Button';
import { cardPaymentActions } from './cardPaymentSlice';
import { confirmCardElement, loadStripeFor } from './providers/stripe';
import type { RootState } from '../../app/hooks';

const selectConfirmation = (state: RootState) => state.cardPayment.confirmation;

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
    const outcome = await confirmCardElement(stripe, card, clientSecret);
    dispatch(
      outcome.kind === 'succeeded'
        ? cardPaymentActions.confirmed()
        : cardPaymentActions.confirmFailed({ code: 'CARD_DECLINED', message: outcome.message ?? '' }),
    );
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

/** §2 card payment page's card input (Swedish locale), loaded with the intent's connected account. */
export default function CardPaymentForm({
  clientSecret,
  stripeAccountId,
}: {
  clientSecret: string;
  stripeAccountId: string;
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
    <Elements stripe={stripePromise} options={{ locale: 'sv' }}>
      <Form clientSecret={clientSecret} />
    </Elements>
  );
}
