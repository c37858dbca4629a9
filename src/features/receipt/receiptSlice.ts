import type { Language } from '../../shared/i18n';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorInfo, Receipt } from '../../domain/types';

/** §4 receipt e-mail: idle, sending, error, sent. */
type EmailStatus = 'idle' | 'sending' | 'error' | 'sent';

interface ReceiptState {
  receiptId: string | null;
  status: 'idle' | 'loading' | 'loaded' | 'error';
  receipt: Receipt | null;
  /** The §7 download endpoint of this receipt, opened by the browser. */
  downloadUrl: string | null;
  email: EmailStatus;
  /** Why the last e-mail failed (its code picks the text), null unless `email` is 'error'. */
  emailError: ErrorInfo | null;
}

const initialState: ReceiptState = {
  receiptId: null,
  status: 'idle',
  receipt: null,
  downloadUrl: null,
  email: 'idle',
  emailError: null,
};

const receiptSlice = createSlice({
  name: 'receipt',
  initialState,
  reducers: {
    loadRequested(state, action: PayloadAction<{ shopId: string; receiptId: string }>) {
      if (state.receiptId !== action.payload.receiptId) Object.assign(state, initialState);
      state.receiptId = action.payload.receiptId;
      state.status = 'loading';
    },
    loaded(state, action: PayloadAction<{ receiptId: string; receipt: Receipt; downloadUrl: string }>) {
      if (action.payload.receiptId !== state.receiptId) return; // an answer for a receipt no longer shown
      state.status = 'loaded';
      state.receipt = action.payload.receipt;
      state.downloadUrl = action.payload.downloadUrl;
    },
    /** The load failed (the error is the event's; the page shows only "try again later"). */
    loadFailed(state, _action: PayloadAction<ErrorInfo>) {
      state.status = 'error';
    },
    emailRequested(
      state,
      _action: PayloadAction<{ shopId: string; receiptId: string; email: string; language?: Language }>,
    ) {
      if (state.email === 'sending') return;
      state.email = 'sending';
      state.emailError = null;
    },
    emailSent(state) {
      state.email = 'sent';
    },
    emailFailed(state, action: PayloadAction<ErrorInfo>) {
      state.email = 'error';
      state.emailError = action.payload;
    },
  },
});

export const receiptActions = receiptSlice.actions;
export const receiptReducer = receiptSlice.reducer;
