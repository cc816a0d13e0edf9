import type { APIRoute, GetStaticPaths } from 'astro';
import { documentAt, topicDocumentPaths } from '../../../model/site-data.ts';
import { latestJsonPath } from '../../../outputs/latest-json.ts';

// Written by the build from its site index (site/outputs/latest-json.ts, site/model/pages/documents.ts), for each topic.
export const getStaticPaths: GetStaticPaths = () => topicDocumentPaths('latest.json', 'data/');

export const GET: APIRoute = ({ params }) => new Response(documentAt(latestJsonPath({ slug: params.topic! })), { headers: { 'Content-Type': 'application/json' } });
