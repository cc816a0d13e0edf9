import { describe, expect, it } from 'vitest';
import { advertisedFeeds } from '../../crawler/discover/autodiscovery.ts';

describe('advertisedFeeds', () => {
  it('lists RSS, Atom and JSON Feed alternates in page order, resolved against <base>', () => {
    const html = `<!doctype html><html><head>
<base href="https://blog.example/en/">
<link rel="stylesheet" href="/style.css">
<link rel="alternate" type="application/rss+xml" title="Blog (RSS)" href="feed.xml">
<link rel="alternate" type="application/atom+xml" title="Blog (Atom)" href="/atom.xml">
<link rel="alternate" type="application/feed+json" href="https://blog.example/feed.json">
<link rel="alternate" hreflang="de" href="https://blog.example/de/">
</head><body><link rel="alternate" type="application/rss+xml" href="/body-feed.xml"></body></html>`;
    expect(advertisedFeeds(html, 'https://blog.example/')).toEqual([
      { url: 'https://blog.example/en/feed.xml', type: 'rss', title: 'Blog (RSS)' },
      { url: 'https://blog.example/atom.xml', type: 'atom', title: 'Blog (Atom)' },
      { url: 'https://blog.example/feed.json', type: 'json', title: null },
    ]);
  });

  it('skips comment feeds, duplicates, and application/json links that are not feeds', () => {
    const html = `<html><head>
<link rel="alternate" type="application/rss+xml" title="Site » Feed" href="/feed/">
<link rel="alternate" type="application/rss+xml" title="Site » Comments Feed" href="/comments/feed/">
<link rel="alternate" type="application/rss+xml" href="/feed/">
<link rel="alternate" type="application/json" href="/wp-json/wp/v2/pages/2">
<link rel="alternate" type="application/json" title="JSON Feed" href="/feed.json">
<link rel="ALTERNATE home" type="application/atom+xml; charset=utf-8" href="/atom">
</head></html>`;
    expect(advertisedFeeds(html, 'https://site.example/').map((f) => f.url)).toEqual([
      'https://site.example/feed/',
      'https://site.example/feed.json',
      'https://site.example/atom',
    ]);
  });

  it('finds nothing on a page without feeds', () => {
    expect(advertisedFeeds('<html><head><title>x</title></head><body>hi</body></html>', 'https://a.example/')).toEqual([]);
  });
});
