import { useTranslation } from 'react-i18next';
import { Page } from '../../shared/ui/Page';

/** Placeholder until its issue builds the screen (see the open issues). */
export function RefundPolicyPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <h1>{t('shop.refundPolicy')}</h1>
    </Page>
  );
}
