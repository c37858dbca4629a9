import { useTranslation } from '../../../shared/i18n/useTranslation';
import { useAppDispatch } from '../../../app/hooks';
import { Button } from '../../../shared/ui/Button';
import { paymentActions } from '../../paymentState';

/** Drops a started payment: the flow saga cancels it (§4), on the server too, and its method is deselected. */
export function CancelPaymentButton({ paymentMethodId }: { paymentMethodId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <Button variant="secondary" onClick={() => dispatch(paymentActions.cancelClicked({ paymentMethodId }))}>
      {t('common.cancel')}
    </Button>
  );
}
