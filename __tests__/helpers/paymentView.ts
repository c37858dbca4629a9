import type { RootState } from '../../src/app/store';
import { paymentIdOf } from '../../src/features/paymentState/paymentSlice';

/**
 * The payment machine read as the tests written before issue 24 read it (a flat `state` field with a hidden
 * `cancelling` flag), so their expectations stay exactly as they were written: CANCELLING reads as STARTED
 * with `cancelling` 'sending' or 'retrying'. New tests read `state.payment.machine` itself.
 */
export function paymentView(state: RootState) {
  const m = state.payment.machine;
  return {
    state: m.status === 'CANCELLING' ? 'STARTED' : m.status,
    paymentId: paymentIdOf(m),
    error: 'error' in m ? m.error : null,
    token: m.status === 'STARTED' ? m.token : null,
    clientSecret: m.status === 'STARTED' ? m.clientSecret : null,
    receiptId: m.status === 'COMPLETED' ? m.receiptId : null,
    cancelling: m.status === 'CANCELLING' ? (m.retrying ? 'retrying' : 'sending') : null,
    notCompleted: m.status === 'NOT_STARTED' && m.notCompleted,
  };
}
