import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import {
  createPdfUrl,
  receiptDownloadSaga,
  revokePdfUrl,
} from '../../../src/features/receipt/receiptDownloadSagas';
import {
  receiptDownloadActions,
  receiptDownloadReducer,
} from '../../../src/features/receipt/receiptDownloadSlice';
import { NetworkError } from '../../../src/shared/api';
import { fakeApi } from '../../helpers/testStore';

const api = fakeApi();
const reportError = jest.fn();
const PDF = Uint8Array.from([37, 80, 68, 70]);
const context: Array<[matchers.Matcher, unknown]> = [
  [matchers.getContext('api'), api],
  [matchers.getContext('reportError'), reportError],
];
const open = (receiptId: string) => receiptDownloadActions.pageOpened({ companyId: 'c-cafe', receiptId });

describe('receiptDownloadSaga', () => {
  it('makes a blob URL of the PDF and revokes it when the page is left', async () => {
    const { storeState } = await expectSaga(receiptDownloadSaga)
      .withReducer(receiptDownloadReducer)
      .provide([
        ...context,
        [matchers.call.fn(api.getReceiptPdf), PDF],
        [matchers.call.fn(createPdfUrl), 'blob:pdf-1'],
        [matchers.call.fn(revokePdfUrl), undefined],
      ])
      .dispatch(open('r1'))
      .call(createPdfUrl, PDF)
      .put(receiptDownloadActions.loaded({ key: 'c-cafe/r1', pdfUrl: 'blob:pdf-1' }))
      .dispatch(receiptDownloadActions.pageLeft())
      .call(revokePdfUrl, 'blob:pdf-1')
      .silentRun(50);
    expect(storeState).toEqual({ key: null, status: 'idle', pdfUrl: null, refused: false });
  });

  it('revokes the previous PDF when another receipt is opened', async () => {
    await expectSaga(receiptDownloadSaga)
      .withReducer(receiptDownloadReducer)
      .provide([
        ...context,
        [matchers.call.fn(api.getReceiptPdf), PDF],
        { call: (effect, next) => (effect.fn === createPdfUrl ? `blob:${String(Math.random())}` : next()) },
        [matchers.call.fn(revokePdfUrl), undefined],
      ])
      .dispatch(open('r1'))
      .dispatch(open('r2'))
      .call.fn(revokePdfUrl)
      .silentRun(50);
  });

  it('a named 400 is a refusal: reported, and only the fact kept for the page (issue 40)', async () => {
    const { storeState } = await expectSaga(receiptDownloadSaga)
      .withReducer(receiptDownloadReducer)
      .provide([
        ...context,
        [
          matchers.call.fn(api.getReceiptPdf),
          throwError(new NetworkError('RECEIPT_EXPIRED', { status: 400 })),
        ],
      ])
      .dispatch(open('r1'))
      .call.fn(reportError)
      .silentRun(50);
    expect(storeState).toEqual({ key: 'c-cafe/r1', status: 'failed', pdfUrl: null, refused: true });
  });
});
