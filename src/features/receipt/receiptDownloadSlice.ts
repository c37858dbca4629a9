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
  /** §8: a 400 answer's message is shown; any other failure shows 'error.anErrorOccurred'. */
  serverMessage: string | null;
}

const initialState: ReceiptDownloadState = { key: null, status: 'idle', pdfUrl: null, serverMessage: null };

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
      state.serverMessage = null;
    },
    loaded(state, action: PayloadAction<{ key: string; pdfUrl: string }>) {
      if (action.payload.key !== state.key) return;
      state.status = 'ready';
      state.pdfUrl = action.payload.pdfUrl;
    },
    loadFailed(state, action: PayloadAction<{ key: string; serverMessage: string | null }>) {
      if (action.payload.key !== state.key) return;
      state.status = 'failed';
      state.serverMessage = action.payload.serverMessage;
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
