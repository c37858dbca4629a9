import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/useTranslation';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Amount } from '../../../shared/ui/Amount';
import { Button } from '../../../shared/ui/Button';
import { ErrorText } from '../../../shared/ui/ErrorText';
import { QrCode } from '../../../shared/ui/QrCode';
import { fontSize, space } from '../../../shared/theme/tokens';
import { Spinner } from '../../../shared/ui/Spinner';
import { TextField } from '../../../shared/ui/TextField';
import { selectCartTotal } from '../../cart';
import { errorOf } from '../paymentSelectors';
import { paymentActions, selectPaymentMachine } from '../../paymentState';
import { qrPayloadFor } from '../providers/swish';
import { CancelPaymentButton } from './CancelPaymentButton';
import { canRestart, paymentErrorText } from './paymentTexts';

/**
 * Swish on a counter kiosk (Swish's q-commerce flow): choosing Swish starts the payment at once
 * (startSagas' startWhenChosen) and this panel shows its request as a QR code, which the customer
 * scans with the Swish app on their own phone. The kiosk never opens `swish://` (it is nobody's phone).
 * Entering a phone number instead sends the request to that phone: the QR payment is cancelled first, so
 * only one request can ever be approved.
 */
export function SwishQrPanel({ paymentMethodId }: { paymentMethodId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const machine = useAppSelector(selectPaymentMachine);
  const { status } = machine;
  const error = errorOf(machine);
  const token = machine.status === 'STARTED' ? machine.token : null;
  const total = useAppSelector(selectCartTotal);
  const [phone, setPhone] = useState('');

  const sendToPhone = (event: FormEvent) => {
    event.preventDefault();
    dispatch(paymentActions.swishPhoneChosen({ paymentMethodId, phone: phone.trim() }));
  };
  const restartable = canRestart(status);
  return (
    <div css={{ display: 'grid', gap: space.lg, marginTop: space.lg }}>
      <div aria-live="polite">
        {status === 'LOADING' && <Spinner label={t('common.loading')} />}
        {(restartable || status === 'NOT_STARTED') && (
          <>
            {restartable && <ErrorText focus>{paymentErrorText(t, 'swish', status, error)}</ErrorText>}
            <Button onClick={() => dispatch(paymentActions.startRequested({ paymentMethodId }))}>
              {t('kiosk.swish.newQr')}
            </Button>
          </>
        )}
        {status === 'STARTED' && token && (
          /* What the customer approves in the app and how, then the code: beside it where the panel is wide
             enough, else above it, so the amount, the words and the code fit the smallest view (§2, kiosk). */
          <figure
            css={{
              margin: 0,
              display: 'flex',
              flexWrap: 'wrap',
              justifyContent: 'center',
              alignItems: 'center',
              gap: space.md,
            }}
          >
            <figcaption
              css={{
                flex: '1 1 6em',
                display: 'grid',
                justifyItems: 'center',
                gap: space.sm,
                fontSize: fontSize.large,
                fontWeight: 700,
                textAlign: 'center',
              }}
            >
              <span
                css={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  justifyContent: 'center',
                  columnGap: space.sm,
                  fontSize: fontSize.title,
                }}
              >
                <span>{t('cart.sum')}</span>
                <Amount value={total} />
              </span>
              {t('kiosk.swish.scan')}
            </figcaption>
            <QrCode
              text={qrPayloadFor(token)}
              label={t('kiosk.swish.qrLabel')}
              unavailable={t('kiosk.qrUnavailable')}
            />
          </figure>
        )}
        {status === 'STARTED' && !token && <Spinner label={t('kiosk.swish.sentToPhone')} />}
      </div>
      {status === 'STARTED' && (
        /* Changed their mind: Cancel cancels the payment (§4). */
        <CancelPaymentButton paymentMethodId={paymentMethodId} />
      )}
      {status !== 'LOADING' && !(status === 'STARTED' && !token) && (
        <form onSubmit={sendToPhone} noValidate aria-labelledby="swish-by-phone">
          <h3 id="swish-by-phone" css={{ margin: `0 0 ${space.sm}px`, fontSize: fontSize.lead }}>
            {t('kiosk.swish.byPhoneTitle')}
          </h3>
          <TextField
            label={t('paymentMethods.swish.phoneLabel')}
            type="tel"
            autoComplete="off"
            inputMode="tel"
            value={phone}
            maxLength={20}
            onChange={(e) => setPhone(e.target.value)}
          />
          <Button type="submit" variant="secondary" disabled={phone.trim() === ''}>
            {t('kiosk.swish.sendToPhone')}
          </Button>
        </form>
      )}
    </div>
  );
}
