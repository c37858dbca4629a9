import type { KeyValueStorage } from '../../src/features/paymentState/customerStorage';

/** An in-memory stand-in for sessionStorage (one per test, nothing shared). */
export function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
  };
}
