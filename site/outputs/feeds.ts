import { attributes, element, escapeXmlText } from './xml.ts';
import { rfc3339, rfc822 } from '../model/dates.ts';

// RSS 2.0, Atom 1.0 and JSON Feed 1.1 writers. Pure: they take absolute URLs and ISO dates
// and return the document text. GUIDs/ids are the article's URL on this site, which never
// changes, so readers never see an item twice. HTML goes in escaped, never in CDATA (xml.ts), and
// every item credits its source by name: RSS <source>, Atom <source>, JSON Feed `_gleaner.source`.
// A feed with a WebSub hub names it beside its self link (WebSub §4: the two links a subscriber needs).

export interface FeedMeta {
  title: string;
  description: string;
  language: string;
  /** The HTML page this feed mirrors (absolute). */
  homeUrl: string;
  /** Absolute URL of this feed in each format; the current one is the self link. */
  feedUrls: { rss: string; atom: string; json?: string };
  /** Who publishes this feed: the site (its title and home page; its contact address when the config gives a real one). */
  author: { name: string; uri: string; email?: string };
  icon?: string;
  favicon?: string;
  /** ISO date of the newest item (never the build time, so an unchanged feed is byte-identical). */
  updated: string | null;
  /** The WebSub hub the site announces its feeds to (config site.websubHub); unset, the feed names none. */
  hub?: string;
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
  /** Its source, by the name readers see (crawler/url/source-name.ts): the source's site, and its feed when known. Null for the site's own writing (a daily edition). */
  source: { name: string; url: string; feedUrl: string | null } | null;
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
    element('description', meta.description || meta.title),
    element('language', meta.language),
    meta.updated ? element('lastBuildDate', rfc822(meta.updated)) : '',
    `<atom:link${attributes({ href: meta.feedUrls.rss, rel: 'self', type: 'application/rss+xml' })}/>`,
    meta.hub ? `<atom:link${attributes({ href: meta.hub, rel: 'hub' })}/>` : '',
    element('generator', 'Gleaner'),
    meta.icon ? `<image>${element('url', meta.icon)}${element('title', meta.title)}${element('link', meta.homeUrl)}</image>` : '',
  ];
  for (const item of items) {
    out.push(
      '<item>',
      element('title', item.title),
      element('link', item.url),
      element('guid', item.url, { isPermaLink: 'true' }),
      element('pubDate', rfc822(item.published)),
      ...item.authors.map((a) => element('dc:creator', a)),
      ...item.tags.map((t) => element('category', t)),
      // RSS readers render <description> as HTML: the plain-text summary becomes HTML text (&, < and > escaped,
      // quotes left as characters), then goes in as XML text like every HTML payload here.
      element('description', escapeXmlText(item.summary)) || '<description></description>',
      element('content:encoded', item.contentHtml),
      item.source ? element('source', item.source.name, { url: item.source.feedUrl ?? item.source.url }) : '',
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
    element('title', meta.title, { type: 'text' }),
    element('subtitle', meta.description, { type: 'text' }),
    element('updated', rfc3339(meta.updated ?? FALLBACK_DATE)),
    `<link${attributes({ rel: 'self', type: 'application/atom+xml', href: meta.feedUrls.atom })}/>`,
    meta.hub ? `<link${attributes({ rel: 'hub', href: meta.hub })}/>` : '',
    `<link${attributes({ rel: 'alternate', type: 'text/html', href: meta.homeUrl })}/>`,
    `<author>${element('name', meta.author.name || meta.title)}${element('uri', meta.author.uri)}${element('email', meta.author.email)}</author>`,
    element('generator', 'Gleaner'),
    meta.icon ? element('icon', meta.icon) : '',
  ];
  for (const item of items) {
    out.push(
      '<entry>',
      element('id', item.url),
      element('title', item.title, { type: 'text' }),
      `<link${attributes({ rel: 'alternate', type: 'text/html', href: item.url })}/>`,
      item.sourceUrl !== item.url ? `<link${attributes({ rel: 'related', type: 'text/html', href: item.sourceUrl })}/>` : '',
      element('published', rfc3339(item.published)),
      element('updated', rfc3339(item.updated)),
      ...item.authors.map((a) => `<author>${element('name', a)}</author>`),
      ...item.tags.map((t) => `<category${attributes({ term: t })}/>`),
      element('summary', item.summary, { type: 'text' }),
      element('content', item.contentHtml, { type: 'html' }),
      item.source ? atomSource(item.source) : '',
      '</entry>',
    );
  }
  out.push('</feed>', '');
  return out.filter(Boolean).join('\n');
}

/** An entry's <source>: where it was first published, by the name readers see (RFC 4287 §4.2.11). */
function atomSource(source: NonNullable<FeedItem['source']>): string {
  const links = [
    source.feedUrl ? `<link${attributes({ rel: 'self', href: source.feedUrl })}/>` : '',
    `<link${attributes({ rel: 'alternate', type: 'text/html', href: source.url })}/>`,
  ];
  return `<source>${element('id', source.feedUrl ?? source.url)}${element('title', source.name, { type: 'text' })}${links.join('')}</source>`;
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
  /** Gleaner's extension (JSON Feed §3: keys starting with "_"): the item's source, by the name readers see. */
  _gleaner?: { source: { name: string; url: string; feed_url?: string } };
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
    authors: [{ name: meta.author.name || meta.title, url: meta.author.uri }],
    hubs: meta.hub ? [{ type: 'WebSub', url: meta.hub }] : undefined,
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
        _gleaner: item.source ? { source: { name: item.source.name, url: item.source.url, feed_url: item.source.feedUrl ?? undefined } } : undefined,
      };
      // JSON Feed requires content_html or content_text on every item.
      if (item.contentHtml) entry.content_html = item.contentHtml;
      else entry.content_text = item.summary || item.title;
      return entry;
    }),
  };
  return `${JSON.stringify(feed, null, 1)}\n`;
}
