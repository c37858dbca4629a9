import type { KioskState } from './kioskSlice';

type State = { kiosk: KioskState };

/** Whether this browser is a counter kiosk (see kioskMode.ts). */
export const selectIsKiosk = (state: State) => state.kiosk.enabled;
export const selectKiosk = (state: State) => state.kiosk;
