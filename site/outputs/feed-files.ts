import type { FeedKind } from './feed-data.ts';

// The feed files the site writes, by path under the site: the site's, each topic's and the
// stories' (stories/) in three formats, and the daily edition's two. The build writes them
// (site/model/pages/documents.ts); the deploy tells a WebSub hub when one changed.

export const FEED_FILES: Record<FeedKind, string> = { rss: 'rss.xml', atom: 'atom.xml', json: 'feed.json' };
export const DAILY_FEED_FILES = { rss: 'daily.xml', atom: 'daily.atom.xml' } as const;

const names = Object.values(FEED_FILES).join('|').replaceAll('.', '\\.');
const daily = Object.values(DAILY_FEED_FILES).join('|').replaceAll('.', '\\.');
const FEED_PATH = new RegExp(`^(?:(?:[^/]+/)?(?:${names})|${daily})$`);

/** Whether a file of the built site is one of its feeds. */
export function isFeedFile(path: string): boolean {
  return FEED_PATH.test(path);
}
