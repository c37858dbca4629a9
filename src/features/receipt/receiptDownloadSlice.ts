import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/hooks';

/** Receipt download page: loading the PDF, ready to open, or failed (§8). */
type ReceiptDownloadStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface ReceiptDownloadState {
  /** `companyId/receiptId` of the receipt on screen; answers for another one are dropped. */
  key: string | null;
  status: ReceiptDownloadStatus;
  /** A blob: URL of the PDF (the bytes stay in the browser's blob store, not in Redux). */
  pdfUrl: string | null;
  /**
   * §8: the server refused this receipt (a 400 that named why): 'download.unavailable', final. Any other
   * failure shows 'error.anErrorOccurred' and may be tried again. The server's name is never shown.
   */
  refused: boolean;
}

const initialState: ReceiptDownloadState = { key: null, status: 'idle', pdfUrl: null, refused: false };

/** The key of one receipt. */
export const receiptKey = (companyId: string, receiptId: string) => `${companyId}/${receiptId}`;

const receiptDownloadSlice = createSlice({
  name: 'receiptDownload',
  initialState,
  reducers: {
    pageOpened(state, action: PayloadAction<{ companyId: string; receiptId: string }>) {
      state.key = receiptKey(action.payload.companyId, action.payload.receiptId);
      state.status = 'loading';
      state.pdfUrl = null;
      state.refused = false;
    },
    loaded(state, action: PayloadAction<{ key: string; pdfUrl: string }>) {
      if (action.payload.key !== state.key) return;
      state.status = 'ready';
      state.pdfUrl = action.payload.pdfUrl;
    },
    loadFailed(state, action: PayloadAction<{ key: string; refused: boolean }>) {
      if (action.payload.key !== state.key) return;
      state.status = 'failed';
      state.refused = action.payload.refused;
    },
    pageLeft() {
      return initialState;
    },
  },
});

export const receiptDownloadActions = receiptDownloadSlice.actions;
export const receiptDownloadReducer = receiptDownloadSlice.reducer;

/** The slice arrives with its screen (app/store.ts `ScreenState`): its initial state until then. */
export const selectReceiptDownload = (state: RootState) => state.receiptDownload ?? initialState;
