// Calendar days in the site's time zone (config site.timeZone, IANA): which day an instant falls
// on, and when a day ends. Pure; the daily edition (daily.ts) groups articles with these.

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function parts(ms: number, timeZone: string): Record<string, number> {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const out: Record<string, number> = {};
  for (const p of format.formatToParts(new Date(ms))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

const QUARTER_HOUR = 15 * 60_000;
const SINCE_1990 = Date.UTC(1990, 0, 1);
const daysOfQuarters = new Map<string, Map<number, string>>();

/**
 * The day (yyyy-mm-dd) an instant falls on in `timeZone`. Asking Intl is slow (a build asks for
 * every article), so the answer is kept per quarter hour of UTC: since 1990 every zone's offset is
 * a whole number of quarter hours and changes on a quarter hour, so no quarter hour holds a local
 * midnight inside it. Earlier instants (local mean times of odd minutes) are always asked.
 */
export function dayOf(ms: number, timeZone: string): string {
  if (ms < SINCE_1990) return askDay(ms, timeZone);
  let known = daysOfQuarters.get(timeZone);
  if (!known) daysOfQuarters.set(timeZone, (known = new Map()));
  const quarter = Math.floor(ms / QUARTER_HOUR);
  let day = known.get(quarter);
  if (day === undefined) known.set(quarter, (day = askDay(quarter * QUARTER_HOUR, timeZone)));
  return day;
}

function askDay(ms: number, timeZone: string): string {
  const p = parts(ms, timeZone);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** How far `timeZone` is ahead of UTC at an instant, in ms. */
function offset(ms: number, timeZone: string): number {
  const p = parts(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant a day (yyyy-mm-dd) starts in `timeZone`: its local midnight (the first instant of the day where a DST change skips midnight). */
export function dayStart(day: string, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d);
  // Local midnight is wall - offset(at that instant); two passes settle it across an offset change.
  let t = wall - offset(wall, timeZone);
  t = wall - offset(t, timeZone);
  // Where midnight does not exist (a zone that springs forward at 00:00), step to the day's first instant.
  while (dayOf(t, timeZone) !== day && t < wall + 86_400_000) t += 15 * 60_000;
  while (dayOf(t - 1, timeZone) === day) t -= 15 * 60_000;
  return t;
}

/** The day after `day` (yyyy-mm-dd). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The instant a day ends in `timeZone` (exclusive): the next day's start. */
export function dayEnd(day: string, timeZone: string): number {
  return dayStart(nextDay(day), timeZone);
}

/** Items grouped by the day their instant falls on in `timeZone`; days oldest first, items in the given order. */
export function groupByDay<T>(items: readonly T[], instant: (item: T) => number, timeZone: string): Array<{ day: string; items: T[] }> {
  const days = new Map<string, T[]>();
  for (const item of items) {
    const day = dayOf(instant(item), timeZone);
    let list = days.get(day);
    if (!list) days.set(day, (list = []));
    list.push(item);
  }
  return [...days].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, list]) => ({ day, items: list }));
}

const titleFormats = new Map<string, Intl.DateTimeFormat>();

/** A day as readers see it, in the site's language: "Friday, November 27, 2026"; `month` gives "November 2026". */
export function dayTitle(day: string, language: string, style: 'day' | 'month' = 'day'): string {
  const key = `${language} ${style}`;
  const format = titleFormats.get(key) ?? new Intl.DateTimeFormat(language, style === 'day' ? { dateStyle: 'full', timeZone: 'UTC' } : { month: 'long', year: 'numeric', timeZone: 'UTC' });
  titleFormats.set(key, format);
  return format.format(new Date(`${day.slice(0, 7)}-${day.slice(8, 10) || '15'}T12:00:00Z`));
}
