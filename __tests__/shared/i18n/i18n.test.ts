import type { ResourceLanguage } from 'i18next';
import en from '../../../translations/en.json';
import se from '../../../translations/se.json';
import fi from '../../../translations/fi.json';
import { currentLanguage, initI18n, setLanguage, visitorLanguage } from '../../../src/shared/i18n';

const RESOURCES: Record<'se' | 'en' | 'fi', ResourceLanguage> = {
  se: { translation: se },
  en: { translation: en },
  fi: { translation: fi },
};

function setQuery(search: string): void {
  window.history.replaceState({}, '', `/shop-1${search}`);
}

function setCookie(value: string | null): void {
  document.cookie =
    value === null ? 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/' : `i18next=${value}; path=/`;
}

beforeEach(() => {
  setQuery('');
  setCookie(null);
  window.localStorage.clear();
  document.documentElement.removeAttribute('lang');
});

describe('language detection (SPEC §1: query lng, then cookie i18next, then local storage i18nextLng)', () => {
  it('the query parameter lng beats the cookie and local storage', async () => {
    setQuery('?lng=fi');
    setCookie('se');
    window.localStorage.setItem('i18nextLng', 'en');
    const i18n = await initI18n({ resources: RESOURCES });
    expect(i18n.language).toBe('fi');
  });

  it('the cookie i18next beats local storage', async () => {
    setCookie('fi');
    window.localStorage.setItem('i18nextLng', 'se');
    const i18n = await initI18n({ resources: RESOURCES });
    expect(i18n.language).toBe('fi');
  });

  it('local storage i18nextLng is used when there is no query parameter or cookie', async () => {
    window.localStorage.setItem('i18nextLng', 'se');
    const i18n = await initI18n({ resources: RESOURCES });
    expect(i18n.language).toBe('se');
  });

  it('falls back to English when nothing names a language (SPEC §1 fallback English)', async () => {
    const i18n = await initI18n({ resources: RESOURCES });
    expect(i18n.language).toBe('en');
    expect(i18n.t('cart.title')).toBe('Cart');
  });

  it.each([
    ['?lng=sv', 'se'],
    ['?lng=sv-SE', 'se'],
    ['?lng=sv_SE', 'se'],
    ['?lng=fi-FI', 'fi'],
    ['?lng=en-US', 'en'],
  ])('maps %s to the product language %s', async (query, expected) => {
    setQuery(query);
    const i18n = await initI18n({ resources: RESOURCES });
    expect(i18n.language).toBe(expected);
  });

  it('an unknown ?lng=xx gives English', async () => {
    setQuery('?lng=xx');
    const i18n = await initI18n({ resources: RESOURCES });
    expect(i18n.language).toBe('en');
  });

  it('an unknown ?lng=xx does not hide a known language in the cookie', async () => {
    setQuery('?lng=xx');
    setCookie('fi');
    const i18n = await initI18n({ resources: RESOURCES });
    expect(i18n.language).toBe('fi');
  });

  it('a cookie that is not valid percent-encoding is skipped, and local storage still counts', async () => {
    setCookie('%E0%A4%A');
    window.localStorage.setItem('i18nextLng', 'fi');
    const i18n = await initI18n({ resources: RESOURCES });
    expect(i18n.language).toBe('fi');
  });

  it('local storage that refuses access leaves the visitor on English, without an error', async () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      const i18n = await initI18n({ resources: RESOURCES });
      expect(i18n.language).toBe('en');
    } finally {
      getItem.mockRestore();
    }
  });

  it('remembers the detected language in local storage i18nextLng', async () => {
    setQuery('?lng=sv');
    await initI18n({ resources: RESOURCES });
    expect(window.localStorage.getItem('i18nextLng')).toBe('se');
  });

  it('§1: a language is remembered as it is read, never after the wait for its texts: what is stored meanwhile is kept', async () => {
    // A page that found English (here in the cookie a kiosk left) is still loading its translations …
    setCookie('en');
    window.localStorage.setItem('i18nextLng', 'en');
    const starting = initI18n();
    // … when the cookie is cleared and Finnish is stored (the visitor, or the shop's next page).
    setCookie(null);
    window.localStorage.setItem('i18nextLng', 'fi');
    expect((await starting).language).toBe('en');
    expect(document.cookie).not.toContain('i18next=');
    expect(window.localStorage.getItem('i18nextLng')).toBe('fi');
    expect((await initI18n({ resources: RESOURCES })).language).toBe('fi');
  });

  it('visitorLanguage tells a language the visitor named (query, cookie, storage) from the fallback', async () => {
    expect(visitorLanguage(await initI18n({ resources: RESOURCES }))).toBeNull();
    setQuery('?lng=xx');
    setCookie('fi');
    expect(visitorLanguage(await initI18n({ resources: RESOURCES }))).toBe('fi');
    setCookie(null);
    setQuery('');
    window.localStorage.setItem('i18nextLng', 'sv-SE');
    expect(visitorLanguage(await initI18n({ resources: RESOURCES }))).toBe('se');
    expect(visitorLanguage(await initI18n({ lng: 'en', resources: RESOURCES }))).toBe('en');
  });

  it('does not remember the English fallback, so the next visit is still one whose language is unknown', async () => {
    await initI18n({ resources: RESOURCES });
    expect(window.localStorage.getItem('i18nextLng')).toBeNull();
    expect(visitorLanguage(await initI18n({ resources: RESOURCES }))).toBeNull();
  });

  it('an explicit lng option skips detection', async () => {
    setQuery('?lng=fi');
    const i18n = await initI18n({ lng: 'se', resources: RESOURCES });
    expect(i18n.language).toBe('se');
  });

  it('each call creates a new instance, so languages do not leak between instances', async () => {
    const a = await initI18n({ lng: 'se', resources: RESOURCES });
    const b = await initI18n({ lng: 'fi', resources: RESOURCES });
    expect(a).not.toBe(b);
    expect(a.t('cart.title')).toBe('Varukorg');
    expect(b.t('cart.title')).toBe('Ostoskori');
  });
});

