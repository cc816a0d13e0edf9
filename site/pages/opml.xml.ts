import type { APIRoute } from 'astro';
import { siteIndex, sourceHealth } from '../lib/site-data.ts';
import { siteOpml } from '../lib/opml.ts';

export const GET: APIRoute = async () => new Response(siteOpml(await siteIndex(), undefined, sourceHealth()), { headers: { 'Content-Type': 'text/x-opml; charset=utf-8' } });
