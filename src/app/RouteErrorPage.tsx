import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { reportError } from '../shared/reporting';
import { Page } from '../shared/ui/Page';
import { ButtonLink } from '../shared/ui/Button';
import { NotFoundPage } from './NotFoundPage';

/** §2 route errors show the generic error page (error.title, error.body); an unknown route is the 404 page. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    // An unknown address is the visitor's typo, not a bug; every other route error is reported (§8).
    if (!notFound) reportError(error, { area: 'route' });
  }, [error, notFound]);
  if (notFound) return <NotFoundPage />;
  return (
    <Page narrow>
      <div role="alert">
        <h1>{t('error.title')}</h1>
        <p>{t('error.body')}</p>
      </div>
      <ButtonLink href={window.location.pathname}>{t('common.retry')}</ButtonLink>
    </Page>
  );
}
