import { createAction } from '@reduxjs/toolkit';

/**
 * A payment completed and its receipt is being shown: one event, and the cart, session and payment slices
 * each clear their part of it in `extraReducers` (the cart's paid lines, the chosen tab lines, the payment
 * machine). None of them needs more than the fact itself.
 *
 * Kept in its own module, importing no slice, like kiosk/kioskEvents.ts: paymentSlice imports the cart and
 * session slices (it reacts to their events), so if those slices imported paymentSlice for this action the
 * imports would run in a circle (import-x/no-cycle).
 */
export const paymentCompleted = createAction<{ receiptId: string }>('payment/completed');
