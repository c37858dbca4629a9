import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppSelector } from '../../app/hooks';
import { Page } from '../../shared/ui/Page';
import { preLineStyle } from '../../shared/ui/styles';
import { selectShopInfo } from '../shopState';

/** §2 the shop's refund policy text (plain text; line breaks kept). */
export function RefundPolicyPage() {
  const { t } = useTranslation();
  const info = useAppSelector(selectShopInfo);
  return (
    <Page narrow>
      <h1>{t('shop.refundPolicy')}</h1>
      <p css={preLineStyle}>{info?.refundPolicy || t('shop.refundPolicyMissing')}</p>
    </Page>
  );
}
