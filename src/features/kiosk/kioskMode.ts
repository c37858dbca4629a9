import { parseLanguage, type Language } from '../../shared/i18n/languages';

/**
 * Kiosk mode: a shared tablet at a counter that serves one walk-up customer after another. It is switched on
 * for one browser with `?kiosk=1` (optionally `&idle=SECONDS`, `&prompt=SECONDS` and `&lng=se|en|fi`) and stays on across
 * reloads and routes, kept in local storage, until `?kiosk=0`. Visitors who never pass `?kiosk=1` never see
 * any of it.
 */
export interface KioskSetting {
  /** Input-free time after which the kiosk asks whether the customer is still there. */
  idleMs: number;
  /** How long that question waits for an answer before the kiosk is cleared. */
  promptMs: number;
  /** The language each new customer starts with, when the owner chose one when switching kiosk mode on. */
  language: Language | null;
}

/** The local-storage key of the kiosk setting. */
export const KIOSK_STORAGE_KEY = 'kiosk';
/** The default idle time (one minute, as counter kiosks use). */
export const DEFAULT_IDLE_MS = 60_000;
/** Idle times outside 10 s … 1 h are typing mistakes; the default is used instead. */
const MIN_IDLE_S = 10;
const MAX_IDLE_S = 3600;
/** The idle question's default answer time: 30 s, more than WCAG 2.2.1's 20 s to extend with one action. */
export const DEFAULT_PROMPT_MS = 30_000;
/** Answer times below 20 s (WCAG 2.2.1) or above 5 minutes are refused; the default is used instead. */
const MIN_PROMPT_S = 20;
const MAX_PROMPT_S = 300;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A time from the address (seconds, a string) or storage (ms, a number), when within `min`…`max` seconds. */
function msFrom(value: unknown, min: number, max: number): number | null {
  const seconds = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value / 1000 : NaN;
  if (!Number.isFinite(seconds) || seconds < min || seconds > max) return null;
  return Math.round(seconds * 1000);
}
const idleMsFrom = (value: unknown) => msFrom(value, MIN_IDLE_S, MAX_IDLE_S);
const promptMsFrom = (value: unknown) => msFrom(value, MIN_PROMPT_S, MAX_PROMPT_S);

function stored(storage: Storage): KioskSetting | null {
  try {
    const value = JSON.parse(storage.getItem(KIOSK_STORAGE_KEY) ?? 'null') as Record<string, unknown> | null;
    if (!value || typeof value !== 'object') return null;
    return {
      idleMs: idleMsFrom(value.idleMs) ?? DEFAULT_IDLE_MS,
      promptMs: promptMsFrom(value.promptMs) ?? DEFAULT_PROMPT_MS,
      language: parseLanguage(typeof value.language === 'string' ? value.language : null) ?? null,
    };
  } catch {
    return null;
  }
}

/**
 * Reads the address's `kiosk`, `idle` and `lng` parameters against what this browser remembers: `kiosk=1`
 * switches on (and remembers), `kiosk=0` switches off (and forgets), no parameter keeps what is remembered.
 * Storage that refuses (private mode) still gives kiosk mode for this page.
 *
 * @returns the setting in force, or null when this browser is not a kiosk
 */
export function readKioskSetting(search: string, storage: Storage): KioskSetting | null {
  const params = new URLSearchParams(search);
  const flag = params.get('kiosk');
  if (flag === '0' || flag === 'false') {
    try {
      storage.removeItem(KIOSK_STORAGE_KEY);
    } catch {
      // nothing remembered
    }
    return null;
  }
  if (flag !== '1' && flag !== 'true') return stored(storage);
  const before = stored(storage);
  const setting: KioskSetting = {
    idleMs: idleMsFrom(params.get('idle')) ?? before?.idleMs ?? DEFAULT_IDLE_MS,
    promptMs: promptMsFrom(params.get('prompt')) ?? before?.promptMs ?? DEFAULT_PROMPT_MS,
    language: parseLanguage(params.get('lng')) ?? before?.language ?? null,
  };
  try {
    storage.setItem(KIOSK_STORAGE_KEY, JSON.stringify(setting));
  } catch {
    // Storage refused: kiosk mode for this page only.
  }
  return setting;
}

/**
 * The language every new customer starts with: the one chosen when kiosk mode was switched on, otherwise
 * the shop's country's (Finnish for a Finnish company, whose currency is EUR; Swedish otherwise).
 */
export function kioskDefaultLanguage(
  setting: Pick<KioskSetting, 'language'>,
  currency: string | null,
): Language {
  return setting.language ?? (currency === 'EUR' ? 'fi' : 'se');
}
