import { useEffect, useRef } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useLocation } from 'react-router';
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
import { bookkeeperName } from './integrationCallback';
import { integrationSaga } from './integrationSagas';

/** The failure texts (§8, issue 40): words only; the server's error name goes to error reporting. */
const FAILURE_TEXTS = {
  declined: 'integrate.declined',
  expired: 'integrate.expired',
  failed: 'integrate.vismaIntegrationFailed',
} as const;

/** The statuses a link ends in. */
const ENDED: readonly IntegrationState['callback']['status'][] = ['linked', 'declined', 'expired', 'failed'];

function CallbackResult({ callback }: { callback: IntegrationState['callback'] | null }) {
  const { t } = useTranslation();
  switch (callback?.status) {
    case 'linked':
      return (
        <p>
          {callback.bookkeeper === 'fortnox'
            ? t('integrate.fortnoxIntegrationSuccess')
            : t('integrate.vismaIntegrationSuccess')}
        </p>
      );
    case 'declined':
    case 'expired':
    case 'failed':
      return (
        <>
          {/* Error text in the same red as the form fields' errors, so a failure does not read like a hint. */}
          <ErrorText announce={false}>
            {t(FAILURE_TEXTS[callback.status], {
              bookkeeper: bookkeeperName(callback.bookkeeper ?? 'visma'),
            })}
          </ErrorText>
          {/* Start again from the start page this tab left from; without one, from the app. */}
          {callback.restartPath !== null ? (
            <ButtonLink href={callback.restartPath}>{t('integrate.startAgain')}</ButtonLink>
          ) : (
            <p>{t('integrate.startInApp')}</p>
          )}
        </>
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
  const handled = callback.keys.includes(key);
  const outcome = useRef<HTMLDivElement>(null);
  const ended = handled && ENDED.includes(callback.status);

  // The outcome takes the focus, so a screen reader reads it and a keyboard goes on from there. Its texts are no
  // live regions: a screen reader would read them twice, as they appear and again with the focus.
  useEffect(() => {
    if (ended) outcome.current?.focus();
  }, [ended]);

  useEffect(() => {
    // An OAuth code can be redeemed once: a URL already handled (a remount, back navigation, the address
    // without the code that replaced it) is not sent again.
    if (!handled) dispatch(integrationActions.callbackOpened({ pathname, search }));
  }, [handled, pathname, search, dispatch]);

  return (
    <BrandedPage title={t('integrate.bookkeepingTitle')}>
      <div
        ref={outcome}
        tabIndex={-1}
        css={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'flex-start',
          gap: space.lg,
          marginBottom: space.xl,
        }}
      >
        <CallbackResult callback={handled ? callback : null} />
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
