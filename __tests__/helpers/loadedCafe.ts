import type { Action } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '../../src/app/store';
import { cartActions } from '../../src/features/cart/cartSlice';
import { paymentActions } from '../../src/features/paymentState/paymentSlice';
import { sessionActions } from '../../src/features/session/sessionSlice';
import { shopActions } from '../../src/features/shopState/shopSlice';
import { session, shopData } from './fixtures';

/**
 * The state of the café ('cafe') loaded with Swish, Viva and Stripe ('pm-swish', 'pm-viva', 'pm-stripe'), one
 * bun in a synced cart and a valid e-mail, then `more`: where the payment tests start.
 */
export function loadedCafe(...more: Action[]): RootState {
  const data = shopData({
    paymentMethods: [
      { id: 'pm-swish', type: 'SWISH_TRADE', stripeAccountId: null },
      { id: 'pm-viva', type: 'VIVA_WALLET_WEB', stripeAccountId: null },
      { id: 'pm-stripe', type: 'STRIPE', stripeAccountId: 'acct_1' },
    ],
  });
  const actions: Action[] = [
    shopActions.loadRequested({ shopId: 'cafe' }),
    shopActions.loaded({ shopId: 'cafe', data }),
    sessionActions.loadRequested('cafe'),
    sessionActions.loaded({ shopId: 'cafe', session: session() }),
    cartActions.itemAdded({ productId: 'bun', count: 1, deviations: [], description: '' }),
    cartActions.synced({ revision: 1 }),
    paymentActions.customerFieldChanged({ field: 'email', value: 'ada@example.com' }),
    ...more,
  ];
  return actions.reduce(rootReducer, rootReducer(undefined, { type: '@@init' }));
}
