import type { APIRoute } from 'astro';
import { siteIndex } from '../../lib/site-data.ts';
import { storyFeedResponse } from '../../lib/feed-response.ts';

export const GET: APIRoute = async () => storyFeedResponse(await siteIndex(), 'rss');
