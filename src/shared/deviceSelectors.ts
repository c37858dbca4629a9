import type { DeviceState } from './device';

/**
 * Whether the shop runs on a phone, where Swish opens its app (§2): the store's `device` part, read through
 * its selector. Only lazily loaded code asks (the payment's Swish mode), so it has a module of its own and
 * stays out of the store page's first load (docs/performance.md, "Budget").
 */
export const selectIsMobile = (state: { device: DeviceState }) => state.device.mobile;
