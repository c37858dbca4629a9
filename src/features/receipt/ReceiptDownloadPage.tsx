import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useParams } from 'react-router-dom';
import { Button, ButtonLink } from '../../shared/ui/Button';
import { BrandedPage } from '../../shared/ui/BrandedPage';
import { ErrorText } from '../../shared/ui/ErrorText';
import { Spinner } from '../../shared/ui/Spinner';
import { receiptDownloadActions, receiptKey, selectReceiptDownload } from './receiptDownloadSlice';

/** Error text in the same red as the form fields' errors, so a failure does not read like a hint. */
/**
 * §2 receipt download page `/receipt/:companyId/:receiptId`: 'Ladda ner ditt kvitto', fetches the PDF and
 * offers 'Ladda ner', which opens it in a new window. A 400 shows the server's message, any other failure
 * 'error.anErrorOccurred' with a way to try again.
 */
export function ReceiptDownloadPage() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const { companyId = '', receiptId = '' } = useParams();
  const download = useSelector(selectReceiptDownload);

  useEffect(() => {
    dispatch(receiptDownloadActions.pageOpened({ companyId, receiptId }));
    return () => {
      dispatch(receiptDownloadActions.pageLeft());
    };
  }, [companyId, receiptId, dispatch]);

  const current = download.key === receiptKey(companyId, receiptId) ? download : null;
  let body;
  if (current?.status === 'ready' && current.pdfUrl) {
    body = (
      <ButtonLink href={current.pdfUrl} target="_blank" rel="noopener">
        {t('download.button')}
      </ButtonLink>
    );
  } else if (current?.status === 'failed') {
    body = (
      <>
        <ErrorText>{current.serverMessage ?? t('error.anErrorOccurred')}</ErrorText>
        {/* A 400 is the server's final word on this receipt; other failures may pass. */}
        {current.serverMessage === null && (
          <Button
            variant="secondary"
            onClick={() => dispatch(receiptDownloadActions.pageOpened({ companyId, receiptId }))}
          >
            {t('common.retry')}
          </Button>
        )}
      </>
    );
  } else {
    body = <Spinner label={t('download.loading')} />;
  }

  return <BrandedPage title={t('download.title')}>{body}</BrandedPage>;
}
