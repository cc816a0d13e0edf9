import { atomFeed, jsonFeed, rssFeed } from './feeds.ts';
import { feedArticles, feedItem, feedMeta, type FeedKind } from './feed-data.ts';
import type { SiteIndex, TopicInfo } from './site-index.ts';

const TYPES: Record<FeedKind, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/** The site's or a topic's feed in one format, as an endpoint response. */
export function feedResponse(index: SiteIndex, kind: FeedKind, topic?: TopicInfo): Response {
  const articles = feedArticles(index, topic);
  const meta = feedMeta(index, articles, topic);
  const items = articles.map((a) => feedItem(index, a));
  const body = kind === 'rss' ? rssFeed(meta, items) : kind === 'atom' ? atomFeed(meta, items) : jsonFeed(meta, items);
  return new Response(body, { headers: { 'Content-Type': TYPES[kind] } });
}
