import { useEffect, useRef } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useTheme } from '@emotion/react';
import type { PaymentMethodType } from '../../domain/types';
import { radius, space, touchTarget } from '../../shared/theme/tokens';
import { plainListStyle } from '../../shared/ui/styles';
import { selectPaymentMethods } from '../shopState';
import { paymentActions, selectSelectedPaymentMethod } from '../paymentState';
import { selectPaymentNotCompleted } from './paymentSelectors';

const NAME_KEY = {
  VIVA_WALLET_WEB: 'paymentMethods.names.vivaWallet',
  SWISH_TRADE: 'paymentMethods.names.swish',
  STRIPE: 'paymentMethods.names.stripe',
} as const satisfies Record<PaymentMethodType, string>;

/** §2 'choose payment': one toggle per method of the shop; choosing the chosen one again deselects it. */
export function PaymentMethodChoice() {
  const { t } = useTranslation();
  const theme = useTheme();
  const dispatch = useAppDispatch();
  const methods = useAppSelector((state) => selectPaymentMethods(state));
  const selected = useAppSelector(selectSelectedPaymentMethod);
  const notCompleted = useAppSelector(selectPaymentNotCompleted);
  // §4 as a failure's message does: the page opens at its top after Viva's redirect, so the focus moves to it.
  const notCompletedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notCompleted) notCompletedRef.current?.focus({ preventScroll: false });
  }, [notCompleted]);
  return (
    <section aria-labelledby="choose-payment">
      <h2 id="choose-payment">{t('paymentMethods.title')}</h2>
      {/* Back from a provider's page without paying: that payment was cancelled; say so where the choice is. */}
      <p
        ref={notCompletedRef}
        role="status"
        tabIndex={notCompleted ? -1 : undefined}
        css={{ margin: notCompleted ? `0 0 ${space.md}px` : 0 }}
      >
        {notCompleted && t('paymentMethods.viva.notCompleted')}
      </p>
      <ul css={[plainListStyle, { display: 'grid', gap: space.sm }]}>
        {methods.map((method) => (
          <li key={method.id}>
            <button
              type="button"
              aria-pressed={selected === method.id}
              onClick={() => dispatch(paymentActions.methodSelected({ paymentMethodId: method.id }))}
              css={{
                width: '100%',
                minHeight: touchTarget.phoneLarge,
                padding: `0 ${space.lg}px`,
                textAlign: 'left',
                font: 'inherit',
                fontWeight: 600,
                borderRadius: radius.md,
                cursor: 'pointer',
                color: theme.textColor,
                background: selected === method.id ? theme.transparentBackgroundColor : theme.backgroundColor,
                border: `2px solid ${selected === method.id ? theme.paymentBorderColor : theme.borderColor}`,
              }}
            >
              {t(NAME_KEY[method.type])}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
