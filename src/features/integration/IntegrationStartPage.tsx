import { useEffect } from 'react';
import { companyNameOf } from '../../domain/addressText';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { Button } from '../../shared/ui/Button';
import { BrandedPage } from '../../shared/ui/BrandedPage';
import { ErrorText } from '../../shared/ui/ErrorText';
import { Spinner } from '../../shared/ui/Spinner';
import { bookkeeperName, parseBookkeeper } from './integrationCallback';
import { integrationActions, integrationReducer, selectStartStatus } from './integrationSlice';
import { integrationSaga } from './integrationSagas';

/**
 * §2 integration start, `/integrate/:bookkeeper/:companyId/:authCode?companyName=`: 'integrating
 * {Bookkeeper} {companyName}' and Continue (Try again after a failure), which fetches the provider's URL
 * and leaves for it. Only Fortnox and Visma are accepted. The company name comes from the address: §5 it is
 * shown (as text) only when it has a company name's shape, otherwise the title names the bookkeeper alone.
 */
export function IntegrationStartPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const status = useAppSelector(selectStartStatus);
  const bookkeeper = parseBookkeeper(params.bookkeeper);
  const companyName = companyNameOf(searchParams.get('companyName'));

  useEffect(() => {
    // Back from the provider's page, the browser may restore this page as it was left: 'redirecting'.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) dispatch(integrationActions.startReset());
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pageshow', onPageShow);
      dispatch(integrationActions.startReset());
    };
  }, [dispatch]);

  if (bookkeeper === null) {
    return (
      <BrandedPage title={t('integrate.bookkeepingTitle')}>
        <ErrorText>{t('integrate.onlyVismaAndFortnox')}</ErrorText>
        <p>{t('integrate.otherSoftware')}</p>
      </BrandedPage>
    );
  }

  const busy = status === 'loading' || status === 'redirecting';
  const { companyId = '', authCode = '' } = params;
  return (
    <BrandedPage
      title={
        companyName
          ? t('integrate.integrating', { bookkeeper: bookkeeperName(bookkeeper), companyName })
          : t('integrate.integratingBookkeeper', { bookkeeper: bookkeeperName(bookkeeper) })
      }
    >
      {status === 'failed' && <ErrorText>{t('error.anErrorOccurred')}</ErrorText>}
      {busy && <Spinner label={t('integrate.connecting')} />}
      <Button
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() =>
          dispatch(
            integrationActions.startRequested({
              bookkeeper,
              companyId,
              authCode,
              startPath: pathname + search,
            }),
          )
        }
      >
        {status === 'failed' ? t('integrate.tryAgain') : t('integrate.continue')}
      </Button>
    </BrandedPage>
  );
}

/** The sagas this screen needs, started when it first renders (app/router.tsx). */
export const screenReducers = { integration: integrationReducer };
export const screenSagas = [integrationSaga];
