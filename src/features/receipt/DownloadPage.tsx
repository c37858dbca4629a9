import { useTranslation } from '../../shared/i18n/useTranslation';
import { useSearchParams } from 'react-router';
import { config } from '../../shared/config';
import { ButtonLink } from '../../shared/ui/Button';
import { BrandedPage } from '../../shared/ui/BrandedPage';
import { ErrorText } from '../../shared/ui/ErrorText';
import { receiptLink } from './receiptLink';

/**
 * §2 `/download?url=`: the logo and a download-receipt link to the given URL, when it is one of the
 * provider's receipt files (`config.receiptHosts`); otherwise it says why there is no link.
 */
export function DownloadPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const link = receiptLink(searchParams.get('url'), config.receiptHosts, window.location.origin);
  return (
    <BrandedPage title={t('download.title')}>
      {link.kind === 'receipt' ? (
        <ButtonLink href={link.href} rel="noopener noreferrer">
          {t('download.downloadReceipt')}
        </ButtonLink>
      ) : (
        <ErrorText>
          {link.kind === 'invalid'
            ? t('download.invalidUrl')
            : t('download.notReceiptLink', { provider: config.providerName })}
        </ErrorText>
      )}
    </BrandedPage>
  );
}
