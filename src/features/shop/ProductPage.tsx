import { useTranslation } from 'react-i18next';
import { Page } from '../../shared/ui/Page';

/** Placeholder until its issue builds the screen (see the open issues). */
export function ProductPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <h1>{t('product.price')}</h1>
    </Page>
  );
}
