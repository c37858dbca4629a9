import { useCallback } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { useAppDispatch, useAppStore } from '../../app/hooks';
import { paymentActions } from './paymentSlice';

/**
 * §4 how a screen changes the cart (a stepper, Remove, Add, a tab line): the change is dispatched at once,
 * unless a payment is STARTED, which the change would cancel: then it is held, and the shop asks the customer
 * first (the shop's layout shows the question). The state is read as the customer taps, not subscribed to:
 * a product card does not re-render when a payment starts.
 */
export function useCartChange() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  return useCallback(
    (change: UnknownAction) => {
      const started = store.getState().payment.machine.status === 'STARTED';
      dispatch(started ? paymentActions.cartChangeHeld(change) : change);
    },
    [dispatch, store],
  );
}
