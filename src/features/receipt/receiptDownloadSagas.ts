import { call, put, takeLatest } from 'redux-saga/effects';
import { NetworkError, httpStatusMessage } from '../../shared/api';
import { callAbortable, context } from '../../shared/sagaEffects';
import { receiptDownloadActions, receiptKey } from './receiptDownloadSlice';

/**
 * Wraps PDF bytes in a blob: URL the page can open in a new window.
 *
 * @param bytes - the PDF
 * @returns an object URL; revoke it with {@link revokePdfUrl}
 */
export function createPdfUrl(bytes: Uint8Array): string {
  return URL.createObjectURL(new Blob([bytes.slice()], { type: 'application/pdf' }));
}

/**
 * Frees a URL made by {@link createPdfUrl}.
 *
 * @param url - the object URL
 */
export function revokePdfUrl(url: string): void {
  URL.revokeObjectURL(url);
}

/**
 * True when the server refused this receipt: a 400 that named why (§8). A 400 that named nothing (the API
 * edge then says only 'HTTP 400') may be a proxy's, so it is treated like any other failure.
 */
function refusedBy(error: unknown): boolean {
  return (
    error instanceof NetworkError &&
    error.status === 400 &&
    error.message !== '' &&
    error.message !== httpStatusMessage(400)
  );
}

/**
 * The receipt download page's saga. It owns the blob URL it made and revokes it when the page is left or
 * another receipt is opened, so PDFs do not pile up in memory.
 */
export function* receiptDownloadSaga() {
  let currentUrl: string | null = null;

  function* handle(
    action: ReturnType<typeof receiptDownloadActions.pageOpened | typeof receiptDownloadActions.pageLeft>,
  ) {
    if (currentUrl !== null) {
      const url = currentUrl;
      currentUrl = null;
      yield call(revokePdfUrl, url);
    }
    if (!receiptDownloadActions.pageOpened.match(action)) return;
    const { companyId, receiptId } = action.payload;
    const key = receiptKey(companyId, receiptId);
    const api = yield* context('api');
    try {
      const bytes = yield* callAbortable(api.getReceiptPdf, companyId, receiptId);
      const pdfUrl: string = yield call(createPdfUrl, bytes);
      currentUrl = pdfUrl;
      yield put(receiptDownloadActions.loaded({ key, pdfUrl }));
    } catch (error) {
      // Issue 40: the server's name of the failure goes to the report, never on screen.
      const reportError = yield* context('reportError');
      yield call(reportError, error);
      yield put(receiptDownloadActions.loadFailed({ key, refused: refusedBy(error) }));
    }
  }

  // takeLatest: leaving the page or opening another receipt cancels a download still in flight.
  yield takeLatest([receiptDownloadActions.pageOpened.type, receiptDownloadActions.pageLeft.type], handle);
}
