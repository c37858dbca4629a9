/**
 * Issue 10: how a browser becomes a counter kiosk and stays one (kioskMode.ts), and which language each new
 * customer starts in.
 */
import {
  DEFAULT_IDLE_MS,
  DEFAULT_PROMPT_MS,
  KIOSK_STORAGE_KEY,
  kioskDefaultLanguage,
  readKioskSetting,
} from '../../../src/features/kiosk/kioskMode';
import { kioskAddress } from '../../../src/features/kiosk/kioskAddress';
import { memoryStorage } from '../../helpers/memoryStorage';

const DEFAULTS = { idleMs: DEFAULT_IDLE_MS, promptMs: DEFAULT_PROMPT_MS, language: null };

describe('kiosk mode is switched per browser', () => {
  it('a visitor who never passed ?kiosk=1 is not a kiosk', () => {
    expect(readKioskSetting('?table=7', memoryStorage())).toBeNull();
  });

  it('?kiosk=1 switches it on with a one-minute idle time and remembers it across reloads', () => {
    const storage = memoryStorage();
    expect(readKioskSetting('?kiosk=1', storage)).toEqual(DEFAULTS);
    expect(readKioskSetting('', storage)).toEqual(DEFAULTS);
  });

  it('?kiosk=0 switches it off and forgets it', () => {
    const storage = memoryStorage();
    readKioskSetting('?kiosk=1', storage);
    expect(readKioskSetting('?kiosk=0', storage)).toBeNull();
    expect(storage.getItem(KIOSK_STORAGE_KEY)).toBeNull();
    expect(readKioskSetting('', storage)).toBeNull();
  });

  it('&idle=SECONDS sets the idle time; a later reload keeps it; nonsense falls back to the default', () => {
    const storage = memoryStorage();
    expect(readKioskSetting('?kiosk=1&idle=20', storage)?.idleMs).toBe(20_000);
    expect(readKioskSetting('', storage)?.idleMs).toBe(20_000);
    for (const idle of ['abc', '0', '-5', '5', '99999', ''])
      expect(readKioskSetting(`?kiosk=1&idle=${idle}`, memoryStorage())?.idleMs).toBe(DEFAULT_IDLE_MS);
  });

  it('issue 23: the idle question waits 30 s unless &prompt=SECONDS says otherwise, and never under 20 s (WCAG 2.2.1)', () => {
    expect(DEFAULT_PROMPT_MS).toBe(30_000);
    const storage = memoryStorage();
    expect(readKioskSetting('?kiosk=1&prompt=45', storage)?.promptMs).toBe(45_000);
    expect(readKioskSetting('', storage)?.promptMs).toBe(45_000);
    expect(readKioskSetting('?kiosk=1&prompt=20', memoryStorage())?.promptMs).toBe(20_000);
    for (const prompt of ['19', '15', '0', 'abc', '100000'])
      expect(readKioskSetting(`?kiosk=1&prompt=${prompt}`, memoryStorage())?.promptMs).toBe(
        DEFAULT_PROMPT_MS,
      );
    storage.setItem(KIOSK_STORAGE_KEY, JSON.stringify({ idleMs: 60_000, promptMs: 5_000 }));
    expect(readKioskSetting('', storage)?.promptMs).toBe(DEFAULT_PROMPT_MS);
  });

  it('&lng= chosen when switching on is the language every customer starts in', () => {
    const storage = memoryStorage();
    expect(readKioskSetting('?kiosk=1&lng=fi', storage)?.language).toBe('fi');
    expect(readKioskSetting('', storage)?.language).toBe('fi');
  });

  it('a tampered stored setting is read safely (unknown language ignored, bad idle time replaced)', () => {
    const storage = memoryStorage();
    storage.setItem(KIOSK_STORAGE_KEY, JSON.stringify({ idleMs: 'soon', language: '<script>' }));
    expect(readKioskSetting('', storage)).toEqual(DEFAULTS);
    storage.setItem(KIOSK_STORAGE_KEY, '{not json');
    expect(readKioskSetting('', storage)).toBeNull();
  });

  it('storage that refuses still gives kiosk mode for this page', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(readKioskSetting('?kiosk=1', refusing)).toEqual(DEFAULTS);
    expect(readKioskSetting('?kiosk=0', refusing)).toBeNull();
  });
});

describe("each customer starts in the shop's language", () => {
  it('the language chosen at switch-on wins; otherwise Finnish for a Finnish (EUR) shop, Swedish otherwise', () => {
    expect(kioskDefaultLanguage({ language: 'en' }, 'SEK')).toBe('en');
    expect(kioskDefaultLanguage({ language: null }, 'EUR')).toBe('fi');
    expect(kioskDefaultLanguage({ language: null }, 'SEK')).toBe('se');
    expect(kioskDefaultLanguage({ language: null }, null)).toBe('se');
  });
});

describe("issue 35: the kiosk's own address (its reset opens it, an installed kiosk starts at it)", () => {
  it('names the shop, kiosk=1, the idle and answer times in seconds, and the start language when one was chosen', () => {
    expect(kioskAddress('cafe', { idleMs: 90_000, promptMs: 45_000, language: 'en' })).toBe(
      '/cafe?kiosk=1&idle=90&prompt=45&lng=en',
    );
    expect(kioskAddress('kahvila', { idleMs: 60_000, promptMs: 30_000, language: null })).toBe(
      '/kahvila?kiosk=1&idle=60&prompt=30',
    );
  });

  it('read back, it gives the same kiosk setting (nothing of the owner’s choice is lost at a reset)', () => {
    const setting = { idleMs: 120_000, promptMs: 60_000, language: 'fi' as const };
    const address = new URL(kioskAddress('a b/c', setting), 'https://shop.example');
    expect(address.pathname).toBe('/a%20b%2Fc');
    expect(readKioskSetting(address.search, memoryStorage())).toEqual(setting);
  });
});
