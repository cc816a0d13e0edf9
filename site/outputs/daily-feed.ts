import { dailyEditions, type DailyEdition } from '../model/daily.ts';
import { dayTitle } from '../model/days.ts';
import { siteAuthor } from './feed-data.ts';
import { atomFeed, rssFeed, type FeedItem, type FeedMeta } from './feeds.ts';
import { escapeHtml, truncate } from '../html/html.ts';
import type { SiteIndex } from '../model/site-index.ts';
import { storySources } from '../model/story-sources.ts';

// /daily.xml (RSS 2.0) and /daily.atom.xml (Atom): one item per CLOSED day (daily.ts: no article
// can join it any more), never the open day, so an item never changes once it is published and a feed-to-email service sends each day once. Its guid/id is
// the day's page, which never moves. The content is the day's top stories as HTML (headline
// links and the outlets that told them), written for a newsletter.

function dayItem(index: SiteIndex, edition: DailyEdition): FeedItem {
  const { config, routes } = index;
  const url = routes.absolute(edition.path);
  const date = dayTitle(edition.day, config.site.language);
  const items = edition.sections.flatMap((s) => s.items);
  const html: string[] = [`<p>The top stories of ${escapeHtml(date)} on <a href="${escapeHtml(routes.absolute(routes.home()))}">${escapeHtml(config.site.title)}</a>.</p>`];
  for (const section of edition.sections) {
    html.push(`<h2>${escapeHtml(section.name)}</h2>`, '<ol>');
    for (const item of section.items) {
      const outlets = item.story ? storySources(item.story).map((s) => s.name) : [item.lead.source];
      html.push(`<li><a href="${escapeHtml(routes.absolute(item.lead.path))}">${escapeHtml(item.lead.data.title)}</a> (${escapeHtml(outlets.join(', '))})</li>`);
    }
    html.push('</ol>');
  }
  html.push(`<p><a href="${escapeHtml(url)}">The edition on the site</a></p>`);
  const published = new Date(edition.end).toISOString();
  return {
    url,
    title: `${config.site.title} — ${edition.day}`,
    summary: truncate(items.map((item) => item.lead.data.title).join(' · '), 280),
    contentHtml: html.join('\n'),
    published,
    updated: published,
    authors: [],
    tags: [],
    image: null,
    sourceUrl: url,
    source: null,
  };
}

/** The daily feed in RSS or Atom: the newest `publish.feedItems` closed days, newest first. */
export function dailyFeed(index: SiteIndex, kind: 'rss' | 'atom'): string {
  const { config, routes } = index;
  const editions = dailyEditions(index)
    .filter((e) => e.closed)
    .reverse()
    .slice(0, config.publish.feedItems);
  const items = editions.map((e) => dayItem(index, e));
  const meta: FeedMeta = {
    title: `${config.site.title}: daily edition`,
    description: `The top stories of each day on ${config.site.title}, one item per day.`,
    language: config.site.language,
    homeUrl: routes.absolute(routes.path('daily/')),
    feedUrls: { rss: routes.absolute(routes.path('daily.xml')), atom: routes.absolute(routes.path('daily.atom.xml')) },
    author: siteAuthor(index),
    icon: routes.absolute(routes.path('icons/icon-512.png')),
    favicon: routes.absolute(routes.path('icons/icon-192.png')),
    updated: items[0]?.published ?? null,
    hub: config.site.websubHub,
  };
  return kind === 'rss' ? rssFeed(meta, items) : atomFeed(meta, items);
}
