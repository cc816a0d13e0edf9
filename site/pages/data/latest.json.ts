import type { APIRoute } from 'astro';
import { documentAt } from '../../model/site-data.ts';
import { latestJsonPath } from '../../outputs/latest-json.ts';

// Written by the build from its site index (site/outputs/latest-json.ts, site/model/pages/documents.ts).
export const GET: APIRoute = () => new Response(documentAt(latestJsonPath()), { headers: { 'Content-Type': 'application/json' } });
