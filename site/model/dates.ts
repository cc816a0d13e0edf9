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
  return new Date(iso).toISOString().replace(/\.000Z$/, 'Z');
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
