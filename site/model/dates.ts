// Feed and page dates. Formatting names its time zone (the site's, or UTC), so every build renders the same bytes.

/** RFC 822 (RFC 1123 form), as RSS 2.0 requires: "Tue, 05 Mar 2024 06:21:00 GMT". */
export function rfc822(iso: string): string {
  return new Date(iso).toUTCString();
}

/**
 * RFC 3339 in UTC: "2024-03-05T06:21:00Z", with milliseconds only when there are some (a time
 * the crawler took, like when it found an article: two found in one second stay apart).
 */
export function rfc3339(iso: string): string {
  if (isUtcInstant(iso)) return iso.length === 24 && iso.endsWith('.000Z') ? `${iso.slice(0, 19)}Z` : iso;
  return new Date(iso).toISOString().replace(/\.000Z$/, 'Z');
}

const DIGIT_AT = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18];
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether `iso` is a UTC instant as toISOString writes it, with or without its milliseconds
 * ("2024-03-05T06:21:00.000Z", the crawler's times), naming a real date and time: then it is
 * already what rfc3339 makes of it, save ".000", and is not parsed and formatted again (a build
 * at 100,000 articles writes a sitemap date for each). Anything else takes the long way.
 */
function isUtcInstant(iso: string): boolean {
  if (iso.length !== 20 && iso.length !== 24) return false;
  if (iso[4] !== '-' || iso[7] !== '-' || iso[10] !== 'T' || iso[13] !== ':' || iso[16] !== ':' || iso[iso.length - 1] !== 'Z') return false;
  for (const i of DIGIT_AT) if (!isDigit(iso.charCodeAt(i))) return false;
  if (iso.length === 24 && (iso[19] !== '.' || !isDigit(iso.charCodeAt(20)) || !isDigit(iso.charCodeAt(21)) || !isDigit(iso.charCodeAt(22)))) return false;
  const number = (at: number, digits: number) => Number(iso.slice(at, at + digits));
  const year = number(0, 4);
  const month = number(5, 2);
  const day = number(8, 2);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (month < 1 || month > 12 || day < 1 || day > MONTH_DAYS[month - 1]! || (month === 2 && day === 29 && !leap)) return false;
  return number(11, 2) <= 23 && number(14, 2) <= 59 && number(17, 2) <= 59;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A human date in the site's language, e.g. "5 Mar 2024". */
export function displayDate(iso: string, language: string): string {
  let format = formatters.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    formatters.set(language, format);
  }
  return format.format(new Date(iso));
}

const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();

/** A human date and time in the site's language and time zone, e.g. "Mar 5, 2024, 6:21 AM". */
export function displayDateTime(iso: string, language: string, timeZone: string): string {
  const key = `${language} ${timeZone}`;
  let format = dateTimeFormatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    dateTimeFormatters.set(key, format);
  }
  return format.format(new Date(iso));
}

export function time(iso: string | null | undefined): number {
  if (!iso) return 0;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
}
