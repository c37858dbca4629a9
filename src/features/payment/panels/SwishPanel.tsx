import type { FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/useTranslation';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, ButtonLink } from '../../../shared/ui/Button';
import { Spinner } from '../../../shared/ui/Spinner';
import { space } from '../../../shared/theme/tokens';
import { TextField } from '../../../shared/ui/TextField';
import { paymentActions, selectCustomerFieldValue, selectPaymentMachine } from '../../paymentState';
import { errorOf, selectCustomerFieldRules, selectSwishMode } from '../paymentSelectors';
import { appLinkFor } from '../providers/swish';
import { ErrorText } from '../../../shared/ui/ErrorText';
import { CancelPaymentButton } from './CancelPaymentButton';
import { canRestart, paymentErrorText } from './paymentTexts';

/**
 * The number the Swish request goes to, asked here when the form does not ask it. It is the customer's phone
 * field, so it subscribes to that value alone: typing re-renders this field, not the panel.
 */
function SwishPhoneField() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const phone = useAppSelector((state) => selectCustomerFieldValue(state, 'phone'));
  return (
    <TextField
      label={t('paymentMethods.swish.phoneLabel')}
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      value={phone}
      onChange={(e) =>
        dispatch(paymentActions.customerFieldChanged({ field: 'phone', value: e.target.value }))
      }
    />
  );
}

/**
 * §2 Swish: on a phone the payment starts as soon as Swish is chosen (startSagas' startWhenChosen) and
 * the app opens; elsewhere the customer enters the phone number that gets the request and presses start.
 * Restart after a failure.
 */
export function SwishPanel({
  paymentMethodId,
  callbackUrl,
}: {
  paymentMethodId: string;
  callbackUrl: string;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const machine = useAppSelector(selectPaymentMachine);
  const { status } = machine;
  const error = errorOf(machine);
  const token = machine.status === 'STARTED' ? machine.token : null;
  const mobile = useAppSelector(selectSwishMode) === 'app';
  // The number the request goes to is the customer's phone; ask for it here only if the form does not.
  const formHasPhone = useAppSelector(selectCustomerFieldRules).phone.active;
  const start = () => dispatch(paymentActions.startRequested({ paymentMethodId }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    start();
  };
  const restartable = canRestart(status);
  return (
    <div aria-live="polite">
      {/* Chosen but not started (the saga starts it on choosing): never a panel without a way on. */}
      {mobile && status === 'NOT_STARTED' && (
        <Button onClick={start}>{t('paymentMethods.swish.start')}</Button>
      )}
      {mobile && restartable && (
        <>
          <ErrorText focus>{paymentErrorText(t, 'swish', status, error)}</ErrorText>
          <Button onClick={start}>{t('paymentMethods.swish.restart')}</Button>
        </>
      )}
      {/* Off the phone the number is asked here whenever the form does not ask it, also after a failure. */}
      {!mobile && (status === 'NOT_STARTED' || restartable) && (
        <form onSubmit={onSubmit} noValidate css={{ marginTop: space.lg }}>
          {restartable && <ErrorText focus>{paymentErrorText(t, 'swish', status, error)}</ErrorText>}
          {!formHasPhone && <SwishPhoneField />}
          <Button type="submit">
            {restartable ? t('paymentMethods.swish.restart') : t('paymentMethods.swish.start')}
          </Button>
        </form>
      )}
      {status === 'LOADING' && <Spinner label={t('common.loading')} />}
      {status === 'STARTED' && (
        <>
          <Spinner label={t('paymentMethods.swish.waiting')} />
          {mobile && token && (
            <ButtonLink href={appLinkFor(token, callbackUrl)}>{t('paymentMethods.swish.openApp')}</ButtonLink>
          )}
          {/* Changed their mind: Cancel cancels the payment (§4). */}
          <CancelPaymentButton paymentMethodId={paymentMethodId} />
        </>
      )}
    </div>
  );
}
