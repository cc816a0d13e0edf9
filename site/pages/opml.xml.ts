import type { APIRoute } from 'astro';
import { siteIndex, sourceHealth } from '../model/site-data.ts';
import { siteOpml } from '../outputs/opml.ts';

export const GET: APIRoute = async () => new Response(siteOpml(await siteIndex(), undefined, sourceHealth()), { headers: { 'Content-Type': 'text/x-opml; charset=utf-8' } });
