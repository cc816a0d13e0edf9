import type { APIRoute, GetStaticPaths } from 'astro';
import { staticPaths } from '../../model/site-data.ts';
import type { SitemapPageProps } from '../../model/pages/sitemap.ts';
import { sitemapXml } from '../../outputs/sitemap.ts';

export const getStaticPaths: GetStaticPaths = () => staticPaths<SitemapPageProps>('sitemap');

export const GET: APIRoute<SitemapPageProps> = ({ props }) => new Response(sitemapXml(props.urls), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
