import { useTranslation } from '../../../shared/i18n/useTranslation';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button } from '../../../shared/ui/Button';
import { Spinner } from '../../../shared/ui/Spinner';
import { errorOf } from '../paymentSelectors';
import { paymentActions, selectPaymentMachine } from '../../paymentState';
import { ErrorText } from '../../../shared/ui/ErrorText';
import { CancelPaymentButton } from './CancelPaymentButton';
import { canRestart, paymentErrorText } from './paymentTexts';

/**
 * §2 Viva: choosing it starts the payment (startSagas' startWhenChosen) and the saga sends the browser
 * to Viva's hosted checkout; this panel shows the way there, a restart after a failure, and Cancel.
 */
export function VivaPanel({ paymentMethodId }: { paymentMethodId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const machine = useAppSelector(selectPaymentMachine);
  const { status } = machine;
  const error = errorOf(machine);
  const start = () => dispatch(paymentActions.startRequested({ paymentMethodId }));

  return (
    <div aria-live="polite">
      {(status === 'LOADING' || status === 'STARTED') && (
        <Spinner label={t('paymentMethods.viva.redirecting')} />
      )}
      {status === 'STARTED' && (
        // Back from the checkout without paying: let the customer drop this payment (Cancel cancels it, §4).
        <CancelPaymentButton paymentMethodId={paymentMethodId} />
      )}
      {canRestart(status) && (
        <>
          <ErrorText focus>{paymentErrorText(t, 'swish', status, error)}</ErrorText>
          <Button onClick={start}>{t('paymentMethods.restart')}</Button>
        </>
      )}
      {status === 'NOT_STARTED' && <Button onClick={start}>{t('paymentMethods.viva.continue')}</Button>}
    </div>
  );
}
