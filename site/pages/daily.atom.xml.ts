import type { APIRoute } from 'astro';
import { siteIndex } from '../lib/site-data.ts';
import { dailyFeed } from '../lib/daily-feed.ts';

export const GET: APIRoute = async () => new Response(dailyFeed(await siteIndex(), 'atom'), { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } });
