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
 * The 400 answer's message (§8), or null for failures whose text is not for customers, and for a 400 that
 * named nothing (the API edge then says only 'HTTP 400', which explains nothing to a customer).
 */
function serverMessageOf(error: unknown): string | null {
  if (!(error instanceof NetworkError) || error.status !== 400) return null;
  return error.message !== '' && error.message !== httpStatusMessage(400) ? error.message : null;
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
      const serverMessage = serverMessageOf(error);
      // A 400 is the server explaining itself to the customer; anything else may be ours to fix.
      if (serverMessage === null) {
        const reportError = yield* context('reportError');
        yield call(reportError, error);
      }
      yield put(receiptDownloadActions.loadFailed({ key, serverMessage }));
    }
  }

  // takeLatest: leaving the page or opening another receipt cancels a download still in flight.
  yield takeLatest([receiptDownloadActions.pageOpened.type, receiptDownloadActions.pageLeft.type], handle);
}
