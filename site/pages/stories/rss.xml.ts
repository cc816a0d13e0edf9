import type { APIRoute } from 'astro';
import { documentAt } from '../../model/site-data.ts';

// Written by the build from its site index (site/model/pages/documents.ts).
export const GET: APIRoute = () => new Response(documentAt('stories/rss.xml'), { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
