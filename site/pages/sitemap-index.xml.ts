import type { APIRoute } from 'astro';
import { siteIndex } from '../lib/site-data.ts';
import { sitemapFiles } from '../lib/sitemap-data.ts';
import { newestLastmod, sitemapIndexXml } from '../lib/sitemap.ts';

export const GET: APIRoute = async () => {
  const index = await siteIndex();
  const entries = sitemapFiles(index).map((file) => ({ loc: index.routes.absolute(index.routes.path(`sitemaps/${file.name}.xml`)), lastmod: newestLastmod(file.urls) }));
  return new Response(sitemapIndexXml(entries), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
