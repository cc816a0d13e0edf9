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
  return (data as Holder)[OWN_TIME] ?? known(data).ms;
}

// A build asks an article's time many times (ranking, stories, daily editions, sitemaps), and
// parsing its dates each time cost ~0.5 s at 100,000 articles. Frontmatter is never changed once
// read, so the answer is kept per frontmatter object: only the time and which date it is, since
// the planning process keeps one for every article. A frontmatter that has room for it
// (`OWN_TIME`, the planning process's: site/builder/frontmatter-facts.ts) holds it in two fields;
// any other in a weak map, at ~0.1 KB an article more.
const times = new WeakMap<object, { ms: number; found: boolean }>();

/** The field a frontmatter may hold its own time in (ms; found as `OWN_TIME_FOUND`). */
export const OWN_TIME: unique symbol = Symbol('own time');
export const OWN_TIME_FOUND: unique symbol = Symbol('own time found');
interface Holder {
  [OWN_TIME]?: number;
  [OWN_TIME_FOUND]?: boolean;
}

function known(data: { published: string | null; fetched: string }): { ms: number; found: boolean } {
  const holder = data as Holder;
  const held = holder[OWN_TIME];
  if (held !== undefined) return { ms: held, found: holder[OWN_TIME_FOUND]! };
  let answer = times.get(data);
  if (answer === undefined) {
    const published = time(data.published);
    const fetched = time(data.fetched);
    answer = published > 0 && published <= fetched + FUTURE_SLACK_MS ? { ms: published, found: false } : { ms: fetched, found: true };
    if (OWN_TIME in data) {
      holder[OWN_TIME] = answer.ms;
      holder[OWN_TIME_FOUND] = answer.found;
    } else times.set(data, answer);
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
