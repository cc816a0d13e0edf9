import type { APIRoute } from 'astro';
import { documentAt } from '../../model/site-data.ts';

// Written by the build from its site index (site/model/pages/documents.ts).
export const GET: APIRoute = () => new Response(documentAt('stories/atom.xml'), { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } });
