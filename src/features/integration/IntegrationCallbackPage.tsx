import { useTranslation } from 'react-i18next';
import { Page } from '../../shared/ui/Page';

/** Placeholder until its issue builds the screen (see the open issues). */
export function IntegrationCallbackPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <h1>{t('integrate.bookkeepingTitle')}</h1>
    </Page>
  );
}
