import { describe, expect, it } from 'vitest';
import { newestLastmod, sitemapIndexXml, sitemapXml, splitSitemaps, SITEMAP_LIMIT } from '../../site/outputs/sitemap.ts';

describe('splitSitemaps', () => {
  it('numbers files per group and splits at the limit', () => {
    const urls = (n: number) => Array.from({ length: n }, (_, i) => ({ loc: `https://a.example/${i}/` }));
    const files = splitSitemaps([{ name: 'topic-a', urls: urls(5) }, { name: 'site', urls: urls(0) }], 2);
    expect(files.map((f) => [f.name, f.urls.length])).toEqual([
      ['topic-a-1', 2],
      ['topic-a-2', 2],
      ['topic-a-3', 1],
      ['site-1', 0],
    ]);
    expect(SITEMAP_LIMIT).toBe(50_000);
    expect(splitSitemaps([{ name: 'big', urls: urls(SITEMAP_LIMIT + 1) }]).map((f) => f.urls.length)).toEqual([SITEMAP_LIMIT, 1]);
  });
});

describe('sitemap XML', () => {
  it('escapes locations and includes lastmod only when known', () => {
    const xml = sitemapXml([{ loc: 'https://a.example/?a=1&b=2', lastmod: '2024-03-05T10:00:00Z' }, { loc: 'https://a.example/x/' }]);
    expect(xml).toContain('<url><loc>https://a.example/?a=1&amp;b=2</loc><lastmod>2024-03-05T10:00:00Z</lastmod></url>');
    expect(xml).toContain('<url><loc>https://a.example/x/</loc></url>');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const index = sitemapIndexXml([{ loc: 'https://a.example/sitemaps/site-1.xml', lastmod: null }]);
    expect(index).toContain('<sitemap><loc>https://a.example/sitemaps/site-1.xml</loc></sitemap>');
    expect(newestLastmod([{ loc: 'a', lastmod: '2024-01-02T00:00:00Z' }, { loc: 'b', lastmod: '2024-03-01T00:00:00Z' }, { loc: 'c' }])).toBe('2024-03-01T00:00:00Z');
  });
});
