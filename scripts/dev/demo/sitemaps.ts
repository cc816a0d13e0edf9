// A sitemap index pointing to one posts sitemap, as most blog engines publish.
import { esc } from './html.ts';

export interface SitemapUrl {
  loc: string;
  lastmod: Date;
}

export function renderSitemapIndex(sitemaps: SitemapUrl[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${sitemaps.map((s) => `  <sitemap>\n    <loc>${esc(s.loc)}</loc>\n    <lastmod>${s.lastmod.toISOString()}</lastmod>\n  </sitemap>`).join('\n')}
</sitemapindex>
`;
}

export function renderUrlSet(urls: SitemapUrl[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `  <url>\n    <loc>${esc(u.loc)}</loc>\n    <lastmod>${u.lastmod.toISOString()}</lastmod>\n    <changefreq>monthly</changefreq>\n  </url>`).join('\n')}
</urlset>
`;
}
