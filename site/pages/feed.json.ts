import type { APIRoute } from 'astro';
import { paths, siteIndex } from '../model/site-data.ts';
import { feedResponse } from '../outputs/feed-response.ts';

export const GET: APIRoute = async () => feedResponse(await siteIndex(), paths.root, 'json');
