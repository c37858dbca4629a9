import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { PaymentMethodType } from '../../domain/types';
import { space } from '../../shared/theme/tokens';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { noMarginStyle } from '../../shared/ui/styles';
import {
  paymentActions,
  selectHeldCartChange,
  selectSelectedPaymentMethod,
  selectWallet,
} from '../paymentState';
import { selectPaymentMethods } from '../shopState';
import type { RootState } from '../../app/hooks';

/** §4 what the question says the change cancels, per provider. */
const CANCELS_KEY = {
  SWISH_TRADE: 'cart.changeDialog.cancelsSwish',
  VIVA_WALLET_WEB: 'cart.changeDialog.cancelsViva',
  STRIPE: 'cart.changeDialog.cancelsCard',
} as const satisfies Record<PaymentMethodType, string>;

/** The text of the payment a change would cancel: a wallet's, the chosen method's, or any payment's. */
const selectCancelsKey = (state: RootState) => {
  if (selectWallet(state)) return 'cart.changeDialog.cancelsWallet';
  const chosen = selectSelectedPaymentMethod(state);
  const type = selectPaymentMethods(state).find((method) => method.id === chosen)?.type;
  return type ? CANCELS_KEY[type] : 'cart.changeDialog.cancelsPayment';
};

/**
 * §4 a cart change asked for while a payment is STARTED (held by `useCartChange`): it would cancel the
 * payment, so the customer is asked first. "Change order" applies the change, which cancels the payment as
 * any change does; "Keep paying" (or Escape, or the backdrop) drops it, and the cart and the payment stay.
 */
export function CartChangeDialog() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const change = useAppSelector(selectHeldCartChange);
  const cancelsKey = useAppSelector(selectCancelsKey);
  if (!change) return null;
  const keepPaying = () => dispatch(paymentActions.cartChangeAnswered());
  const changeOrder = () => {
    dispatch(paymentActions.cartChangeAnswered());
    dispatch(change);
  };
  return (
    <Dialog
      labelledBy="cart-change-title"
      describedBy="cart-change-text"
      role="alertdialog"
      onClose={keepPaying}
    >
      <div css={{ padding: space.xl, display: 'grid', gap: space.lg }}>
        <h2 id="cart-change-title" css={noMarginStyle}>
          {t('cart.changeDialog.title')}
        </h2>
        <p id="cart-change-text" css={noMarginStyle}>
          {t(cancelsKey)}
        </p>
        <Button onClick={keepPaying}>{t('cart.changeDialog.keepPaying')}</Button>
        <Button variant="secondary" onClick={changeOrder}>
          {t('cart.changeDialog.changeOrder')}
        </Button>
      </div>
    </Dialog>
  );
}
