import type { APIRoute } from 'astro';
import { siteIndex } from '../../model/site-data.ts';
import { storyFeedResponse } from '../../outputs/feed-response.ts';

export const GET: APIRoute = async () => storyFeedResponse(await siteIndex(), 'json');
