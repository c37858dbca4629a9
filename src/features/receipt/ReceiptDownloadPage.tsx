import { useEffect } from 'react';
// eslint-disable-next-line no-restricted-imports -- a page in a fixed language, which react-i18next's hook loads first
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useParams } from 'react-router';
import { currentLanguage, htmlLang, visitorLanguage } from '../../shared/i18n';
import { Button, ButtonLink } from '../../shared/ui/Button';
import { BrandedPage } from '../../shared/ui/BrandedPage';
import { ErrorText } from '../../shared/ui/ErrorText';
import { Spinner } from '../../shared/ui/Spinner';
import {
  receiptDownloadActions,
  receiptDownloadReducer,
  receiptKey,
  selectReceiptDownload,
} from './receiptDownloadSlice';
import { receiptDownloadSaga } from './receiptDownloadSagas';

/**
 * §2 receipt download page `/receipt/:companyId/:receiptId`: 'Ladda ner ditt kvitto', fetches the PDF and
 * offers 'Ladda ner', which opens it in a new window. A receipt the server refuses (a 400) says it cannot
 * be downloaded (issue 40: in words, never the server's name), any other failure
 * 'error.anErrorOccurred' with a way to try again. In Swedish, as §2 gives it, unless the visitor's
 * language is known (§1: `?lng`, cookie, local storage), since the link is often their first visit.
 */
export function ReceiptDownloadPage() {
  const { i18n } = useTranslation();
  const lng = visitorLanguage(i18n) ?? 'se';
  const { t } = useTranslation(undefined, { lng });
  const dispatch = useAppDispatch();
  const { companyId = '', receiptId = '' } = useParams();
  const download = useAppSelector(selectReceiptDownload);

  // Screen readers pick their voice from <html lang>; give the app's own language back on leaving.
  useEffect(() => {
    document.documentElement.lang = htmlLang(lng);
    return () => {
      document.documentElement.lang = htmlLang(currentLanguage(i18n));
    };
  }, [lng, i18n]);

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
        <ErrorText>{current.refused ? t('download.unavailable') : t('error.anErrorOccurred')}</ErrorText>
        {/* A refusal is the server's final word on this receipt; other failures may pass. */}
        {!current.refused && (
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

/** The sagas this screen needs, started when it first renders (app/router.tsx). */
export const screenReducers = { receiptDownload: receiptDownloadReducer };
export const screenSagas = [receiptDownloadSaga];
