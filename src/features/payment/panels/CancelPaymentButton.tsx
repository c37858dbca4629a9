import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Button } from '../../../shared/ui/Button';
import { paymentActions } from '../paymentSlice';

/** Drops a started payment: deselecting its method cancels it (§4), on the server too. */
export function CancelPaymentButton({ paymentMethodId }: { paymentMethodId: string }) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  return (
    <Button variant="secondary" onClick={() => dispatch(paymentActions.methodSelected({ paymentMethodId }))}>
      {t('common.cancel')}
    </Button>
  );
}
