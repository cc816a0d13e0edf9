import type { APIRoute } from 'astro';
import { paths, siteIndex } from '../lib/site-data.ts';
import { feedResponse } from '../lib/feed-response.ts';

export const GET: APIRoute = async () => feedResponse(await siteIndex(), paths.root, 'rss');
