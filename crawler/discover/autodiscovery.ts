import { parseHTML } from 'linkedom';
import { resolveWebUrl } from '../url/index.ts';

// Feed autodiscovery: the <link rel="alternate"> feeds a page advertises in its <head>.

export interface AdvertisedFeed {
  url: string;
  type: 'rss' | 'atom' | 'json';
  title: string | null;
}

const FEED_TYPES: Record<string, AdvertisedFeed['type']> = {
  'application/rss+xml': 'rss',
  'application/rdf+xml': 'rss',
  'application/atom+xml': 'atom',
  'application/feed+json': 'json',
  'application/json': 'json',
};

/** Comment feeds ("Comments on …", /comments/feed/) list discussion, not articles. */
const COMMENTS = /\bcomments?\b/i;

/** Feeds advertised by a page, in page order, without duplicates or comment feeds. */
export function advertisedFeeds(html: string, pageUrl: string): AdvertisedFeed[] {
  // Only the head matters; parsing a long body just to find it would be waste.
  const headEnd = html.search(/<\/head\s*>/i);
  const { document } = parseHTML(headEnd === -1 ? html : `${html.slice(0, headEnd)}</head><body></body></html>`);
  const baseHref = document.querySelector('base[href]')?.getAttribute('href');
  const base = resolveWebUrl(baseHref, pageUrl) ?? pageUrl;
  const feeds: AdvertisedFeed[] = [];
  const seen = new Set<string>();
  for (const link of document.querySelectorAll('link[href]')) {
    const rel = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    if (!rel.includes('alternate')) continue;
    const mime = (link.getAttribute('type') ?? '').toLowerCase().split(';')[0]!.trim();
    const type = FEED_TYPES[mime];
    if (!type) continue;
    const title = link.getAttribute('title')?.replace(/\s+/g, ' ').trim() || null;
    const href = link.getAttribute('href')!;
    // application/json alternates are feeds only when they say so (oEmbed and REST links use it too).
    if (mime === 'application/json' && !/feed/i.test(`${title ?? ''} ${href}`)) continue;
    if (COMMENTS.test(title ?? '') || /\/comments?\//i.test(href)) continue;
    const url = resolveWebUrl(href, base);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    feeds.push({ url, type, title });
  }
  return feeds;
}
