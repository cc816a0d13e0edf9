import { describe, expect, it } from 'vitest';
import { extractPage } from '../../crawler/extract/index.ts';
import { fixture, page } from './helpers.ts';

const PAGE_URL = 'https://gazette.example.org/news/2024/03/harbour-bridge-reopens?utm_source=feed';

describe('relative URLs become absolute', () => {
  it('resolves image, favicon, canonical and feed links against the page URL', () => {
    const result = extractPage(fixture('news-article.html'), PAGE_URL);
    expect(result.image).toEqual({ url: 'https://gazette.example.org/media/bridge-1200.jpg', alt: 'The bridge at dawn, seen from the north quay' });
    expect(result.favicon).toBe('https://gazette.example.org/static/favicon-32.png');
    expect(result.canonicalUrl).toBe('https://gazette.example.org/news/2024/03/harbour-bridge-reopens');
    expect(result.feeds).toEqual([
      { url: 'https://gazette.example.org/feeds/news.rss', type: 'rss', title: 'Gazette: all news' },
      { url: 'https://feeds.example.org/city.atom', type: 'atom', title: 'Gazette: city' },
    ]);
  });

  it('resolves against <base href> when the page has one', () => {
    const head = [
      '<base href="/assets/">',
      '<meta property="og:image" content="lead.jpg">',
      '<link rel="shortcut icon" href="icon.ico">',
      '<link rel="alternate" type="application/feed+json" href="../feed.json" title="JSON Feed">',
    ].join('');
    const result = extractPage(page({ head }), 'https://blog.example.net/posts/42');
    expect(result.image?.url).toBe('https://blog.example.net/assets/lead.jpg');
    expect(result.favicon).toBe('https://blog.example.net/assets/icon.ico');
    expect(result.feeds).toEqual([{ url: 'https://blog.example.net/feed.json', type: 'json', title: 'JSON Feed' }]);
  });

  it('falls back to og:url for the canonical URL, and to /favicon.ico for the icon', () => {
    const result = extractPage(page({ head: '<meta property="og:url" content="//cdn.example.net/p/42">' }), 'https://blog.example.net/posts/42?ref=home');
    expect(result.canonicalUrl).toBe('https://cdn.example.net/p/42');
    expect(result.favicon).toBe('https://blog.example.net/favicon.ico');
  });

  it('prefers rel=icon to apple-touch-icon, and ignores javascript: and unparseable URLs', () => {
    const head = '<link rel="apple-touch-icon" href="/touch.png"><link rel="icon" href="/icon.svg"><link rel="canonical" href="javascript:void(0)">';
    const result = extractPage(page({ head }), 'https://blog.example.net/posts/42');
    expect(result.favicon).toBe('https://blog.example.net/icon.svg');
    expect(result.canonicalUrl).toBeNull();
    const touchOnly = extractPage(page({ head: '<link rel="apple-touch-icon" href="/touch.png">' }), 'https://blog.example.net/posts/42');
    expect(touchOnly.favicon).toBe('https://blog.example.net/touch.png');
  });

  it('lists only feed alternates, not translations or oEmbed JSON', () => {
    const head = [
      '<link rel="alternate" hreflang="de" href="/de/posts/42">',
      '<link rel="alternate" type="application/json+oembed" href="/oembed?url=x">',
      '<link rel="alternate" type="application/json" href="/wp-json/wp/v2/posts/42">',
      '<link rel="alternate" type="application/rss+xml" href="/feed/">',
    ].join('');
    const result = extractPage(page({ head }), 'https://blog.example.net/posts/42');
    expect(result.feeds).toEqual([{ url: 'https://blog.example.net/feed/', type: 'rss', title: null }]);
  });
});
