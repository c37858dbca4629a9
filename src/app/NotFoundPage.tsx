import { useTranslation } from '../shared/i18n/useTranslation';
import { useTheme } from '@emotion/react';
import { Page } from '../shared/ui/Page';
import { ButtonLink } from '../shared/ui/Button';
import { config } from '../shared/config';

/** The 404 page (§2): logo, title, body and a link to the product homepage. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <Page narrow>
      <img src={theme.logo} alt="" width={160} height={40} />
      <h1>{t('error.pageNotFound.title')}</h1>
      <p>{t('error.pageNotFound.body')}</p>
      <ButtonLink href={config.productHomepageUrl}>{t('error.pageNotFound.link')}</ButtonLink>
    </Page>
  );
}
