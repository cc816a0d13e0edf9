import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../../crawler/discover/sitemap.ts';

const BASE = 'https://blog.example/sitemap.xml';

describe('parseSitemap', () => {
  it('reads a urlset: loc and lastmod per URL, dates as ISO, undated as null', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://blog.example/a</loc><lastmod>2026-03-01</lastmod><changefreq>daily</changefreq></url>
  <url>
    <loc>
      https://blog.example/b
    </loc>
    <lastmod>2026-03-02T10:30:00+02:00</lastmod>
  </url>
  <url><loc>https://blog.example/c</loc></url>
  <url><loc>https://blog.example/d</loc><lastmod>not a date</lastmod></url>
</urlset>`;
    const doc = parseSitemap(xml, BASE);
    expect(doc).toEqual({
      ok: true,
      type: 'urlset',
      entries: [
        { loc: 'https://blog.example/a', lastmod: '2026-03-01T00:00:00.000Z' },
        { loc: 'https://blog.example/b', lastmod: '2026-03-02T08:30:00.000Z' },
        { loc: 'https://blog.example/c', lastmod: null },
        { loc: 'https://blog.example/d', lastmod: null },
      ],
    });
  });

  it('reads a sitemap index', () => {
    const xml = `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://blog.example/sitemap-posts.xml</loc><lastmod>2026-03-05T00:00:00Z</lastmod></sitemap>
  <sitemap><loc>/sitemap-pages.xml</loc></sitemap>
</sitemapindex>`;
    const doc = parseSitemap(xml, BASE);
    expect(doc.ok && doc.type).toBe('index');
    expect(doc.ok && doc.entries).toEqual([
      { loc: 'https://blog.example/sitemap-posts.xml', lastmod: '2026-03-05T00:00:00.000Z' },
      { loc: 'https://blog.example/sitemap-pages.xml', lastmod: null },
    ]);
  });

  it('decodes entities and CDATA, skips comments, extension elements and non-http locs', () => {
    const xml = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <!-- <url><loc>https://blog.example/commented-out</loc></url> -->
  <url>
    <image:image><image:loc>https://cdn.example/picture.jpg</image:loc></image:image>
    <loc>https://blog.example/search?q=a&amp;page=2&#38;x=&#x31;</loc>
  </url>
  <url><loc><![CDATA[https://blog.example/raw?a=1&b=2]]></loc></url>
  <url><loc>mailto:someone@example.com</loc></url>
  <url><loc>javascript:alert(1)</loc></url>
</urlset>`;
    const doc = parseSitemap(xml, BASE);
    expect(doc.ok && doc.entries.map((e) => e.loc)).toEqual(['https://blog.example/search?q=a&page=2&x=1', 'https://blog.example/raw?a=1&b=2']);
  });

  it('accepts a namespace prefix on the sitemap elements', () => {
    const xml = `<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:url><sm:loc>https://blog.example/p</sm:loc><sm:lastmod>2026-01-01</sm:lastmod></sm:url></sm:urlset>`;
    const doc = parseSitemap(xml, BASE);
    expect(doc.ok && doc.entries).toEqual([{ loc: 'https://blog.example/p', lastmod: '2026-01-01T00:00:00.000Z' }]);
  });

  it('refuses a document that is not a sitemap', () => {
    expect(parseSitemap('<html><body>Not found</body></html>', BASE)).toMatchObject({ ok: false, code: 'E_SITEMAP_PARSE' });
    expect(parseSitemap('<rss version="2.0"><channel></channel></rss>', BASE)).toMatchObject({ ok: false });
  });

  it('reads a full-size sitemap (50,000 URLs) and keeps them all', () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => `<url><loc>https://blog.example/p/${i}</loc><lastmod>2026-02-${String((i % 28) + 1).padStart(2, '0')}</lastmod></url>`);
    const doc = parseSitemap(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${rows.join('\n')}\n</urlset>`, BASE);
    expect(doc.ok && doc.entries.length).toBe(50_000);
    expect(doc.ok && doc.entries[49_999]).toEqual({ loc: 'https://blog.example/p/49999', lastmod: '2026-02-20T00:00:00.000Z' });
  });
});
