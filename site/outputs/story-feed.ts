import { atomFeed, jsonFeed, rssFeed, type FeedItem, type FeedMeta } from './feeds.ts';
import { siteAuthor, siteOf, type FeedKind } from './feed-data.ts';
import { displayDateTime, time } from '../model/dates.ts';
import { escapeHtml } from '../html/html.ts';
import type { SiteIndex, StoryInfo } from '../model/site-index.ts';
import { newestStories, storySpan } from '../model/story-list.ts';
import { storySources } from '../model/story-sources.ts';
import { storyTimeline } from '../model/story-timeline.ts';

// The stories feed (/stories/rss.xml, atom.xml, feed.json): one item per story, the newest
// updated first, written by feeds.ts like every other feed. An item's id is its story page's
// URL, which never moves. Its published time is the story's first telling and its updated time
// the newest: Atom and JSON Feed readers see the item updated as the story grows. RSS has no
// updated time (a changed pubDate makes some readers show the item again as new), so its
// pubDate stays the first telling and the description says how far the story has grown.

export function storyFeedStories(index: SiteIndex): StoryInfo[] {
  return newestStories(index.stories).slice(0, index.config.publish.feedItems);
}

export function storyFeedMeta(index: SiteIndex, stories: readonly StoryInfo[]): FeedMeta {
  const { config, routes } = index;
  const url = (file: string) => routes.absolute(routes.path(`stories/${file}`));
  return {
    title: `Stories – ${config.site.title}`,
    description: `Stories told by several outlets on ${config.site.title}, each updated as more outlets tell it.`,
    language: config.site.language,
    homeUrl: url(''),
    feedUrls: { rss: url('rss.xml'), atom: url('atom.xml'), json: url('feed.json') },
    author: siteAuthor(index),
    icon: routes.absolute(routes.path('icons/icon-512.png')),
    favicon: routes.absolute(routes.path('icons/icon-192.png')),
    updated: stories[0] ? storySpan(stories[0]).newest : null,
    hub: config.site.websubHub,
  };
}

export function storyFeedItem(index: SiteIndex, story: StoryInfo): FeedItem {
  const { config, routes } = index;
  const lead = story.lead;
  const url = routes.absolute(story.path);
  const span = storySpan(story);
  const outlets = storySources(story).length;
  const rows = storyTimeline(story.members);
  const when = (iso: string) => displayDateTime(iso, config.site.language, config.site.timeZone);
  const grown = time(span.newest) > time(span.first) ? `, the newest ${when(span.newest)}` : '';
  const reports = story.members.length > outlets ? ` in ${story.members.length} reports` : '';
  const summary = `Told by ${outlets} outlet${outlets === 1 ? '' : 's'}${reports}, the first ${when(span.first)}${grown}: ${[...new Set(rows.map((r) => r.article.source))].join(', ')}.`;
  // The tellings in the order they were published: outlet, its own headline, its page here and the original.
  const list = rows.map(({ article, iso }) => {
    const page = routes.absolute(article.path);
    return `<li>${escapeHtml(article.source)}: <a href="${escapeHtml(page)}">${escapeHtml(article.data.title)}</a> (${escapeHtml(when(iso))}, <a href="${escapeHtml(article.data.url)}">original</a>)</li>`;
  });
  const contentHtml = `<p>${escapeHtml(summary)}</p>\n<ol>\n${list.join('\n')}\n</ol>\n<p><a href="${escapeHtml(url)}">The story on ${escapeHtml(config.site.title)}</a></p>`;
  return {
    url,
    title: lead.data.title,
    summary,
    contentHtml,
    published: span.first,
    updated: span.newest,
    authors: [],
    tags: [],
    image: null,
    sourceUrl: url,
    // An item credits one source: the story's, its first telling's outlet (the list names every one).
    source: { name: rows[0]!.article.source, url: siteOf(rows[0]!.article.data.url), feedUrl: rows[0]!.article.host ? index.sourceFeed(rows[0]!.article.host, rows[0]!.article.topic) : null },
    language: lead.data.lang,
  };
}

export function storyFeed(index: SiteIndex, kind: FeedKind): string {
  const stories = storyFeedStories(index);
  const meta = storyFeedMeta(index, stories);
  const items = stories.map((s) => storyFeedItem(index, s));
  return kind === 'rss' ? rssFeed(meta, items) : kind === 'atom' ? atomFeed(meta, items) : jsonFeed(meta, items);
}
