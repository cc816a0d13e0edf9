import { atomFeed, jsonFeed, rssFeed, type FeedItem } from './feeds.ts';
import { feedArticles, feedItem, feedMeta, type FeedKind } from './feed-data.ts';
import { articleHtml } from '../html/article-body.ts';
import type { Article, SiteIndex, TopicInfo } from '../model/site-index.ts';
import { storyFeed } from './story-feed.ts';

const TYPES: Record<FeedKind, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

// A new article is in the site's feeds and its topic's, three formats each: its item (body
// rewritten for feed readers) is built once. An Article belongs to one index, so it is the key.
const items = new WeakMap<Article, Promise<FeedItem>>();

function cachedItem(index: SiteIndex, root: string, article: Article): Promise<FeedItem> {
  let item = items.get(article);
  if (!item) items.set(article, (item = articleHtml(root, article).then((html) => feedItem(index, article, html))));
  return item;
}

/** The site's or a topic's feed in one format, as an endpoint response; `root` is the site's (article files are relative to it). */
export async function feedResponse(index: SiteIndex, root: string, kind: FeedKind, topic?: TopicInfo): Promise<Response> {
  const articles = feedArticles(index, topic);
  const meta = feedMeta(index, articles, topic);
  const list = await Promise.all(articles.map((a) => cachedItem(index, root, a)));
  const body = kind === 'rss' ? rssFeed(meta, list) : kind === 'atom' ? atomFeed(meta, list) : jsonFeed(meta, list);
  return new Response(body, { headers: { 'Content-Type': TYPES[kind] } });
}

/** The stories feed (story-feed.ts) in one format, as an endpoint response. */
export function storyFeedResponse(index: SiteIndex, kind: FeedKind): Response {
  return new Response(storyFeed(index, kind), { headers: { 'Content-Type': TYPES[kind] } });
}
