import type { APIRoute } from 'astro';
import { siteIndex } from '../model/site-data.ts';
import { dailyFeed } from '../outputs/daily-feed.ts';

export const GET: APIRoute = async () => new Response(dailyFeed(await siteIndex(), 'rss'), { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
