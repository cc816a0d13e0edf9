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
  const published = time(data.published);
  if (published > 0 && published <= time(data.fetched) + FUTURE_SLACK_MS) return { iso: data.published!, found: false };
  return { iso: data.fetched, found: true };
}

/** When the article last changed: its source's `modified` when later than its own time, else its own time. */
export function articleUpdated(data: { published: string | null; modified: string | null; fetched: string }): string {
  const own = articleTime(data).iso;
  return data.modified && time(data.modified) > time(own) ? data.modified : own;
}

/** How cards and search results show an article's time, in the site's zone: "Nov 9, 2026, 2:05 PM", or "Found Nov 24, 2026, 8:00 AM" when the source gave no date. */
export function articleDateText(data: { published: string | null; fetched: string }, site: { language: string; timeZone: string }): ArticleTime & { text: string } {
  const own = articleTime(data);
  const date = displayDateTime(own.iso, site.language, site.timeZone);
  return { ...own, text: own.found ? `Found ${date}` : date };
}
