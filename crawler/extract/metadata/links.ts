import { resolveWebUrl } from '../../url/index.ts';
import type { FeedLink, FeedType } from '../types.ts';

/** The URL relative links resolve against: <base href> (itself relative to the page) or the page. */
export function baseUrlOf(bases: Element[], pageUrl: string): string {
  const href = bases.find((b) => b.hasAttribute('href'))?.getAttribute('href');
  return resolveWebUrl(href, pageUrl) ?? pageUrl;
}

function relTokens(link: Element): string[] {
  return (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

export function canonicalOf(links: Element[], base: string, ogUrl: string | null): string | null {
  for (const link of links) {
    if (relTokens(link).includes('canonical')) {
      const url = resolveWebUrl(link.getAttribute('href'), base);
      if (url) return url;
    }
  }
  return resolveWebUrl(ogUrl, base);
}

/** rel="icon" / "shortcut icon" first, then apple-touch-icon, then /favicon.ico at the site root. */
export function faviconOf(links: Element[], base: string, pageUrl: string): string | null {
  let touch: string | null = null;
  for (const link of links) {
    const rel = relTokens(link);
    const url = resolveWebUrl(link.getAttribute('href'), base);
    if (!url) continue;
    if (rel.includes('icon')) return url;
    if (!touch && (rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed'))) touch = url;
  }
  if (touch) return touch;
  return resolveWebUrl('/favicon.ico', pageUrl);
}

const FEED_TYPES: Record<string, FeedType> = {
  'application/rss+xml': 'rss',
  'application/rdf+xml': 'rss',
  'application/atom+xml': 'atom',
  'application/feed+json': 'json',
  'application/json': 'json',
};

export function feedsOf(links: Element[], base: string): FeedLink[] {
  const feeds: FeedLink[] = [];
  const seen = new Set<string>();
  for (const link of links) {
    if (!relTokens(link).includes('alternate')) continue;
    const type = FEED_TYPES[(link.getAttribute('type') ?? '').toLowerCase().split(';')[0].trim()];
    if (!type) continue;
    // application/json alternates are feeds only when they say so (oEmbed and REST links also use it).
    const title = link.getAttribute('title')?.replace(/\s+/g, ' ').trim() || null;
    if (type === 'json' && link.getAttribute('type')?.toLowerCase() === 'application/json' && !/feed/i.test(`${title ?? ''} ${link.getAttribute('href')}`)) continue;
    const url = resolveWebUrl(link.getAttribute('href'), base);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    feeds.push({ url, type, title });
  }
  return feeds;
}
