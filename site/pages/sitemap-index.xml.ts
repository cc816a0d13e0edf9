import type { APIRoute } from 'astro';
import { siteIndex } from '../model/site-data.ts';
import { sitemapFiles } from '../outputs/sitemap-data.ts';
import { newestLastmod, sitemapIndexXml } from '../outputs/sitemap.ts';

export const GET: APIRoute = async () => {
  const index = await siteIndex();
  const entries = sitemapFiles(index).map((file) => ({ loc: index.routes.absolute(index.routes.path(`sitemaps/${file.name}.xml`)), lastmod: newestLastmod(file.urls) }));
  return new Response(sitemapIndexXml(entries), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
