/**
 * Date and time formatting for the product's languages. Everything goes through `intlLocale`, so Swedish
 * ('se') is formatted as 'sv-SE' and never as Northern Sami. Money is formatted in `domain` (SPEC §9).
 */
import { memoized } from '../../domain/memoized';
import { intlLocale, type Language } from './languages';

// 2024-01-01 was a Monday, so day n of January 2024 is weekday n (1 = Monday … 7 = Sunday).
const REFERENCE_YEAR = 2024;
const REFERENCE_MONTH = 0;

const TIME_PATTERN = /^(\d{1,2}):(\d{2})(?::\d{2})?$/;

/**
 * One Intl formatter per language and options: creating one costs far more than using it (on a slow phone
 * the opening hours' 14 weekday and time formatters cost ~70 ms of the first screen).
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}
const dateTimeFormat = (lng: Language, options: Intl.DateTimeFormatOptions) =>
  cached(`d${lng}${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(intlLocale(lng), options));

/**
 * Formats an ISO date-time as a short date and time in the reader's time zone, e.g. '2024-03-05 14:07'
 * in Swedish, '5.3.2024 klo 14.07' in Finnish, '05/03/2024, 14:07' in English.
 *
 * @param iso - an ISO 8601 date-time string (as the store holds dates)
 * @param lng - the product language
 * @returns the formatted text, or the input unchanged when it is not a valid date
 */
export function formatDateTime(iso: string, lng: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(lng, { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/**
 * The long name of a weekday, e.g. 'måndag', 'maanantai', 'Monday' for 1 (SPEC §3 opening hours use
 * 1 = Monday … 7 = Sunday).
 *
 * @param weekday1to7 - 1 for Monday up to 7 for Sunday
 * @param lng - the product language
 * @returns the weekday's name, or the number as text when it is not 1–7
 */
export const formatWeekday: (weekday1to7: number, lng: Language) => string = memoized(
  (weekday1to7: number, lng: Language) => {
    if (!Number.isInteger(weekday1to7) || weekday1to7 < 1 || weekday1to7 > 7) return String(weekday1to7);
    // A fixed UTC date, formatted in UTC, names the same day whatever the reader's time zone.
    const date = new Date(Date.UTC(REFERENCE_YEAR, REFERENCE_MONTH, weekday1to7));
    return dateTimeFormat(lng, { weekday: 'long', timeZone: 'UTC' }).format(date);
  },
  // Every render of opening hours names the days again.
  (weekday1to7, lng) => `${lng} ${weekday1to7}`,
  100,
);

/**
 * Formats a plain number the way the language writes it, e.g. a VAT rate of 25.5 as '25,5' in Swedish and
 * Finnish and '25.5' in English (up to two decimals, none when whole).
 *
 * @param value - the number
 * @param lng - the product language
 * @returns the formatted number
 */
export function formatNumber(value: number, lng: Language): string {
  return cached(`n${lng}`, () => new Intl.NumberFormat(intlLocale(lng), { maximumFractionDigits: 2 })).format(
    value,
  );
}

/**
 * Formats an opening-hours time ('HH:MM', 24-hour clock) the way the language writes clock times:
 * '09:05' in Swedish and English, '09.05' in Finnish. '24:00' (closing at midnight) stays '24:00'.
 *
 * @param hhmm - a time as 'HH:MM' (seconds, if present, are ignored)
 * @param lng - the product language
 * @returns the formatted time, or the input unchanged when it is not a valid time
 */
export const formatTime: (hhmm: string, lng: Language) => string = memoized(
  (hhmm: string, lng: Language) => {
    const match = TIME_PATTERN.exec(hhmm.trim());
    if (!match) return hhmm;
    const hours = Number(match[1]);
    const minutes = Number(match[2]);
    const midnightEnd = hours === 24 && minutes === 0;
    if ((hours > 23 && !midnightEnd) || minutes > 59) return hhmm;
    const date = new Date(Date.UTC(REFERENCE_YEAR, REFERENCE_MONTH, 1, hours, minutes));
    return dateTimeFormat(lng, {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
      // h23 everywhere (0–23); only an end-of-day '24:00' asks for h24, which prints midnight as 24.
      hourCycle: midnightEnd ? 'h24' : 'h23',
    }).format(date);
  },
  // Every render of opening hours writes the same times again.
  (hhmm, lng) => `${lng} ${hhmm}`,
  500,
);
