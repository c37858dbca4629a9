import { formatDateTime, formatNumber, formatTime, formatWeekday } from '../../../src/shared/i18n';

const ISO = '2024-03-05T14:07:00Z';
const SHORT: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };

describe('formatDateTime (SPEC §2 receipt creation date; DESIGN: format dates with sv-SE for se)', () => {
  afterEach(() => jest.restoreAllMocks());

  it("formats Swedish ('se') exactly as Intl formats 'sv-SE'", () => {
    expect(formatDateTime(ISO, 'se')).toBe(new Intl.DateTimeFormat('sv-SE', SHORT).format(new Date(ISO)));
  });

  it("asks Intl for 'sv-SE', never for Northern Sami 'se'", async () => {
    const spy = jest.spyOn(Intl, 'DateTimeFormat');
    // A fresh copy of the module: formatters are made once per language and options.
    await jest.isolateModulesAsync(async () => {
      const fresh = await import('../../../src/shared/i18n/format');
      fresh.formatDateTime(ISO, 'se');
    });
    expect(spy).toHaveBeenCalledWith('sv-SE', SHORT);
    expect(spy).not.toHaveBeenCalledWith('se', expect.anything());
  });

  it('formats Finnish as fi-FI and English as en-GB', () => {
    expect(formatDateTime(ISO, 'fi')).toBe(new Intl.DateTimeFormat('fi-FI', SHORT).format(new Date(ISO)));
    expect(formatDateTime(ISO, 'en')).toBe(new Intl.DateTimeFormat('en-GB', SHORT).format(new Date(ISO)));
  });

  it('returns an invalid date string unchanged', () => {
    expect(formatDateTime('not a date', 'se')).toBe('not a date');
    expect(formatDateTime('', 'fi')).toBe('');
  });
});

describe('formatWeekday (SPEC §2 shop closed page: opening hours, weekday 1 = Monday … 7 = Sunday)', () => {
  it('names Monday to Sunday in Swedish, not in Northern Sami', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((d) => formatWeekday(d, 'se'))).toEqual([
      'måndag',
      'tisdag',
      'onsdag',
      'torsdag',
      'fredag',
      'lördag',
      'söndag',
    ]);
  });

  it('names weekdays in Finnish and English', () => {
    expect(formatWeekday(1, 'fi')).toBe('maanantai');
    expect(formatWeekday(7, 'fi')).toBe('sunnuntai');
    expect(formatWeekday(1, 'en')).toBe('Monday');
    expect(formatWeekday(7, 'en')).toBe('Sunday');
  });

  it('returns an out-of-range weekday as plain text', () => {
    expect(formatWeekday(0, 'se')).toBe('0');
    expect(formatWeekday(8, 'en')).toBe('8');
    expect(formatWeekday(1.5, 'fi')).toBe('1.5');
  });
});

describe("formatTime (SPEC §2 opening hours, 'HH:MM')", () => {
  it('writes the 24-hour clock the way each language does', () => {
    expect(formatTime('09:05', 'se')).toBe('09:05');
    expect(formatTime('09:05', 'en')).toBe('09:05');
    expect(formatTime('09:05', 'fi')).toBe('09.05');
    expect(formatTime('17:30', 'fi')).toBe('17.30');
  });

  it("keeps a midnight closing time as '24:00'", () => {
    expect(formatTime('24:00', 'se')).toBe('24:00');
    expect(formatTime('24:00', 'fi')).toBe('24.00');
    expect(formatTime('00:00', 'se')).toBe('00:00');
  });

  it('ignores seconds and returns invalid times unchanged', () => {
    expect(formatTime('08:00:00', 'se')).toBe('08:00');
    expect(formatTime('25:00', 'se')).toBe('25:00');
    expect(formatTime('12:60', 'se')).toBe('12:60');
    expect(formatTime('noon', 'en')).toBe('noon');
  });
});

describe('formatters are made once (issue 11: Intl constructors cost a slow phone ~5 ms each)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('formatting the opening hours twice creates no new Intl formatter', () => {
    formatWeekday(1, 'fi');
    formatTime('09:00', 'fi');
    const spy = jest.spyOn(Intl, 'DateTimeFormat');
    for (let day = 1; day <= 7; day++) formatWeekday(day, 'fi');
    formatTime('17:30', 'fi');
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('formatNumber (SPEC §9 VAT rate labels; DESIGN: sv-SE for se)', () => {
  it("writes 25.5 with a decimal comma in Swedish ('se' as sv-SE) and Finnish, a point in English", () => {
    expect(formatNumber(25.5, 'se')).toBe('25,5');
    expect(formatNumber(25.5, 'fi')).toBe('25,5');
    expect(formatNumber(25.5, 'en')).toBe('25.5');
  });

  it('writes whole rates without decimals', () => {
    expect(formatNumber(12, 'se')).toBe('12');
    expect(formatNumber(0, 'fi')).toBe('0');
  });
});
