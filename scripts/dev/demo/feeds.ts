// RSS 2.0, Atom 1.0 and JSON Feed 1.1 renderers for the sample sites.
import { cdata, esc } from './html.ts';

export interface FeedItem {
  title: string;
  link: string;
  guid: string;
  /** Whether the guid is the item's permalink. */
  guidIsLink: boolean;
  date: Date;
  author: string;
  summary: string;
  tags: string[];
  image?: string;
}

export interface FeedChannel {
  title: string;
  description: string;
  homeUrl: string;
  feedUrl: string;
  items: FeedItem[];
}

export const FEED_TYPES = {
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
  json: 'application/feed+json',
} as const;

/** The newest item date, or the epoch for an empty feed: a stable Last-Modified. */
export function feedUpdated(channel: FeedChannel): Date {
  return new Date(Math.max(0, ...channel.items.map((i) => i.date.getTime())));
}

/** `authorStyle` varies between sites: dc:creator (most blogs) or RSS's own email-form <author>. */
export function renderRss(channel: FeedChannel, authorStyle: 'dc' | 'email', emailDomain = 'example.com'): string {
  const items = channel.items.map((item) => {
    const author =
      authorStyle === 'dc'
        ? `<dc:creator>${cdata(item.author)}</dc:creator>`
        : `<author>${esc(`editors@${emailDomain} (${item.author})`)}</author>`;
    return `    <item>
      <title>${esc(item.title)}</title>
      <link>${esc(item.link)}</link>
      <guid isPermaLink="${item.guidIsLink}">${esc(item.guid)}</guid>
      <pubDate>${item.date.toUTCString()}</pubDate>
      ${author}
${item.tags.map((t) => `      <category>${esc(t)}</category>`).join('\n')}
      <description>${esc(item.summary)}</description>${item.image ? `\n      <enclosure url="${esc(item.image)}" type="${item.image.endsWith('.webp') ? 'image/webp' : 'image/jpeg'}" length="0"/>` : ''}
    </item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${esc(channel.title)}</title>
    <link>${esc(channel.homeUrl)}</link>
    <description>${esc(channel.description)}</description>
    <language>en</language>
    <lastBuildDate>${feedUpdated(channel).toUTCString()}</lastBuildDate>
    <atom:link href="${esc(channel.feedUrl)}" rel="self" type="application/rss+xml"/>
    <ttl>60</ttl>
${items.join('\n')}
  </channel>
</rss>
`;
}

export function renderAtom(channel: FeedChannel): string {
  const entries = channel.items.map(
    (item) => `  <entry>
    <title type="text">${esc(item.title)}</title>
    <link rel="alternate" type="text/html" href="${esc(item.link)}"/>
    <id>${esc(item.guid)}</id>
    <published>${item.date.toISOString()}</published>
    <updated>${item.date.toISOString()}</updated>
    <author><name>${esc(item.author)}</name></author>
${item.tags.map((t) => `    <category term="${esc(t)}"/>`).join('\n')}
    <summary type="text">${esc(item.summary)}</summary>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
  <title>${esc(channel.title)}</title>
  <subtitle>${esc(channel.description)}</subtitle>
  <link rel="alternate" type="text/html" href="${esc(channel.homeUrl)}"/>
  <link rel="self" type="application/atom+xml" href="${esc(channel.feedUrl)}"/>
  <id>${esc(channel.homeUrl)}</id>
  <updated>${feedUpdated(channel).toISOString()}</updated>
  <generator>Gleaner sample web</generator>
${entries.join('\n')}
</feed>
`;
}

export function renderJsonFeed(channel: FeedChannel): string {
  return `${JSON.stringify(
    {
      version: 'https://jsonfeed.org/version/1.1',
      title: channel.title,
      description: channel.description,
      home_page_url: channel.homeUrl,
      feed_url: channel.feedUrl,
      language: 'en',
      items: channel.items.map((item) => ({
        id: item.guid,
        url: item.link,
        title: item.title,
        summary: item.summary,
        ...(item.image ? { image: item.image } : {}),
        date_published: item.date.toISOString(),
        date_modified: item.date.toISOString(),
        authors: [{ name: item.author }],
        tags: item.tags,
      })),
    },
    null,
    2,
  )}\n`;
}
