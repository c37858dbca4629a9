import { useTheme, type Theme } from '@emotion/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useParams, useSearchParams } from 'react-router-dom';
import { Button } from '../../shared/ui/Button';
import { Page } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { bookkeeperName, parseBookkeeper } from './integrationCallback';
import { integrationActions, selectStartStatus } from './integrationSlice';

/** Error text in the same red as the form fields' errors, so a failure does not read like a hint. */
const alertText = (theme: Theme) => ({
  color: theme.errorColor,
  fontWeight: 600,
});

/**
 * §2 integration start, `/integrate/:bookkeeper/:companyId/:authCode?companyName=`: 'integrating
 * {Bookkeeper} {companyName}' and Continue (Try again after a failure), which fetches the provider's URL
 * and leaves for it. Only Fortnox and Visma are accepted. The company name comes from the URL and is
 * rendered as text only.
 */
export function IntegrationStartPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const dispatch = useDispatch();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const status = useSelector(selectStartStatus);
  const bookkeeper = parseBookkeeper(params.bookkeeper);
  const companyName = searchParams.get('companyName')?.trim() ?? '';

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

  const logo = (
    <img
      src={theme.logo}
      alt=""
      width={160}
      height={40}
      css={{ objectFit: 'contain', objectPosition: 'left' }}
    />
  );

  if (bookkeeper === null) {
    return (
      <Page narrow>
        {logo}
        <h1>{t('integrate.bookkeepingTitle')}</h1>
        <p role="alert" css={alertText}>
          {t('integrate.onlyVismaAndFortnox')}
        </p>
        <p>{t('integrate.otherSoftware')}</p>
      </Page>
    );
  }

  const busy = status === 'loading' || status === 'redirecting';
  const { companyId = '', authCode = '' } = params;
  return (
    <Page narrow>
      {logo}
      <h1 css={{ overflowWrap: 'anywhere' }}>
        {t('integrate.integrating', { bookkeeper: bookkeeperName(bookkeeper), companyName }).trim()}
      </h1>
      {status === 'failed' && (
        <p role="alert" css={alertText}>
          {t('error.anErrorOccurred')}
        </p>
      )}
      {busy && <Spinner label={t('integrate.connecting')} />}
      <Button
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => dispatch(integrationActions.startRequested({ bookkeeper, companyId, authCode }))}
      >
        {status === 'failed' ? t('integrate.tryAgain') : t('integrate.continue')}
      </Button>
    </Page>
  );
}
