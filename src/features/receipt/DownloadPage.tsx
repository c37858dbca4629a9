import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../../shared/ui/Button';
import { BrandedPage } from '../../shared/ui/BrandedPage';
import { ErrorText } from '../../shared/ui/ErrorText';

/** Error text in the same red as the form fields' errors, so a failure does not read like a hint. */
// eslint-disable-next-line no-control-regex -- control characters are what the URL parser would strip
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * The receipt link of `/download?url=`, or null when it is not an absolute http(s) URL. The value comes
 * from a hand-editable link, so `javascript:`, `data:`, `vbscript:`, relative and protocol-relative
 * addresses, malformed URLs, URLs with control characters or with credentials
 * (`https://bank.example@evil.example`) are all refused.
 *
 * @param raw - the `url` query parameter
 * @returns the URL as the browser will resolve it, or null
 */
export function receiptFileUrl(raw: string | null): string | null {
  if (raw === null || raw === '' || CONTROL_CHARACTERS.test(raw) || raw.trim() !== raw) return null;
  // 'http:host' without '//' is parsed relative to the page by some readers of the link: demand '//'.
  if (!/^https?:\/\//i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return url.href;
}

/** §2 `/download?url=`: the logo and a download-receipt link to the given http(s) URL. */
export function DownloadPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const url = receiptFileUrl(searchParams.get('url'));
  return (
    <BrandedPage title={t('download.title')}>
      {url === null ? (
        <ErrorText>{t('download.invalidUrl')}</ErrorText>
      ) : (
        <ButtonLink href={url} rel="noopener noreferrer">
          {t('download.downloadReceipt')}
        </ButtonLink>
      )}
    </BrandedPage>
  );
}
