import type { APIRoute, GetStaticPaths } from 'astro';
import { renders, siteIndex } from '../../model/site-data.ts';
import { sitemapFiles } from '../../outputs/sitemap-data.ts';
import { sitemapXml } from '../../outputs/sitemap.ts';

export const getStaticPaths: GetStaticPaths = async () =>
  sitemapFiles(await siteIndex())
    .filter((file) => renders('sitemap', file.name))
    .map((file) => ({ params: { name: file.name } }));

export const GET: APIRoute = async ({ params }) => {
  const file = sitemapFiles(await siteIndex()).find((f) => f.name === params.name)!;
  return new Response(sitemapXml(file.urls), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
