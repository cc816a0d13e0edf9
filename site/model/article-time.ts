import { displayDateTime, time } from './dates.ts';

// An article's own time: when its source published it, else when the crawler found it (fetched).
// Cards, search results, feeds and sitemaps show this time; the site's order (home, topic pages,
// which articles a feed carries) stays the order the site published them in (publishedOnSite).

/** A source date this far past the fetch is a bad clock or a bad page, not a publication time. */
const FUTURE_SLACK_MS = 24 * 3_600_000;

export interface ArticleTime {
  iso: string;
  /** True when the source gave no usable date and `iso` is when the crawler found the article. */
  found: boolean;
}

export function articleTime(data: { published: string | null; fetched: string }): ArticleTime {
  const found = known(data).found;
  return { iso: found ? data.fetched : data.published!, found };
}

/** An article's own time in milliseconds (`time(articleTime(data).iso)`). */
export function articleMs(data: { published: string | null; fetched: string }): number {
  const held = (data as Holder)[OWN_TIME];
  return held !== undefined ? heldMs(held) : known(data).ms;
}

// A build asks an article's time many times (ranking, stories, daily editions, sitemaps), and
// parsing its dates each time cost ~0.5 s at 100,000 articles. Frontmatter is never changed once
// read, so the answer is kept per frontmatter object. A frontmatter that has room for it
// (`OWN_TIME`, the planning process's: site/builder/frontmatter-facts.ts, which holds one for every
// article) holds it in that one field, negative when it is the time found: as whole seconds while
// they are a small integer (to 2038), which V8 holds in the field itself, else in milliseconds (a
// number object of its own, 16 bytes more; every such time is past 2^31 ms, so the two never
// meet). Any other frontmatter in a weak map, at ~0.1 KB an article more.
const times = new WeakMap<object, { ms: number; found: boolean }>();

/** The field a frontmatter may hold its own time in (see above). */
export const OWN_TIME: unique symbol = Symbol('own time');
interface Holder {
  [OWN_TIME]?: number;
}

/** 2^31: seconds below it (to 2038) are V8's small integers on 64 bits; milliseconds of any time since 1970-01-25 are above it. */
const SMALL = 2 ** 31;

/** A time (ms) as a number to hold: whole seconds below SMALL, else milliseconds at or above it; null for a time neither holds (before 1970-01-25 with milliseconds, or not a time). */
export function heldTime(ms: number): number | null {
  const seconds = ms / 1000;
  return Number.isInteger(seconds) && seconds > 0 && seconds < SMALL ? seconds : ms >= SMALL ? ms : null;
}

/** The milliseconds a held time is (heldTime's number; the sign is the holder's). */
export function heldMs(held: number): number {
  const size = Math.abs(held);
  return size < SMALL ? size * 1000 : size;
}

/**
 * A frontmatter that holds a date other than as its text (the planning process's,
 * site/builder/frontmatter-facts.ts) tells its time by this method, without making the text.
 */
export const DATE_MS: unique symbol = Symbol('date in ms');
interface DateHolder {
  [DATE_MS]?(field: 'published' | 'fetched'): number;
}

/** `time(data[field])`. */
export function dateMs(data: { published: string | null; fetched: string }, field: 'published' | 'fetched'): number {
  const holder = data as DateHolder;
  return holder[DATE_MS] !== undefined ? holder[DATE_MS](field) : time(data[field]);
}

function known(data: { published: string | null; fetched: string }): { ms: number; found: boolean } {
  const holder = data as Holder;
  const held = holder[OWN_TIME];
  if (held !== undefined) return { ms: heldMs(held), found: held < 0 };
  let answer = times.get(data);
  if (answer === undefined) {
    const published = dateMs(data, 'published');
    const fetched = dateMs(data, 'fetched');
    answer = published > 0 && published <= fetched + FUTURE_SLACK_MS ? { ms: published, found: false } : { ms: fetched, found: true };
    const size = heldTime(answer.ms);
    if (OWN_TIME in data && size !== null) holder[OWN_TIME] = answer.found ? -size : size;
    else times.set(data, answer);
  }
  return answer;
}

/** When the article last changed: its source's `modified` when later than its own time, else its own time. */
export function articleUpdated(data: { published: string | null; modified: string | null; fetched: string }): string {
  const own = known(data);
  return data.modified && time(data.modified) > own.ms ? data.modified : own.found ? data.fetched : data.published!;
}

/** How cards and search results show an article's time, in the site's zone: "Nov 9, 2026, 2:05 PM", or "Found Nov 24, 2026, 8:00 AM" when the source gave no date. */
export function articleDateText(data: { published: string | null; fetched: string }, site: { language: string; timeZone: string }): ArticleTime & { text: string } {
  const own = articleTime(data);
  const date = displayDateTime(own.iso, site.language, site.timeZone);
  return { ...own, text: own.found ? `Found ${date}` : date };
}
