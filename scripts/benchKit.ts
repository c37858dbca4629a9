/**
 * What the browser benchmarks share: the slow device they emulate (DevTools' "Slow 4G" and a 4× slower CPU,
 * through the DevTools protocol) and how they sum up their samples.
 */
import type { CDPSession } from '@playwright/test';

/**
 * DevTools' "Slow 4G" preset: Lighthouse's slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up) as Lighthouse
 * applies it through DevTools, which delays each request rather than each packet: latency 150 ms × 3.75 (a new
 * connection's round trips), throughput × 0.9.
 */
export const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};
export const NO_THROTTLE = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
export type NetworkConditions = typeof SLOW_4G;

/** The slower phone's (and kiosk tablet's) CPU: Lighthouse's mobile slowdown. */
export const CPU_SLOWDOWN = 4;

/**
 * Slows down the page `cdp` is attached to: its requests (Network.emulateNetworkConditions; the browser's
 * network stack delays them, so an answer from the HTTP cache or a service worker's cache is not) and its
 * CPU (Emulation.setCPUThrottlingRate). Both hold across the page's navigations.
 */
export async function slowDown(
  cdp: CDPSession,
  network: NetworkConditions,
  cpu = CPU_SLOWDOWN,
): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
}

/** The median of the numbers among `values` (null, undefined skipped); null when there are none. */
export function median(values: (number | null | undefined)[]): number | null {
  const sorted = values.filter((v): v is number => typeof v === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
