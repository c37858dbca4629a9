import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useLocation } from 'react-router-dom';
import { config } from '../../shared/config';
import { space } from '../../shared/theme/tokens';
import { ButtonLink } from '../../shared/ui/Button';
import { BrandedPage } from '../../shared/ui/BrandedPage';
import { ErrorText } from '../../shared/ui/ErrorText';
import { Spinner } from '../../shared/ui/Spinner';
import {
  integrationActions,
  integrationReducer,
  selectCallback,
  type IntegrationState,
} from './integrationSlice';
import { integrationSaga } from './integrationSagas';

/** Error text in the same red as the form fields' errors, so a failure does not read like a hint. */
function CallbackResult({ callback }: { callback: IntegrationState['callback'] | null }) {
  const { t } = useTranslation();
  switch (callback?.status) {
    case 'succeeded':
      return (
        <p role="status">
          {callback.bookkeeper === 'fortnox'
            ? t('integrate.fortnoxIntegrationSuccess')
            : t('integrate.vismaIntegrationSuccess')}
        </p>
      );
    case 'failed':
      // §8: the same text for both providers, with the server's error name when it gave one.
      return (
        <ErrorText>
          {callback.errorName
            ? t('integrate.vismaIntegrationFailedWithError', { errorName: callback.errorName })
            : t('integrate.vismaIntegrationFailed')}
        </ErrorText>
      );
    case 'missingParams':
      return <ErrorText>{t('common.somethingWentWrong')}</ErrorText>;
    case 'openingApp':
      return (
        <>
          <p role="status">{t('integrate.redirecting')}</p>
          {/* Some browsers only follow an app link the visitor taps. */}
          {callback.appUrl && <ButtonLink href={callback.appUrl}>{t('integrate.openApp')}</ButtonLink>}
        </>
      );
    default:
      return <Spinner label={t('integrate.connecting')} />;
  }
}

/**
 * §2 callback pages `/stripe`, `/integrateFortnox`, `/integrateVisma`: the provider returns here with
 * `code` and `state`. The page shows the logo, the bookkeeping title, the result and a button to the
 * external info page; the saga decides between integrating and handing over to the mobile app.
 */
export function IntegrationCallbackPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  const callback = useAppSelector(selectCallback);
  const key = pathname + search;

  useEffect(() => {
    // An OAuth code can be redeemed once: a URL already handled (a remount, back navigation) is not
    // sent again.
    if (callback.key !== key) dispatch(integrationActions.callbackOpened({ pathname, search }));
  }, [callback.key, key, pathname, search, dispatch]);

  return (
    <BrandedPage title={t('integrate.bookkeepingTitle')}>
      <div
        css={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'flex-start',
          gap: space.lg,
          marginBottom: space.xl,
        }}
      >
        <CallbackResult callback={callback.key === key ? callback : null} />
      </div>
      <ButtonLink variant="secondary" href={config.bookkeepingInfoUrl}>
        {t('integrate.moreInfo')}
      </ButtonLink>
    </BrandedPage>
  );
}

/** The sagas this screen needs, started when it first renders (app/router.tsx). */
export const screenReducers = { integration: integrationReducer };
export const screenSagas = [integrationSaga];
