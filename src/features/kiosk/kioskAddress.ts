import type { KioskSetting } from './kioskMode';

/**
 * The kiosk's own address for a shop: `/{shop}?kiosk=1` with its idle and answer times and its start
 * language. A reset opens it (a fresh page that is still, visibly, this kiosk: the service worker opens it
 * from its cache, issue 35), and an installed kiosk starts at it.
 */
export function kioskAddress(shopId: string, setting: KioskSetting): string {
  const params = new URLSearchParams({
    kiosk: '1',
    idle: String(Math.round(setting.idleMs / 1000)),
    prompt: String(Math.round(setting.promptMs / 1000)),
  });
  if (setting.language) params.set('lng', setting.language);
  return `/${encodeURIComponent(shopId)}?${params.toString()}`;
}
