import { Suspense, useEffect } from 'react';
// eslint-disable-next-line no-restricted-imports -- a page in a fixed language, which react-i18next's hook loads first
import { Trans, useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useParams } from 'react-router';
import { formatMoney, money } from '../../domain/money';
import { lazyWithRetry } from '../../shared/lazyWithRetry';
import { fontSize } from '../../shared/theme/tokens';
import { LoadBoundary } from '../../shared/ui/LoadBoundary';
import { Page } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { cardPaymentActions } from './cardPaymentSlice';
import { cardPaymentSaga } from './cardPaymentSagas';
import { providerErrorKey } from './providerErrors';
import type { RootState } from '../../app/hooks';

// Stripe loads only on this page, when the form is shown (DESIGN rule 7).
const CardPaymentForm = lazyWithRetry(
  () => import(/* webpackChunkName: "card-payment-form" */ './CardPaymentForm'),
);

const selectCardPayment = (state: RootState) => state.cardPayment;

/**
 * §2 card payment page, in Swedish as the spec gives it ('Kortbetalning', 'Betala', 'Betalning
 * genomförd'): the amount, a card input, and after confirmation the intent polled every 5 s until final.
 */
export function CardPaymentPage() {
  const { t } = useTranslation(undefined, { lng: 'se' });
  const dispatch = useAppDispatch();
  const { companyId = '', paymentIntentId = '' } = useParams();
  const { status, intent, confirmation, error } = useAppSelector(selectCardPayment);

  useEffect(() => {
    dispatch(cardPaymentActions.loadRequested({ companyId, paymentIntentId }));
    return () => {
      dispatch(cardPaymentActions.pageLeft());
    };
  }, [dispatch, companyId, paymentIntentId]);

  useEffect(() => {
    document.documentElement.lang = 'sv';
  }, []);

  const data = intent?.paymentData;
  const intentError = intent?.status === 'FAILED' ? (data?.error?.message ?? '') : null;
  return (
    <Page narrow>
      <h1>{t('cardPayment.title')}</h1>
      {status === 'loading' && <Spinner label={t('cardPayment.loading')} />}
      {status === 'notFound' && <p role="alert">{t('cardPayment.notFound')}</p>}
      {intent && data && (
        <>
          <p css={{ fontSize: fontSize.large }}>
            <Trans
              t={t}
              i18nKey="cardPayment.amount"
              values={{ amount: formatMoney(money(data.pendingPaymentMethod.amount, 'SEK')) }}
              // The amount's element is the page's amount hook: kept whole (shared/ui/Amount).
              components={{ strong: <strong data-amount="" /> }}
            />
          </p>
          {intent.status === 'COMPLETED' ? (
            <p role="status" css={{ fontSize: fontSize.large, fontWeight: 700 }}>
              {t('cardPayment.completed')}
            </p>
          ) : (
            <>
              <LoadBoundary>
                <Suspense fallback={<Spinner label={t('cardPayment.loading')} />}>
                  <CardPaymentForm
                    clientSecret={data.clientSecret}
                    stripeAccountId={data.stripeAccountId}
                    amount={money(data.pendingPaymentMethod.amount, 'SEK')}
                  />
                </Suspense>
              </LoadBoundary>
              <div role="status" aria-live="polite">
                {confirmation === 'processing' && <Spinner label={t('cardPayment.processing')} />}
                {confirmation === 'confirmed' && intentError === null && <p>{t('cardPayment.success')}</p>}
              </div>
              {(confirmation === 'error' || intentError !== null) && (
                <p role="alert">
                  {/* Issue 39: the reason in the page's words (Stripe's sentence and the intent's stored
                      message may be in another language): a known code of the confirmation, else in general. */}
                  {t('cardPayment.error', {
                    errorMessage: t(
                      confirmation === 'error'
                        ? providerErrorKey(error?.message, 'stripe')
                        : 'paymentErrors.cardFailed',
                    ),
                  })}
                </p>
              )}
            </>
          )}
        </>
      )}
    </Page>
  );
}

/** The sagas this screen needs, started when it first renders (app/router.tsx). */
export const screenSagas = [cardPaymentSaga];
