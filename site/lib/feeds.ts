import { attributes, cdata, element, escapeXml } from './xml.ts';
import { rfc3339, rfc822 } from './dates.ts';

// RSS 2.0, Atom 1.0 and JSON Feed 1.1 writers. Pure: they take absolute URLs and ISO dates
// and return the document text. GUIDs/ids are the article's URL on this site, which never
// changes, so readers never see an item twice.

export interface FeedMeta {
  title: string;
  description: string;
  language: string;
  /** The HTML page this feed mirrors (absolute). */
  homeUrl: string;
  /** Absolute URL of this feed in each format; the current one is the self link. */
  feedUrls: { rss: string; atom: string; json: string };
  author: string;
  icon?: string;
  favicon?: string;
  /** ISO date of the newest item (never the build time, so an unchanged feed is byte-identical). */
  updated: string | null;
}

export interface FeedItem {
  url: string;
  title: string;
  summary: string;
  /** Full HTML with absolute URLs, or null for summary-only feeds. */
  contentHtml: string | null;
  published: string;
  updated: string;
  authors: string[];
  tags: string[];
  image: { url: string; type: string; width: number | null; height: number | null } | null;
  /** The original article on its source site. */
  sourceUrl: string;
  language?: string;
}

const FALLBACK_DATE = '1970-01-01T00:00:00Z';

export function rssFeed(meta: FeedMeta, items: FeedItem[]): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">',
    '<channel>',
    element('title', meta.title),
    element('link', meta.homeUrl),
    `<description>${escapeXml(meta.description || meta.title)}</description>`,
    element('language', meta.language),
    meta.updated ? element('lastBuildDate', rfc822(meta.updated)) : '',
    `<atom:link${attributes({ href: meta.feedUrls.rss, rel: 'self', type: 'application/rss+xml' })}/>`,
    element('generator', 'Gleaner'),
    meta.icon ? `<image>${element('url', meta.icon)}${element('title', meta.title)}${element('link', meta.homeUrl)}</image>` : '',
  ];
  for (const item of items) {
    out.push(
      '<item>',
      element('title', item.title),
      element('link', item.url),
      `<guid isPermaLink="true">${escapeXml(item.url)}</guid>`,
      element('pubDate', rfc822(item.published)),
      ...item.authors.map((a) => element('dc:creator', a)),
      ...item.tags.map((t) => element('category', t)),
      // RSS readers render <description> as HTML: the plain-text summary is escaped as HTML first.
      `<description>${cdata(escapeXml(item.summary))}</description>`,
      item.contentHtml ? `<content:encoded>${cdata(item.contentHtml)}</content:encoded>` : '',
      item.image ? `<media:content${attributes({ url: item.image.url, medium: 'image', type: item.image.type, width: item.image.width?.toString(), height: item.image.height?.toString() })}/>` : '',
      '</item>',
    );
  }
  out.push('</channel>', '</rss>', '');
  return out.filter(Boolean).join('\n');
}

export function atomFeed(meta: FeedMeta, items: FeedItem[]): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom"${attributes({ 'xml:lang': meta.language })}>`,
    element('id', meta.feedUrls.atom),
    `<title type="text">${escapeXml(meta.title)}</title>`,
    meta.description ? `<subtitle type="text">${escapeXml(meta.description)}</subtitle>` : '',
    element('updated', rfc3339(meta.updated ?? FALLBACK_DATE)),
    `<link${attributes({ rel: 'self', type: 'application/atom+xml', href: meta.feedUrls.atom })}/>`,
    `<link${attributes({ rel: 'alternate', type: 'text/html', href: meta.homeUrl })}/>`,
    `<author>${element('name', meta.author || meta.title)}</author>`,
    element('generator', 'Gleaner'),
    meta.icon ? element('icon', meta.icon) : '',
  ];
  for (const item of items) {
    out.push(
      '<entry>',
      element('id', item.url),
      `<title type="text">${escapeXml(item.title)}</title>`,
      `<link${attributes({ rel: 'alternate', type: 'text/html', href: item.url })}/>`,
      item.sourceUrl !== item.url ? `<link${attributes({ rel: 'related', type: 'text/html', href: item.sourceUrl })}/>` : '',
      element('published', rfc3339(item.published)),
      element('updated', rfc3339(item.updated)),
      ...item.authors.map((a) => `<author>${element('name', a)}</author>`),
      ...item.tags.map((t) => `<category${attributes({ term: t })}/>`),
      item.summary ? `<summary type="text">${escapeXml(item.summary)}</summary>` : '',
      item.contentHtml ? `<content type="html">${cdata(item.contentHtml)}</content>` : '',
      '</entry>',
    );
  }
  out.push('</feed>', '');
  return out.filter(Boolean).join('\n');
}

interface JsonFeedItem {
  id: string;
  url: string;
  external_url?: string;
  title: string;
  summary?: string;
  content_html?: string;
  content_text?: string;
  image?: string;
  date_published: string;
  date_modified?: string;
  authors?: Array<{ name: string }>;
  tags?: string[];
  language?: string;
}

export function jsonFeed(meta: FeedMeta, items: FeedItem[]): string {
  const feed = {
    version: 'https://jsonfeed.org/version/1.1',
    title: meta.title,
    home_page_url: meta.homeUrl,
    feed_url: meta.feedUrls.json,
    description: meta.description || undefined,
    language: meta.language,
    icon: meta.icon,
    favicon: meta.favicon,
    authors: meta.author ? [{ name: meta.author }] : undefined,
    items: items.map((item): JsonFeedItem => {
      const entry: JsonFeedItem = {
        id: item.url,
        url: item.url,
        external_url: item.sourceUrl !== item.url ? item.sourceUrl : undefined,
        title: item.title,
        summary: item.summary || undefined,
        image: item.image?.url,
        date_published: rfc3339(item.published),
        date_modified: item.updated !== item.published ? rfc3339(item.updated) : undefined,
        authors: item.authors.length ? item.authors.map((name) => ({ name })) : undefined,
        tags: item.tags.length ? item.tags : undefined,
        language: item.language,
      };
      // JSON Feed requires content_html or content_text on every item.
      if (item.contentHtml) entry.content_html = item.contentHtml;
      else entry.content_text = item.summary || item.title;
      return entry;
    }),
  };
  return `${JSON.stringify(feed, null, 1)}\n`;
}
