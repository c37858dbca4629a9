import { useTheme, type Theme } from '@emotion/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useParams } from 'react-router-dom';
import { Button, ButtonLink } from '../../shared/ui/Button';
import { Page } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { receiptDownloadActions, receiptKey, selectReceiptDownload } from './receiptDownloadSlice';

/** Error text in the same red as the form fields' errors, so a failure does not read like a hint. */
const alertText = (theme: Theme) => ({
  color: theme.errorColor,
  fontWeight: 600,
});

/**
 * §2 receipt download page `/receipt/:companyId/:receiptId`: 'Ladda ner ditt kvitto', fetches the PDF and
 * offers 'Ladda ner', which opens it in a new window. A 400 shows the server's message, any other failure
 * 'error.anErrorOccurred' with a way to try again.
 */
export function ReceiptDownloadPage() {
  const { t } = useTranslation();
  const theme = useTheme();
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
        <p role="alert" css={(theme) => ({ ...alertText(theme), overflowWrap: 'anywhere' })}>
          {current.serverMessage ?? t('error.anErrorOccurred')}
        </p>
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

  return (
    <Page narrow>
      <img
        src={theme.logo}
        alt=""
        width={160}
        height={40}
        css={{ objectFit: 'contain', objectPosition: 'left' }}
      />
      <h1>{t('download.title')}</h1>
      {body}
    </Page>
  );
}
