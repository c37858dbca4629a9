import type { RootState } from '../../app/hooks';

/** Whether this browser is a counter kiosk (see kioskMode.ts). */
export const selectIsKiosk = (state: RootState) => state.kiosk.enabled;
export const selectKiosk = (state: RootState) => state.kiosk;