describe('<html lang> (DESIGN: se is sv to the platform)', () => {
  it('\'se\' sets <html lang="sv">', async () => {
    await initI18n({ lng: 'se', resources: RESOURCES });
    expect(document.documentElement.lang).toBe('sv');
  });

  it('switching language updates <html lang>', async () => {
    const i18n = await initI18n({ lng: 'se', resources: RESOURCES });
    await i18n.changeLanguage('fi');
    expect(document.documentElement.lang).toBe('fi');
    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('setLanguage maps any spelling to a product language and remembers it', async () => {
    const i18n = await initI18n({ lng: 'en', resources: RESOURCES });
    await expect(setLanguage(i18n, 'sv-SE')).resolves.toBe('se');
    expect(currentLanguage(i18n)).toBe('se');
    expect(document.documentElement.lang).toBe('sv');
    expect(window.localStorage.getItem('i18nextLng')).toBe('se');
  });

  it('setLanguage on an instance that fell back remembers the choice and makes it the visitor’s', async () => {
    const i18n = await initI18n({ resources: RESOURCES });
    await setLanguage(i18n, 'fi');
    expect(window.localStorage.getItem('i18nextLng')).toBe('fi');
    expect(visitorLanguage(i18n)).toBe('fi');
  });
});

describe('translating', () => {
  it("uses Swedish one/other plurals for 'se', not Northern Sami one/two/other", async () => {
    const i18n = await initI18n({ lng: 'se', resources: RESOURCES });
    expect(i18n.t('cart.itemCount', { count: 1 })).toBe('1 vara');
    expect(i18n.t('cart.itemCount', { count: 2 })).toBe('2 varor');
    expect(i18n.t('cart.itemCount', { count: 5 })).toBe('5 varor');
  });

  it('uses Finnish and English plurals', async () => {
    const i18n = await initI18n({ lng: 'fi', resources: RESOURCES });
    expect(i18n.t('cart.itemCount', { count: 1 })).toBe('1 tuote');
    expect(i18n.t('cart.itemCount', { count: 2 })).toBe('2 tuotetta');
    await i18n.changeLanguage('en');
    expect(i18n.t('shop.cartSummary', { count: 2, total: '12,00 kr' })).toBe('Cart: 2 items, 12,00 kr');
  });

  it('does not HTML-escape interpolated values, as React escapes them itself', async () => {
    const i18n = await initI18n({ lng: 'en', resources: RESOURCES });
    expect(i18n.t('shop.hostedBy', { provider: 'Kassa & Co' })).toBe('Hosted by Kassa & Co');
  });

  it("i18next's built-in formatters use sv-SE for 'se' (Swedish weekday, not Northern Sami)", async () => {
    const i18n = await initI18n({ lng: 'se', resources: RESOURCES });
    const monday = new Date(Date.UTC(2024, 0, 1, 12));
    const options = { weekday: 'long', timeZone: 'UTC' };
    expect(i18n.services.formatter?.format(monday, 'datetime', 'se', options)).toBe('måndag');
    expect(i18n.services.formatter?.format(1234.5, 'number', 'se', {})).toBe(
      new Intl.NumberFormat('sv-SE').format(1234.5),
    );
  });

  it('a missing Swedish text falls back to English (SPEC §1)', async () => {
    const partial: ResourceLanguage = { translation: { cart: { title: 'Varukorg' } } };
    const i18n = await initI18n({ lng: 'se', resources: { ...RESOURCES, se: partial } });
    expect(i18n.t('cart.title')).toBe('Varukorg');
    expect(i18n.t('cart.empty')).toBe('Your cart is empty');
  });
});

describe('lazy loading (one chunk per language; only the detected language and English load)', () => {
  it('loads the detected language and the English fallback from the translation files, and no other', async () => {
    setQuery('?lng=fi');
    const i18n = await initI18n();
    expect(i18n.language).toBe('fi');
    expect(i18n.hasResourceBundle('fi', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('se', 'translation')).toBe(false);
    expect(i18n.t('reference.emptyInput')).toBe('Sinun täytyy antaa pöytänumero');
  });

  it('loads Swedish when switching to it', async () => {
    const i18n = await initI18n({ lng: 'en' });
    expect(i18n.hasResourceBundle('se', 'translation')).toBe(false);
    await i18n.changeLanguage('se');
    expect(i18n.hasResourceBundle('se', 'translation')).toBe(true);
    expect(i18n.t('download.title')).toBe('Ladda ner ditt kvitto');
  });
});
