import { ExpressCheckoutElement } from '@stripe/react-stripe-js';
import type {
  StripeExpressCheckoutElementClickEvent,
  StripeExpressCheckoutElementConfirmEvent,
  StripeExpressCheckoutElementOptions,
} from '@stripe/stripe-js';
import { useMemo, useState } from 'react';
import { space, touchTarget } from '../../../shared/theme/tokens';

/** Issue 25 offers the two wallets only: Link, PayPal, Amazon Pay and Klarna never show. */
const WALLETS_ONLY = {
  applePay: 'auto',
  googlePay: 'auto',
  link: 'never',
  paypal: 'never',
  amazonPay: 'never',
  klarna: 'never',
} as const;

/**
 * The wallet buttons the device supports (Stripe's Express Checkout Element), inside the caller's
 * `<Elements>`. Where the device has no wallet the element draws nothing, and neither does this: no group,
 * no label, no margin (the caller's gap goes with it).
 */
export function WalletButtons({
  label,
  merchantName,
  onClick,
  onConfirm,
}: {
  label: string;
  merchantName: string | null;
  onClick: (event: StripeExpressCheckoutElementClickEvent) => void;
  onConfirm: (event: StripeExpressCheckoutElementConfirmEvent) => void;
}) {
  const [available, setAvailable] = useState(false);
  const options = useMemo<StripeExpressCheckoutElementOptions>(
    () => ({
      paymentMethods: WALLETS_ONLY,
      buttonHeight: touchTarget.phoneLarge,
      ...(merchantName ? { business: { name: merchantName } } : {}),
    }),
    [merchantName],
  );
  return (
    <div
      {...(available ? { role: 'group', 'aria-label': label } : {})}
      css={available ? { marginBottom: space.lg } : undefined}
    >
      <ExpressCheckoutElement
        options={options}
        onReady={(event) => setAvailable(event.availablePaymentMethods !== undefined)}
        onClick={onClick}
        onConfirm={onConfirm}
      />
    </div>
  );
}
