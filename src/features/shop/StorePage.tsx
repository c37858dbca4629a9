import { useTranslation } from 'react-i18next';
import { Page } from '../../shared/ui/Page';

/** Placeholder until its issue builds the screen (see the open issues). */
export function StorePage() {
  const { t } = useTranslation();
  return (
    <Page>
      <h1>{t('shop.loading')}</h1>
    </Page>
  );
}
